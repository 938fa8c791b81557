import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { users } from '../db/schema.js';
import { hashPassword } from '../lib/passwords.js';
import { seedDemo } from '../seed/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { freePort } from '../../test/processes.js';
import { ServerProcess } from '../../test/server-process.js';
import { demoPasswordsLine, disableDemoPasswords } from './demo-logins.js';
import { LEGAL_ENV } from '../../test/legal-env.js';

/**
 * No published logins in production. An embedded database that an earlier version
 * filled with the demo data (it did so in production, too) is started in production: the README's
 * passwords no longer log in, and the start says so in one line.
 */
const login = (t: TestContext, email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('disableDemoPasswords', () => {
  let t: TestContext;
  beforeAll(async () => void (t = await createTestApp()));
  afterAll(async () => t.close());

  it('removes a demo password from every Admin and every .example account, keeps everything else', async () => {
    const add = async (email: string, role: 'Admin' | 'KitaManager', password: string) =>
      (await t.db.insert(users).values({ name: email, email, role, passwordHash: await hashPassword(password) }).returning({ id: users.id }))[0]!.id;
    const renamedAdmin = await add('it@stadt.test', 'Admin', 'demo-admin-1');
    const demoManager = await add('manager@kita.example', 'KitaManager', 'demo-manager-1');
    await add('leitung@stadt.test', 'Admin', 'Ein-eigenes-Passwort-2026');
    await add('test@kita.example', 'KitaManager', 'Ein-eigenes-Passwort-2026');
    expect((await login(t, 'it@stadt.test', 'demo-admin-1')).statusCode).toBe(200);

    const hits = await disableDemoPasswords(t.db, t.clock.now());
    expect(hits.map((h) => h.id).sort()).toEqual([renamedAdmin, demoManager].sort());
    expect(demoPasswordsLine(hits)).toMatch(/^disabled the published demo password of 2 accounts \((1 Admin, 1 KitaManager|1 KitaManager, 1 Admin)\)/);
    expect((await login(t, 'it@stadt.test', 'demo-admin-1')).statusCode).toBe(401);
    expect((await login(t, 'manager@kita.example', 'demo-manager-1')).statusCode).toBe(401);
    expect((await login(t, 'leitung@stadt.test', 'Ein-eigenes-Passwort-2026')).statusCode).toBe(200);
    expect((await login(t, 'test@kita.example', 'Ein-eigenes-Passwort-2026')).statusCode).toBe(200);
    // The accounts stay; a second start finds nothing more.
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, renamedAdmin))).toHaveLength(1);
    expect(await disableDemoPasswords(t.db, t.clock.now())).toEqual([]);
  });
});

describe('a production start on an embedded database with the demo data of an earlier version', () => {
  let dir: string;
  let server: ServerProcess | undefined;
  beforeAll(() => void (dir = mkdtempSync(path.join(tmpdir(), 'kita-demo-'))));
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('disables the README\'s logins and says so in one line', async () => {
    const dataDir = path.join(dir, 'data');
    const earlier = await openDatabase({ dataDir });
    await seedDemo(earlier.db, new Date());
    await earlier.close();

    const port = await freePort();
    server = await ServerProcess.start(
      {
        NODE_ENV: 'production', ...LEGAL_ENV,
        DATABASE_URL: 'embedded',
        DATA_DIR: dataDir,
        JWT_SECRET: 'e5b8a2d7c4f1093e6a2b5c8d1f4e7a0b3c6d9e2f',
        PUBLIC_URL: 'https://kita.stadt-test.de',
        SMTP_FROM: 'no-reply@stadt-test.de',
        FAQ_URL: 'https://stadt-test.de/faq',
        SMTP_URL: 'smtp://127.0.0.1:1',
        TWILIO_ACCOUNT_SID: 'ACtest',
        TWILIO_AUTH_TOKEN: 'x',
        TWILIO_FROM: '+4915700000000',
      },
      port,
    );
    for (const [email, password] of [['admin@kita.example', 'demo-admin-1'], ['manager@kita.example', 'demo-manager-1']]) {
      const res = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
      expect(res.status).toBe(401);
    }
    const parent = await fetch(`${server.baseUrl}/api/auth/login-with-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'eltern@kita.example', password: 'demo-parent-1' }),
    });
    expect(parent.status).toBe(401);
    const lines = server.output.split('\n').filter((l) => l.includes('published demo password'));
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { level: number; msg: string; pid: number; hostname: string };
    expect(line).toMatchObject({ level: 40, pid: server.child.pid, hostname: expect.any(String) });
    expect(line.msg).toMatch(/^disabled the published demo password of \d+ accounts \(/);
    for (const part of ['1 Admin', '1 KitaManager', ' Parent']) expect(line.msg).toContain(part);
  }, 240_000);
});
