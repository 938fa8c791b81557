import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The built web app. WEB_DIST_DIR (a development and test knob, not product configuration) serves
 * another build, e.g. a private one while others rebuild apps/web/dist in the same working tree.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
// apps/web/dist seen from the sources (apps/server/src/plugins) or from the compiled server (apps/server/dist).
const builds = [path.resolve(here, '../../../web/dist'), path.resolve(here, '../../web/dist')];
export const webDist = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : (builds.find((dir) => existsSync(path.join(dir, 'index.html'))) ?? builds[path.basename(here) === 'dist' ? 1 : 0]!);

/** Serves the built SPA; unknown non-API paths get index.html so client routes work on reload. */
export const spaPlugin = fp(async (app: FastifyInstance) => {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web build not found: run `npm run build` to serve the web app');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    // The build writes .br/.gz beside each asset (apps/web/precompress.ts).
    preCompressed: true,
    // Our own Cache-Control below (the plugin's default would override it with max-age=0).
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The preference link opens a page built on its own (apps/web/preference.html: no router, no
  // query cache), the smallest download for a parent on a phone; the app keeps the route too.
  if (existsSync(path.join(webDist, 'preference.html'))) {
    const preferencePage = (_req: unknown, reply: import('fastify').FastifyReply) => reply.header('Cache-Control', 'no-cache').sendFile('preference.html');
    app.get('/preference', { schema: { hide: true } }, preferencePage);
    // The SMS's short link: /p/<token>.
    app.get('/p/:token', { schema: { hide: true } }, preferencePage);
  }
  app.get('/*', { schema: { hide: true } }, (req, reply) => {
    if (req.url.startsWith('/api/')) return reply.callNotFound();
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
});
