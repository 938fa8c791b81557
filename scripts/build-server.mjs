// Compiles the server (apps/server/src + packages/shared) into apps/server/dist with esbuild:
// one ES module per entry point (main, worker, migrate, admin, healthcheck), the SQL migrations beside them. npm
// packages stay external (installed by `npm ci --omit=dev`); only our workspace code is bundled,
// so production runs plain `node apps/server/dist/main.js` without TypeScript tooling.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const defaultOut = path.join(server, 'dist');
const pkg = JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8'));
// Every runtime dependency of the server workspace except our own shared package, which is bundled.
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@kita/'));

/** `out`: another folder (tests build their own copy, so parallel test files never share one). */
export async function buildServer(out = defaultOut) {
  const started = Date.now();
  rmSync(out, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'apps/server/src/main.ts',
      worker: 'apps/server/src/worker.ts',
      migrate: 'apps/server/src/migrate.ts',
      admin: 'apps/server/src/admin.ts',
      healthcheck: 'apps/server/src/healthcheck.ts',
    },
    outdir: out,
    bundle: true,
    // No shared chunks: import.meta.url of every module is then dist/<entry>.js (migrations, web build).
    splitting: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Subpath imports (drizzle-orm/pg-core, ...) are external too.
    external: external.flatMap((name) => [name, `${name}/*`]),
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(path.join(server, 'src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
  // The legal pages' Markdown templates, read at run time (lib/legal.ts).
  cpSync(path.join(server, 'src/lib/legal-templates'), path.join(out, 'legal-templates'), { recursive: true });
  console.log(`server compiled to ${path.relative(root, out) || out} in ${Date.now() - started} ms`);
}

// `node scripts/build-server.mjs [outDir]`
if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
