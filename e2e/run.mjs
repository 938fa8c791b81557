// Entry of `npm test -w @kita/e2e`: builds the web app (or reuses a build of the same sources),
// checks for Chromium, runs Playwright. Without a browser it warns loudly and skips (exit 0),
// except under CI=true where that fails. `node run.mjs --build-only` only builds (CI starts the
// build early, beside other steps).
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const args = process.argv.slice(2);
const buildOnly = args.includes('--build-only');

/**
 * A hash over everything the web build reads: the sources of apps/web and packages/shared (not
 * their node_modules or dist), the lockfile (tool and library versions) and the base tsconfig.
 */
function webSourcesKey() {
  const hash = createHash('sha256');
  const skip = new Set(['node_modules', 'dist', '.cache']);
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      if (skip.has(name)) continue;
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else hash.update(path.relative(repoRoot, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  };
  walk(path.join(repoRoot, 'apps/web'));
  walk(path.join(repoRoot, 'packages/shared'));
  for (const file of ['package-lock.json', 'tsconfig.base.json']) hash.update(file).update('\0').update(readFileSync(path.join(repoRoot, file)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The production build of the current web sources, in a folder of its own that nothing else
 * writes to (a rebuild of apps/web/dist by someone else during the run cannot change the files
 * under test). The folder is named by the sources' hash and reused while they stay the same; a
 * build goes to a temporary name first and is renamed when complete, so a half-built folder is
 * never served. The three newest builds are kept.
 */
function webBuild() {
  const cache = path.join(repoRoot, 'node_modules/.cache/kita-e2e-web');
  const dir = path.join(cache, webSourcesKey());
  if (existsSync(dir)) {
    utimesSync(dir, new Date(), new Date()); // recently used: kept
    console.log(`e2e: reusing the web build of these sources (${path.relative(repoRoot, dir)})`);
    return dir;
  }
  mkdirSync(cache, { recursive: true });
  const partial = `${dir}.partial-${randomBytes(4).toString('hex')}`;
  const build = spawnSync(npm, ['run', 'build', '-w', '@kita/web', '--', '--outDir', partial, '--emptyOutDir'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) {
    rmSync(partial, { recursive: true, force: true });
    process.exit(build.status ?? 1);
  }
  if (existsSync(dir)) rmSync(partial, { recursive: true, force: true }); // a parallel run was quicker
  else renameSync(partial, dir);
  const builds = readdirSync(cache)
    .filter((name) => !name.includes('.partial-'))
    .map((name) => ({ name, time: statSync(path.join(cache, name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  for (const old of builds.slice(3)) rmSync(path.join(cache, old.name), { recursive: true, force: true });
  return dir;
}

if (buildOnly) {
  webBuild();
  process.exit(0);
}

const candidates = [process.env.CHROME_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].filter(Boolean);
const chromium = candidates.find((candidate) => existsSync(candidate));

if (!chromium) {
  const line = '!'.repeat(78);
  console.error(`\n${line}\n!! No Chromium found (looked at: ${candidates.join(', ')}).`);
  console.error('!! The browser end-to-end tests were NOT run. Install Debian\'s `chromium` or set CHROME_PATH.');
  console.error(`${line}\n`);
  process.exit(process.env.CI === 'true' ? 1 : 0);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'kita-e2e-'));
// The servers' databases go into subfolders of this temporary folder (playwright.config.ts).
const env = { ...process.env, CHROME_PATH: chromium, E2E_DATA_DIR: dataDir };
// E2E_SKIP_BUILD=1 serves the existing apps/web/dist instead.
if (process.env.E2E_SKIP_BUILD !== '1') env.WEB_DIST_DIR = webBuild();

const result = spawnSync(npx, ['playwright', 'test', ...args], { cwd: here, stdio: 'inherit', env });
rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
