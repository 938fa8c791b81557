// `npm run build -w @kita/web [-- --outDir DIR --emptyOutDir]`: always a production build. With
// NODE_ENV=development in the environment (as under `npm start`) Vite would otherwise bundle React's
// development build (about 40 % more JavaScript on /preference).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.env.NODE_ENV = 'production';
const { build } = await import('vite');

const args = process.argv.slice(2);
const outDirAt = args.indexOf('--outDir');
const root = path.dirname(fileURLToPath(import.meta.url));
await build({
  root,
  mode: 'production',
  build: {
    ...(outDirAt >= 0 ? { outDir: path.resolve(args[outDirAt + 1]) } : {}),
    ...(args.includes('--emptyOutDir') ? { emptyOutDir: true } : {}),
  },
});
