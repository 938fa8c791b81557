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

// The server serves apps/web/dist: build it so the tests see the current web code.
if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync(npm, ['run', 'build', '-w', '@kita/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'kita-e2e-'));
const result = spawnSync(npx, ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: here,
  stdio: 'inherit',
  env: { ...process.env, CHROME_PATH: chromium, E2E_DATA_DIR: dataDir },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
