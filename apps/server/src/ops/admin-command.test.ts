import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { freshDatabase, type FreshDatabase } from '../../test/fresh-database.js';
import { LEGAL_ENV } from '../../test/legal-env.js';
import { vapidPublicKeyOf } from '../config.js';

/**
 * The first Admin without SQL. `admin create` prints a one-time link; the password
 * chosen there logs in as Admin; `admin reset` ends the old password and prints a new link. On the
 * embedded database and on PostgreSQL, through the real command as its own process.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const pgUrl = process.env.TEST_DATABASE_URL;

const SECRET = 'b1e0c7d94f2a8e63c5d71f0a9b4e2c8d6f1a3e5b7c9d0f2a4c6e8b0d2f4a6c8e';
// The command runs on the same clock as this test: where CI moves the system clock with
// libfaketime, its variables go to the child too (else the link it signs expires by this clock).
const faketime = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => (k === 'LD_PRELOAD' || k.startsWith('FAKETIME')) && v !== undefined)) as Record<string, string>;
const productionEnv = (db: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  ...faketime,
  NODE_ENV: 'production', ...LEGAL_ENV,
  JWT_SECRET: SECRET,
  PUBLIC_URL: 'https://kita.stadt-test.de',
  SMTP_FROM: 'Kita Notbetreuung <no-reply@stadt-test.de>',
  FAQ_URL: 'https://www.stadt-test.de/kita-faq',
  ...db,
});

function admin(args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/admin.ts', ...args], { cwd: repo, env, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function linkToken(stdout: string): string {
  const link = /https:\/\/kita\.stadt-test\.de\/reset-password\?token=([\w-]+)/.exec(stdout);
  expect(link, stdout).not.toBeNull();
  return link![1]!;
}

/** The app on the same database: sets the password through the link's page API, then logs in. */
async function setPasswordAndLogin(db: { url?: string; dataDir?: string }, token: string, email: string, password: string) {
  const database = await openDatabase(db);
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url ?? 'embedded', DATA_DIR: db.dataDir ?? '', JWT_SECRET: SECRET, PUBLIC_URL: 'https://kita.stadt-test.de', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, logger: false, serveWeb: false });
  try {
    const before = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    const set = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: password, confirmPassword: password } });
    const again = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: password, confirmPassword: password } });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    const me = login.statusCode === 200 ? await app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${login.json().data.token}` } }) : null;
    return { before: before.statusCode, set: set.statusCode, again: again.statusCode, login: login.statusCode, role: me?.json().data?.role ?? login.json().data?.user?.role };
  } finally {
    await app.close();
    await database.close();
  }
}

describe('admin command on the embedded database', () => {
  let dir: string;
  beforeAll(() => void (dir = mkdtempSync(path.join(tmpdir(), 'kita-admin-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('create -> link -> password -> login as Admin; reset ends the old password and gives a new link', async () => {
    const env = productionEnv({ DATABASE_URL: 'embedded', DATA_DIR: path.join(dir, 'data') });
    const created = admin(['create', '--email', 'Leitung@Stadt-Test.de', '--name', 'Erste Admin'], env);
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('Admin created: Erste Admin <leitung@stadt-test.de>');
    expect(created.stdout).toMatch(/within 24 hours/);
    const first = await setPasswordAndLogin({ dataDir: path.join(dir, 'data') }, linkToken(created.stdout), 'leitung@stadt-test.de', 'Kita-Start-2026-Leitung');
    expect(first).toMatchObject({ before: 401, set: 200, again: 400, login: 200, role: 'Admin' });

    // Twice the same address: one line, nothing changed.
    const twice = admin(['create', '--email', 'leitung@stadt-test.de', '--name', 'Noch eine'], env);
    expect(twice.status).toBe(1);
    expect(twice.stderr.trim()).toMatch(/^An account with the e-mail leitung@stadt-test\.de exists already; .*admin reset --email/);
    expect(twice.stderr.trim().split('\n')).toHaveLength(1);

    const reset = admin(['reset', '--email', 'leitung@stadt-test.de'], env);
    expect(reset.status).toBe(0);
    const second = await setPasswordAndLogin({ dataDir: path.join(dir, 'data') }, linkToken(reset.stdout), 'leitung@stadt-test.de', 'Neues-Passwort-fuer-die-Leitung');
    // The old password stopped working at the reset (before = 401 with the new one, which was not set yet).
    expect(second).toMatchObject({ before: 401, set: 200, login: 200, role: 'Admin' });

    const unknown = admin(['reset', '--email', 'niemand@stadt-test.de'], env);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr.trim()).toBe('No Admin with the e-mail niemand@stadt-test.de (`admin create` makes one)');
  }, 300_000);

  it('refuses with one line naming the holder while a process holds the folder', async () => {
    const dataDir = path.join(dir, 'held');
    const held = await openDatabase({ dataDir });
    try {
      const r = admin(['create', '--email', 'a@stadt-test.de', '--name', 'A'], productionEnv({ DATABASE_URL: 'embedded', DATA_DIR: dataDir }));
      expect(r.status).toBe(1);
      expect(r.stderr.trim()).toMatch(new RegExp(`^The embedded database in ${dataDir} is in use by process ${process.pid} \\(app\\) on .*one process per embedded database`));
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      await held.close();
    }
  }, 120_000);

  it('explains its usage and refuses bad input with one line', () => {
    const env = productionEnv({ DATABASE_URL: 'embedded', DATA_DIR: path.join(dir, 'data') });
    expect(admin([], env)).toMatchObject({ status: 2, stderr: expect.stringContaining('usage: admin create --email') });
    expect(admin(['create', '--email', 'x@stadt-test.de'], env)).toMatchObject({ status: 1, stderr: '--name is required\n' });
    expect(admin(['create', '--email', 'kein-mail', '--name', 'X'], env)).toMatchObject({ status: 1, stderr: '--email: "kein-mail" is not an e-mail address\n' });
  }, 120_000);

  it('prints a new VAPID key pair for web push, without any setting or database', () => {
    const r = admin(['vapid-keys'], { PATH: process.env.PATH ?? '' });
    expect(r.status).toBe(0);
    const [pub, priv] = r.stdout.trim().split('\n');
    expect(pub).toMatch(/^VAPID_PUBLIC_KEY=B[A-Za-z0-9_-]{86}$/);
    expect(priv).toMatch(/^VAPID_PRIVATE_KEY=[A-Za-z0-9_-]{43}$/);
    expect(vapidPublicKeyOf(priv!.split('=')[1]!)).toBe(pub!.split('=')[1]);
  }, 120_000);
});

describe.skipIf(!pgUrl)('admin command on PostgreSQL', () => {
  let db: FreshDatabase;
  beforeAll(async () => void (db = await freshDatabase(pgUrl!, 'kita_admin')));
  afterAll(async () => db?.drop());

  it('create -> link -> password -> login as Admin', async () => {
    const env = productionEnv({ DATABASE_URL: db.url });
    const created = admin(['create', '--email', 'it@stadt-test.de', '--name', 'IT Stadt', '--language', 'en'], env);
    expect(created.stderr).toBe('');
    expect(created.status).toBe(0);
    expect(created.stdout).toContain(`Admin created: IT Stadt <it@stadt-test.de> (postgres://postgres@`);
    const result = await setPasswordAndLogin({ url: db.url }, linkToken(created.stdout), 'it@stadt-test.de', 'Kita-Start-2026-Leitung');
    expect(result).toMatchObject({ before: 401, set: 200, again: 400, login: 200, role: 'Admin' });
  }, 120_000);
});
