import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
process.env.NODE_ENV = 'production';
const { build } = await import('vite');
const root = path.dirname(new URL(import.meta.url).pathname);
const out = {};
await build({ root, mode: 'production', logLevel: 'warn', build: { outDir: '/tmp/d-an/dist', emptyOutDir: true, manifest: true },
  plugins: [{ name: 'dump', generateBundle(_o, bundle) {
    for (const [f, c] of Object.entries(bundle)) if (c.type === 'chunk') {
      out[f] = { gz: gzipSync(c.code, { level: 9 }).length, imports: c.imports, dyn: c.dynamicImports, isEntry: c.isEntry,
        modules: Object.entries(c.modules).map(([id, m]) => [id.replace(/.*node_modules\//, 'nm:').replace(/.*\/apps\/web\/src\//, 'src:').replace(/.*\/packages\/shared\/src\//,'shared:'), m.renderedLength]).sort((a,b)=>b[1]-a[1]) };
    }
  } }] });
writeFileSync('/tmp/d-an/chunks.json', JSON.stringify(out, null, 1));
