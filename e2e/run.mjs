// Entry of `npm test -w @kita/e2e`: builds the web app, checks for Chromium, runs Playwright.
// Without a browser it warns loudly and skips (exit 0), except under CI=true where that fails.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const candidates = [process.env.CHROME_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].filter(Boolean);
const chromium = candidates.find((candidate) => existsSync(candidate));

if (!chromium) {
  const line = '!'.repeat(78);
  console.error(`\n${line}\n!! No Chromium found (looked at: ${candidates.join(', ')}).`);
  console.error('!! The browser end-to-end tests were NOT run. Install Debian\'s `chromium` or set CHROME_PATH.');
  console.error(`${line}\n`);
  process.exit(process.env.CI === 'true' ? 1 : 0);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const dataDir = mkdtempSync(path.join(tmpdir(), 'kita-e2e-'));
const env = { ...process.env, CHROME_PATH: chromium, E2E_DATA_DIR: dataDir };

// Build the current web code into a private folder that the test server serves (WEB_DIST_DIR), so
// a rebuild of apps/web/dist by someone else during the run cannot change the files under test.
// E2E_SKIP_BUILD=1 serves the existing apps/web/dist instead.
if (process.env.E2E_SKIP_BUILD !== '1') {
  const webDist = path.join(dataDir, 'web');
  const build = spawnSync(npm, ['run', 'build', '-w', '@kita/web', '--', '--outDir', webDist, '--emptyOutDir'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  env.WEB_DIST_DIR = webDist;
}

// The server's database goes into its own subfolder of the same temporary folder.
env.E2E_DATA_DIR = path.join(dataDir, 'db');
const result = spawnSync(npx, ['playwright', 'test', ...process.argv.slice(2)], { cwd: here, stdio: 'inherit', env });
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
