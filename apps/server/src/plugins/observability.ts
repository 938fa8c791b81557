import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Metrics } from '../ops/metrics.js';
import { redactUrl } from '../ops/logging.js';
import { clientLabel } from '../lib/client-net.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * Operations endpoints and request logging:
 * - GET /metrics: Prometheus text format (latency by route, outbox queue, open inquiries, closes).
 * - GET /api/health/live: the process answers (no database access; restart it when this fails).
 * - GET /api/health/ready: the database answers and its schema is not newer than this build
 *   (take the instance out of the load balancer when not).
 * - One log line per API request; static files (the web app) and health probes are not logged
 *   at info, failures always are.
 */
export const observabilityPlugin = fp(async (app: FastifyInstance, opts: { defaultMetrics?: boolean }) => {
  app.decorate('metrics', new Metrics(app.db, { defaults: opts.defaultMetrics, budget: { settings: app.config, clock: app.clock } }));

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    app.metrics.httpDuration.observe({ method: req.method, route, status_code: String(reply.statusCode) }, seconds);
    const quiet = !req.url.startsWith('/api/') || req.url.startsWith('/api/health');
    // The client: its IPv4 address or its IPv6 /64, as the rate limits count it (lib/client-net.ts).
    const line = { method: req.method, url: redactUrl(req.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime), client: clientLabel(req.ip) };
    if (reply.statusCode >= 500) req.log.error(line, 'request failed');
    else if (quiet) req.log.debug(line, 'request');
    else req.log.info(line, 'request');
  });

  app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
    const text = await app.metrics.text();
    return reply.header('Content-Type', app.metrics.registry.contentType).header('Cache-Control', 'no-store').send(text);
  });

  app.get('/api/health/live', { schema: { tags: ['health'], summary: 'Liveness: the process answers' } }, async () => ({ status: 'ok' }));

  app.get('/api/health/ready', { schema: { tags: ['health'], summary: 'Readiness: the database answers' } }, async (_req, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      if (!app.schemaGuard.writable) return reply.status(503).send({ status: 'error', database: app.dbKind, reason: app.schemaGuard.reason });
      return { status: 'ok', database: app.dbKind };
    } catch {
      return reply.status(503).send({ status: 'error', database: app.dbKind });
    }
  });
});
