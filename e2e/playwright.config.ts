import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the real server (embedded PGlite, demo seed) on a
 * fresh data folder. `npm test -w @kita/e2e` (run.mjs) builds the web app first and checks for
 * a browser; `npx playwright test` from this folder runs against the current apps/web/dist.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');

function findChromium(): string | undefined {
  const candidates = [process.env.CHROME_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'];
  return candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate));
}

// One server per worker (E2E_WORKERS, default 2), each on its own port (E2E_PORT + worker index)
// with its own data folder and demo seed: workers share nothing, so the specs need not know about
// each other. tests/support.ts points each worker's `baseURL` at its own server.
const port = Number(process.env.E2E_PORT || 3100);
// The stand-in for the browsers' push services (apps/server/test/push-service.ts), one for all
// workers: the servers may send to it (PUSH_SERVICE_HOSTS), push.spec.ts reads what arrived.
const pushPort = Number(process.env.E2E_PUSH_PORT || port + 50);
process.env.E2E_PUSH_PORT = String(pushPort);
// A shared E2E_DATABASE_URL would be one database for all servers: then one worker.
const workers = process.env.E2E_DATABASE_URL ? 1 : Number(process.env.E2E_WORKERS || 2);
process.env.E2E_PORT = String(port);

// Created once in the runner process (unless run.mjs passed one); workers inherit the variable and
// so reuse the same folder. The runner removes it when it exits, after the servers have stopped.
if (!process.env.E2E_DATA_DIR) {
  const created = mkdtempSync(path.join(tmpdir(), 'kita-e2e-'));
  process.env.E2E_DATA_DIR = created;
  process.on('exit', () => rmSync(created, { recursive: true, force: true }));
}
const dataDir = process.env.E2E_DATA_DIR;

// Playwright starts the servers with this process's environment plus `env`. The caller's own
// DATABASE_URL must not point the test servers at a real database: only E2E_DATABASE_URL does.
delete process.env.DATABASE_URL;
function server(index: number) {
  const url = `http://localhost:${port + index}`;
  // development: the demo data and the dev mailbox (loopback only) exist only there.
  const env: Record<string, string> = {
    PORT: String(port + index),
    DATA_DIR: path.join(dataDir, `server-${index}`),
    PUBLIC_URL: url,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    // Every spec registers families from this one machine; the default (10 an hour per client)
    // would refuse the later ones of a worker's run.
    REGISTRATION_PER_CLIENT_PER_HOUR: '200',
    // Subscriptions of the browser tests point at the local push stand-in.
    PUSH_SERVICE_HOSTS: '127.0.0.1',
    // The operator's details the legal pages are filled from (the demo's town).
    LEGAL_OPERATOR: 'Stadt Musterstadt, Jugendamt, Marktplatz 1, 12345 Musterstadt',
    LEGAL_REPRESENTATIVE: 'Oberbürgermeisterin Erika Muster',
    LEGAL_CONTACT: 'kita-notbetreuung@musterstadt.example',
    LEGAL_DPO: 'Datenschutzbeauftragte der Stadt Musterstadt, datenschutz@musterstadt.example',
    LEGAL_SUPERVISORY_AUTHORITY: 'Landesbeauftragte für Datenschutz, Musterstraße 1, 12345 Landeshauptstadt',
    LEGAL_PROCESSORS: 'Rechenzentrum Musterstadt (Server und Datenbank)',
    LEGAL_ENFORCEMENT_BODY: 'Schlichtungsstelle nach dem Landesbehindertengleichstellungsgesetz',
  };
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  return {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `${url}/api/health`,
    env,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

/** The specs with the longest tests (about 15 to 90 s each). */
const JOURNEYS = ['accounts', 'delivery', 'events', 'parents', 'results', 'structure'].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  // Tests, not files, are spread over the workers (a describe.serial block stays together): the
  // long journeys (delivery, results, structure) start early instead of queueing behind a file.
  fullyParallel: true,
  workers,
  // One retry under CI: on a loaded 2-core machine an animation can outlast a wait; a retried pass is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // baseURL: per worker, in tests/support.ts.
    testIdAttribute: 'data-qa',
    screenshot: 'only-on-failure',
    trace: 'off',
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    launchOptions: {
      executablePath: findChromium(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Two projects with the same settings, only for the order: Playwright hands out tests in project
  // order, so the long journeys start first and the short screen checks fill the gaps at the end.
  projects: [
    { name: 'journeys', testMatch: JOURNEYS, use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
    { name: 'screens', testIgnore: JOURNEYS, use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    ...Array.from({ length: workers }, (_, index) => server(index)),
    {
      command: `node --import tsx apps/server/test/push-service.ts --port ${pushPort}`,
      cwd: repoRoot,
      url: `http://127.0.0.1:${pushPort}/messages`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    },
  ],
});
