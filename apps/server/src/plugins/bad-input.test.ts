import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@kita/shared';
import { buildApp } from '../app.js';
import { kitas } from '../db/schema.js';
import { createTestApp, testConfig, type TestContext } from '../../test/app.js';
import { openTestDatabase } from '../../test/database.js';
import { authHeader, createKita, createParent, createStaff } from '../../test/factories.js';

/**
 * NUL bytes and lone surrogates gave 500s (and the log then carried the
 * failed statement's values); Fastify's and Node's own errors were outside the error shape.
 */
let t: TestContext;
let admin: Record<string, string>;
let manager: Record<string, string>;
let kitaId: string;
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp({ env: { NODE_ENV: 'development' } });
  const k = await createKita(t.db);
  kitaId = k.kita.id;
  categoryId = k.kindergarten.id;
  admin = await authHeader(t.app, (await createStaff(t.db, 'Admin')).id);
  manager = await authHeader(t.app, (await createStaff(t.db, 'KitaManager', kitaId)).id);
});
afterAll(async () => t.close());

const BAD = { nul: 'Kita\u0000Sonne', loneHigh: 'Kita \uD800 Sonne', loneLow: 'Kita \uDC00 Sonne' };

function expectErrorShape(res: { statusCode: number; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(errorBodySchema.safeParse(JSON.parse(res.body)).success, res.body).toBe(true);
}

describe('NUL and unpaired surrogates in free text', () => {
  for (const [name, value] of Object.entries(BAD)) {
    it(`${name}: 400 in the error shape on every write that failed, nothing stored`, async () => {
      const before = await t.db.select().from(kitas);
      const cases = [
        await t.app.inject({ method: 'POST', url: '/api/kitas', headers: admin, payload: { kitaName: value, location: 'Berlin' } }),
        await t.app.inject({ method: 'POST', url: '/api/kitas', headers: admin, payload: { kitaName: 'Kita', location: 'Berlin', description: value } }),
        await t.app.inject({ method: 'PUT', url: `/api/kitas/${kitaId}`, headers: admin, payload: { kitaName: value, location: 'Berlin' } }),
        await t.app.inject({ method: 'POST', url: '/api/emergency-event', headers: manager, payload: { kitaId, categoryId, eventType: 'immediate', description: value } }),
      ];
      const { parent } = await createParent(t.db, kitaId, { status: 'registered', isActive: false });
      cases.push(await t.app.inject({ method: 'POST', url: `/api/parents/${parent.id}/reject`, headers: manager, payload: { message: value } }));
      // A lone surrogate has no UTF-8 form, so it cannot travel in a URL; NUL can.
      if (name === 'nul') cases.push(await t.app.inject({ method: 'GET', url: '/api/dev/messages?recipient=a%00b' }));
      for (const res of cases) {
        expectErrorShape(res, 400);
        expect(res.json().code).toBe('VALIDATION_FAILED');
      }
      expect(await t.db.select().from(kitas)).toEqual(before);
    });
  }

  it('the message names the reason in the caller language', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/kitas', headers: { ...admin, 'accept-language': 'en' }, payload: { kitaName: BAD.nul, location: 'Berlin' } });
    expect(res.json().details).toEqual([{ path: 'kitaName', message: 'Contains characters that are not allowed (e.g. a null character)' }]);
  });

  it('every contract uses the one text() helper (no bare z.string() in packages/shared)', () => {
    const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../packages/shared/src');
    const offenders = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'validation.ts')
      .filter((f) => /\bz\.string\(/.test(readFileSync(path.join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

describe('framework and client errors in the error shape', () => {
  it('malformed percent-encoding: 400', async () => {
    expectErrorShape(await t.app.inject({ url: '/api/kitas/%E0%A4%A' }), 400);
  });

  it('a path parameter longer than the router allows: 414', async () => {
    const res = await t.app.inject({ url: `/api/kitas/${'a'.repeat(300)}` });
    expectErrorShape(res, 414);
    expect(res.json().code).toBe('URI_TOO_LONG');
  });

  it('16 KB of query string (headers too large): 431, and a broken request line: 400', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/api/kitas?q=${'x'.repeat(17_000)}`);
    const body = await res.text();
    expect(res.status).toBe(431);
    expect(errorBodySchema.safeParse(JSON.parse(body)).success, body).toBe(true);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GARBAGE \u0001 / HTTP/1.1\r\n\r\n'));
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1.1 400/);
    expect(errorBodySchema.safeParse(JSON.parse(raw.split('\r\n\r\n')[1]!)).success, raw).toBe(true);
  });
});

describe('database errors in the log', () => {
  it('are logged without the values of the failed statement', async () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, cb) => void (lines.push(String(chunk)), cb()) });
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: { level: 'error', stream }, serveWeb: false });
    // Outside /api: the route guard (route-guard.ts) refuses an unguarded API route.
    app.get('/probe-db-error', async () => {
      await app.db.execute(sql`select ${'Geheim-Passwort-4711@familie.example'}::int`);
      return {};
    });
    await app.ready();
    const res = await app.inject({ url: '/probe-db-error' });
    await app.close();
    await database.close();
    expect(res.statusCode).toBe(500);
    const log = lines.join('\n');
    expect(log).toContain('unhandled error');
    expect(log).toContain('select $1::int');
    expect(log).not.toContain('Geheim-Passwort-4711');
  }, 120_000);
});
