import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../jobs/runner.js';
import { enqueueMessages } from '../notify/outbox.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { freePort } from '../../test/processes.js';
import { migrationsFolder, openDatabase, type Db } from './client.js';
import { knownMigrations, SchemaNewerError, unknownMigrations } from './schema-version.js';

/**
 * A database that carries a migration this build does not know (a newer release
 * migrated it) is refused at start, and a running process turns not-ready and stops writing:
 * writes answer 503 in the error shape, the outbox worker and the periodic jobs pause.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const known = knownMigrations(migrationsFolder);
const FUTURE = Math.max(...known) + 86_400_000;

const addFutureMigration = (db: Pick<Db, 'execute'>) => db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', ${FUTURE})`);
const removeFutureMigration = (db: Pick<Db, 'execute'>) => db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${FUTURE}`);

describe('a running process on a database a newer release migrated', () => {
  let t: TestContext;
  beforeAll(async () => void (t = await createTestApp()));
  afterAll(async () => {
    await removeFutureMigration(t.db);
    await t.close();
  });

  it('turns not-ready, answers writes with 503, pauses the outbox and the jobs; resumes when the schema is known again', async () => {
    expect(await t.app.schemaGuard.check()).toBe(true);
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    await enqueueMessages(t.db, [{ idempotencyKey: 'schema-test:1', kind: 'password_reset', channel: 'email', recipient: 'leitung@stadt.test', language: 'de', subject: 'Test', bodyText: 'Test' }]);

    await addFutureMigration(t.db);
    expect(await unknownMigrations(t.db, known)).toEqual([FUTURE]);
    expect(await t.app.schemaGuard.check()).toBe(false);

    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().reason).toMatch(/^The database carries 1 migration this version does not know/);
    const write = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'leitung@stadt.test', password: 'irgendein-passwort' } });
    expect(write.statusCode).toBe(503);
    expect(write.headers['retry-after']).toBe('30');
    expect(write.json()).toEqual({ statusCode: 503, code: 'UPGRADE_IN_PROGRESS', message: 'Der Dienst wird gerade aktualisiert. Bitte versuchen Sie es in einer Minute erneut.' });
    const english = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: { 'accept-language': 'en' }, payload: { email: 'leitung@stadt.test' } });
    expect(english.json().message).toBe('The service is being updated. Please try again in a minute.');
    // Reads go on.
    expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);

    // The outbox claims nothing, the jobs do not run.
    expect(await t.app.outbox.runOnce()).toBe(0);
    let rounds = 0;
    const jobs = startJobs(t.app, [{ name: 'probe', intervalMs: 50, run: async () => void rounds++ }]);
    await new Promise((r) => setTimeout(r, 300));
    expect(rounds).toBe(0);

    // Back to a known schema (the newer release was rolled back by a restore): everything resumes.
    await removeFutureMigration(t.db);
    expect(await t.app.schemaGuard.check()).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    await jobs.stop();
    expect(rounds).toBeGreaterThan(0);
    expect(await t.app.outbox.runOnce()).toBe(1);
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });
});

describe('starting on a database a newer release migrated', () => {
  let dir: string;
  beforeAll(() => void (dir = mkdtempSync(path.join(tmpdir(), 'kita-schema-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is refused with one line, by openDatabase and by the server process', async () => {
    const dataDir = path.join(dir, 'data');
    const first = await openDatabase({ dataDir });
    await addFutureMigration(first.db);
    await first.close();

    await expect(openDatabase({ dataDir })).rejects.toThrow(SchemaNewerError);
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repo,
      encoding: 'utf8',
      timeout: 150_000,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(await freePort()), LOG_LEVEL: 'warn', DATABASE_URL: 'embedded', DATA_DIR: dataDir, WEB_DIST_DIR: '/nonexistent' },
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^The database carries 1 migration this version does not know \(the newest from \d{4}-\d\d-\d\d\): a newer release has upgraded it\. Run that release, or restore the backup/)]);
  }, 200_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)('is refused on PostgreSQL too', async () => {
    const { freshDatabase } = await import('../../test/fresh-database.js');
    const fresh = await freshDatabase(process.env.TEST_DATABASE_URL!, 'kita_schema');
    try {
      const first = await openDatabase({ url: fresh.url });
      await addFutureMigration(first.db);
      await first.close();
      await expect(openDatabase({ url: fresh.url })).rejects.toThrow(/^The database carries 1 migration this version does not know/);
    } finally {
      await fresh.drop();
    }
  }, 60_000);
});
