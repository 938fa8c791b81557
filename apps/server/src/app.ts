import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { migrationsFolder, type Database, type Db } from './db/client.js';
import { knownMigrations, SchemaGuard } from './db/schema-version.js';
import { AppError } from './lib/errors.js';
import { systemClock, type Clock } from './lib/clock.js';
import { OutboxWorker, outboxOptions } from './jobs/outbox-worker.js';
import { MessageBudget } from './notify/budget.js';
import { registerModules } from './modules/index.js';
import { closeTransports, createTransports } from './notify/transports.js';
import type { Transport } from './notify/transport.js';
import { authPlugin } from './plugins/auth.js';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { observabilityPlugin } from './plugins/observability.js';
import { loggerOptions } from './ops/logging.js';
import { apiDocsPlugin, openapiPlugin } from './plugins/openapi.js';
import { routeGuardPlugin } from './plugins/route-guard.js';
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
    /** False once a newer release has migrated the database: no writes, not ready (db/schema-version.ts). */
    schemaGuard: SchemaGuard;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  /** pino options; tests pass false. */
  logger?: boolean | object;
  /** A ready pino logger (the entry points create theirs before the app). */
  loggerInstance?: FastifyBaseLogger;
  serveWeb?: boolean;
  /** Overrides the configured transports (tests, benchmarks). */
  transports?: { email: Transport; sms: Transport };
}

/** TRUST_PROXY as Fastify wants it: a hop count trusts that many proxies from the socket outwards. */
function trustProxyOption(setting: Config['TRUST_PROXY']): boolean | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_addr, hop) => hop < setting;
  return setting;
}

/** Builds the whole HTTP app without listening (tests use app.inject). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // Never log secrets: tokens travel in headers and query strings, passwords in bodies (not logged).
    ...(deps.loggerInstance ? { loggerInstance: deps.loggerInstance } : { logger: deps.logger ?? loggerOptions(deps.config) }),
    // One line per API request from the observability plugin instead of two per request (and none per static file).
    logController: new LogController({ disableRequestLogging: true }),
    // Only the configured proxies may name the client address (TRUST_PROXY); off by default.
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    bodyLimit: 1_048_576,
    // Router and HTTP parser errors answer in the error shape too.
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
  app.decorate('schemaGuard', new SchemaGuard(deps.database.db, knownMigrations(migrationsFolder), app.log));
  const paused = () => !app.schemaGuard.writable;
  const budget = new MessageBudget({ db: deps.database.db, clock: app.clock, settings: deps.config, log: app.log });
  app.decorate('outbox', new OutboxWorker({ db: deps.database.db, log: app.log, transports, paused, budget, clock: deps.clock ?? systemClock, ...outboxOptions(deps.config) }));
  app.addHook('onClose', async () => {
    await app.outbox.stop();
    if (!deps.transports) await closeTransports(transports);
  });

  // First: every route registered after it is checked for an auth guard (plugins/route-guard.ts).
  await app.register(routeGuardPlugin);
  await app.register(errorsPlugin);
  // A newer release migrated the database: reads go on, writes wait for the new processes.
  app.addHook('onRequest', async (req) => {
    if (!app.schemaGuard.writable && !['GET', 'HEAD', 'OPTIONS'].includes(req.method)) throw new AppError(503, 'UPGRADE_IN_PROGRESS', undefined, {}, undefined, 30);
  });
  await app.register(observabilityPlugin, { defaultMetrics: deps.config.NODE_ENV !== 'test' });
  await app.register(securityPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(apiDocsPlugin);
  await registerModules(app);
  if (deps.serveWeb !== false) await app.register(spaPlugin);
  return app;
}
