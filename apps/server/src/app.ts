import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { systemClock, type Clock } from './lib/clock.js';
import { OutboxWorker, outboxOptions } from './jobs/outbox-worker.js';
import { registerModules } from './modules/index.js';
import { closeTransports, createTransports } from './notify/transports.js';
import type { Transport } from './notify/transport.js';
import { authPlugin } from './plugins/auth.js';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { spaPlugin } from './plugins/spa.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: Database['kind'];
    clock: Clock;
    /** Delivers outbox messages; `kick()` after a commit that enqueued some. */
    outbox: OutboxWorker;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** pino options; tests pass false. */
  logger?: boolean | object;
  serveWeb?: boolean;
  /** Overrides the configured transports (tests, benchmarks). */
  transports?: { email: Transport; sms: Transport };
}

/** Builds the whole HTTP app without listening (tests use app.inject). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? {
      level: deps.config.LOG_LEVEL,
      // Never log secrets: tokens travel in headers and query strings, passwords in bodies (not logged).
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url.replace(/token=[^&]+/g, 'token=[redacted]') }),
      },
    },
    trustProxy: true,
    bodyLimit: 1_048_576,
    // Router and HTTP parser errors answer in the error shape too (issue 9).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', deps.config);
  app.decorate('db', deps.database.db);
  app.decorate('dbKind', deps.database.kind);
  app.decorate('clock', deps.clock ?? systemClock);
  const transports = deps.transports ?? createTransports(deps.config);
  app.decorate('outbox', new OutboxWorker({ db: deps.database.db, log: app.log, transports, ...outboxOptions(deps.config) }));
  app.addHook('onClose', async () => {
    await app.outbox.stop();
    if (!deps.transports) await closeTransports(transports);
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await registerModules(app);
  if (deps.serveWeb !== false) await app.register(spaPlugin);
  return app;
}
