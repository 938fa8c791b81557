// `npm start` (and `npm run worker`, `npm run migrate`, `npm run admin -- …`): builds what is missing or older than its
// sources, then runs the compiled entry point in this process. Without NODE_ENV it runs in
// development (demo data, dev mailbox on loopback), which is what the README's one command is for;
// a production start is `node apps/server/dist/main.js` (docs/operations.md).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = process.argv[2] ?? 'main';
if (!['main', 'worker', 'migrate', 'admin'].includes(entry)) throw new Error(`unknown entry point ${entry}`);

/** Newest modification time under these paths (files or folders), ignoring tests. */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && !name.includes('.test.')) visit(path.join(p, name));
    } else latest = Math.max(latest, s.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return latest;
}
const builtAt = (file) => (existsSync(path.join(root, file)) ? statSync(path.join(root, file)).mtimeMs : 0);
const shared = ['packages/shared/src', 'packages/shared/package.json'];

if (entry === 'main') {
  const sources = newest(['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/precompress.ts', 'apps/web/package.json', ...shared]);
  if (builtAt('apps/web/dist/index.html') < sources) {
    console.log('web app: building (sources changed since the last build) ...');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(npm, ['run', 'build', '-w', '@kita/web'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
const serverSources = newest(['apps/server/src', 'apps/server/package.json', 'scripts/build-server.mjs', ...shared]);
if (builtAt(`apps/server/dist/${entry}.js`) < serverSources) {
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}

process.env.NODE_ENV ||= 'development';
// The entry point reads its own arguments (`npm run admin -- create --email …`) from argv[2] on.
if (process.argv[2] === entry) process.argv.splice(2, 1);
await import(pathToFileURL(path.join(root, 'apps/server/dist', `${entry}.js`)).href);
