import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import * as schema from '../db/schema.js';
import { isDatabaseUnavailable } from '../lib/db-errors.js';
import { testConfig } from '../../test/app.js';

/**
 * With PostgreSQL on a Unix socket (Debian's default) a stopped server means a
 * missing socket file: ENOENT on connect. A request then answers 503 in the error shape, not 500.
 * The pool below points at a socket folder without a server, so every connect fails that way.
 */
describe('a request while PostgreSQL (on a Unix socket) is down', () => {
  let dir: string;
  let pool: pg.Pool;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'kita-nosocket-'));
    pool = new pg.Pool({ host: dir, port: 5432, user: 'postgres', database: 'kita', connectionTimeoutMillis: 2000 });
  });
  afterAll(async () => {
    await pool.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is a database outage for the error handler', async () => {
    const err = await pool.query('select 1').catch((e: unknown) => e);
    expect((err as NodeJS.ErrnoException).code).toBe('ENOENT');
    expect(isDatabaseUnavailable(err)).toBe(true);
    // A missing file elsewhere (not a connect) stays a fault.
    expect(isDatabaseUnavailable(Object.assign(new Error('no such file'), { code: 'ENOENT', syscall: 'open' }))).toBe(false);
  });

  it('answers 503 DATABASE_UNAVAILABLE in the error shape', async () => {
    const database: Database = { db: drizzle(pool, { schema }), kind: 'postgres', exec: async () => undefined, close: async () => undefined };
    const app = await buildApp({ config: testConfig(), database, logger: false, serveWeb: false });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'leitung@stadt.test', password: 'irgendein-passwort' } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toMatchObject({ statusCode: 503, code: 'DATABASE_UNAVAILABLE' });
      expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});
