import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type FreshDatabase } from '../../test/fresh-database.js';
import { freePort, rssMb, startProcess, type Started } from '../../test/processes.js';
import { LEGAL_ENV } from '../../test/legal-env.js';

/**
 * The layout the Dockerfile builds, without a container engine: a clean folder with the package
 * manifests, `npm ci --omit=dev` for the server workspace, the compiled server, plain `node`.
 * It installs from the npm cache, so it runs in the PostgreSQL pass (`npm run test:db`, .ci/run).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe.skipIf(!adminUrl)('the compiled server from a clean folder with production dependencies only', () => {
  let dir: string;
  let db: FreshDatabase;
  let server: Started;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'kita-deploy-'));
    // Compiled straight into the clean folder (never into the shared apps/server/dist other test files use).
    execFileSync(process.execPath, ['scripts/build-server.mjs', path.join(dir, 'apps/server/dist')], { cwd: repo, stdio: 'pipe' });
    for (const f of ['package.json', 'package-lock.json', 'packages/shared/package.json', 'apps/server/package.json', 'apps/web/package.json', 'e2e/package.json']) {
      mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      cpSync(path.join(repo, f), path.join(dir, f));
    }
    execFileSync('npm', ['ci', '--omit=dev', '--workspace', '@kita/server', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, stdio: 'pipe' });
    db = await freshDatabase(adminUrl!, 'kita_deploy');
    port = await freePort();
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('has no development tooling installed', () => {
    for (const dev of ['tsx', 'vite', 'vitest', 'typescript', 'esbuild', 'pino-pretty']) expect(existsSync(path.join(dir, 'node_modules', dev))).toBe(false);
  });

  it('starts with plain node under NODE_ENV=production, without demo data or dev mailbox whatever SEED_DEMO says', async () => {
    server = await startProcess({
      args: ['apps/server/dist/main.js'],
      cwd: dir,
      port,
      readyPath: '/api/health/ready',
      timeoutMs: 150_000,
      env: {
        NODE_ENV: 'production', ...LEGAL_ENV,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: db.url,
        JWT_SECRET: 'd8c4a1f09e7b35c2a6f1e0d9b8c7a5f3e2d1c0b9a8f7e6d5',
        PUBLIC_URL: 'https://kita.example.org',
        SMTP_FROM: 'Kita Notbetreuung <no-reply@stadt-test.de>',
        FAQ_URL: 'https://www.stadt-test.de/kita-faq',
        SMTP_URL: 'smtp://127.0.0.1:1',
        TWILIO_ACCOUNT_SID: 'ACtest',
        TWILIO_AUTH_TOKEN: 'x',
        TWILIO_FROM: '+4915700000000',
        SEED_DEMO: 'always',
        DATA_DIR: '',
      },
    });
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@kita.example', password: 'demo-admin-1' }),
    });
    expect(login.status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${port}/api/dev/messages`)).status).toBe(404);
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(await metrics.text()).toContain('kita_outbox_pending 0');
    const startLine = server.output().split('\n').find((l) => l.includes('Kita Notbetreuung started'))!;
    expect(JSON.parse(startLine)).toMatchObject({ nodeEnv: 'production', devMailbox: 'off', demoData: 'off', trustProxy: false, jwtSecret: 'JWT_SECRET' });
    expect(server.output()).toContain('SEED_DEMO=always is ignored in production');
    // Start to first 200 includes migrating the empty database; RSS once idle.
    await new Promise((r) => setTimeout(r, 1000));
    console.log(`compiled server: ready after ${Math.round(server.readyMs)} ms (empty database, migrations included), RSS at idle ${await rssMb(server.child.pid!)} MB`);
    expect(await server.stop()).toBe(0);
  }, 240_000);

  it('creates the first Admin with plain node (dist/admin.js) and prints the one-time link', async () => {
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(process.execPath, ['apps/server/dist/admin.js', 'create', '--email', 'it@stadt-test.de', '--name', 'IT Stadt'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production', ...LEGAL_ENV,
        DATABASE_URL: db.url,
        JWT_SECRET: 'd8c4a1f09e7b35c2a6f1e0d9b8c7a5f3e2d1c0b9a8f7e6d5',
        PUBLIC_URL: 'https://kita.example.org',
        SMTP_FROM: 'Kita Notbetreuung <no-reply@stadt-test.de>',
        FAQ_URL: 'https://www.stadt-test.de/kita-faq',
      },
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Admin created: IT Stadt <it@stadt-test\.de>/);
    expect(r.stdout).toMatch(/\n {2}https:\/\/kita\.example\.org\/reset-password\?token=[\w-]{22}\n$/);
  }, 90_000);

  it('stops with one clear line when the database is unreachable', async () => {
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(process.execPath, ['apps/server/dist/main.js'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 120_000,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', PORT: String(port), DATABASE_URL: 'postgres://kita:geheim@127.0.0.1:1/kita', JWT_SECRET: 'c4f1e9a07b3d52e8a6f0d19b7c2e4a8f5b3d0e6c' },
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split('\n').at(-1)).toMatch(/^Database unreachable at postgres:\/\/kita@127\.0\.0\.1:1\/kita: ECONNREFUSED/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr + r.stdout).not.toContain('geheim');
  }, 150_000);
});
