import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { catalogFile, PRELOADED_LANGUAGE, tierOf } from './src/lib/catalog-tiers';
import { precompress } from './precompress';

const require = createRequire(import.meta.url);

/** A file of react-router's production build (dist/production), resolved from this workspace. */
function reactRouterBuild(file: string): string {
  const pkg = require.resolve('react-router/package.json');
  return path.join(path.dirname(pkg), 'dist', 'production', file);
}

/**
 * Vendor code is grouped so that the parent-facing pages (/login, /preference) load only the
 * core (React, router, i18n, Radix primitives they use); table, form and date libraries
 * land in chunks that only the lazily loaded screens which import them pull in.
 */
function vendorChunk(id: string): string | undefined {
  // The i18n catalogs: one chunk per language and part (src/lib/catalog-tiers.ts), loaded on demand.
  const catalog = catalogFile(id);
  if (catalog) return `i18n-${catalog.language}-${tierOf(catalog.namespace)}`;
  if (!id.includes('node_modules')) return undefined;
  // The router in its own chunk: preference.html (the SMS link's page) loads React without it.
  if (/node_modules\/react-router\//.test(id)) return 'router';
  if (/node_modules\/(react|react-dom|scheduler|clsx)\//.test(id)) return 'react';
  if (/node_modules\/(i18next|react-i18next|i18next-browser-languagedetector)\//.test(id)) return 'i18n';
  if (/node_modules\/(@tanstack\/react-table|@tanstack\/table-core)\//.test(id)) return 'table';
  return undefined;
}

/**
 * What an HTML file's entry imports dynamically but always needs: index.html's entry (main.tsx)
 * is kept small so it runs early, and imports the app itself (app-main.tsx) dynamically.
 */
const ALWAYS_LOADED: Record<string, string> = { 'index.html': 'src/app-main.tsx' };

/**
 * Preloads, with the page's own scripts, what its first render waits for and would otherwise ask
 * for only after those scripts have run (one round trip more each before anything shows):
 * - the default language's core catalog (German: a stored English choice is the exception), which
 *   lib/i18n.ts loads before app-main.tsx and preference-main.tsx render;
 * - for index.html, the app (ALWAYS_LOADED) with the chunks it imports. main.tsx adds the login
 *   page's chunks itself when there is no session.
 */
function preloadFirstScreen(): Plugin {
  return {
    name: 'kita-preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((file) => file.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const withImports = (file: string, into = new Set<string>()): Set<string> => {
          if (into.has(file)) return into;
          into.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) withImports(imported, into);
          return into;
        };
        const catalog = chunks.find((chunk) => chunk.name === `i18n-${PRELOADED_LANGUAGE}-core`);
        if (!catalog) throw new Error(`no chunk i18n-${PRELOADED_LANGUAGE}-core to preload`);
        const files = [catalog.fileName];
        const page = ALWAYS_LOADED[path.basename(ctx.filename)];
        if (page) {
          const screen = chunks.find((chunk) => chunk.moduleIds.includes(fileURLToPath(new URL(`./${page}`, import.meta.url))));
          if (!screen || !ctx.chunk) throw new Error(`no chunk of ${page} to preload`);
          const loaded = withImports(ctx.chunk.fileName);
          files.push(...[...withImports(screen.fileName)].filter((file) => !loaded.has(file)));
        }
        return files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

/**
 * The parent app's service worker (service-worker.js, hand-written) as /sw.js, with the build's
 * version in its cache name: a hash of every file name of the build (hashed names change with
 * their content), so a new build installs a new worker, which deletes the old caches. The dev
 * server serves it with the version "dev".
 */
function serviceWorker(): Plugin {
  const source = () => readFileSync(fileURLToPath(new URL('./service-worker.js', import.meta.url)), 'utf8');
  return {
    name: 'kita-service-worker',
    configureServer(server) {
      server.middlewares.use('/sw.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(source().replaceAll('__BUILD_VERSION__', 'dev'));
      });
    },
    generateBundle(_options, bundle) {
      const version = createHash('sha256').update(Object.keys(bundle).sort().join('\n')).digest('hex').slice(0, 12);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: source().replaceAll('__BUILD_VERSION__', version) });
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), preloadFirstScreen(), serviceWorker(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // react-router's package exports only its development build (dev warnings on); the production
      // build beside it is the same code with the warnings switched off, so they minify away.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
          ]
        : []),
    ],
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      // Two pages: the app, and /preference on its own (src/preference-main.tsx; the server sends
      // preference.html for /preference).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        preference: fileURLToPath(new URL('./preference.html', import.meta.url)),
      },
      output: { manualChunks: vendorChunk },
    },
  },
}));
