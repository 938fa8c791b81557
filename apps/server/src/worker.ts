import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { ConfigError, loadConfig, loadDotEnv } from './config.js';
import { migrationsFolder, openDatabase, type Db } from './db/client.js';
import { knownMigrations, SchemaGuard } from './db/schema-version.js';
import { OutboxWorker, outboxOptions } from './jobs/outbox-worker.js';
import { MessageBudget, type BudgetSettings } from './notify/budget.js';
import { systemClock } from './lib/clock.js';
import { closeTransports, createTransports } from './notify/transports.js';
import { loggerOptions } from './ops/logging.js';
import { Metrics } from './ops/metrics.js';
import { exitOnStartupError, listenError, onShutdown } from './ops/startup.js';

/**
 * `npm run worker`: a process that only delivers outbox messages (ARCHITECTURE.md "Runtime").
 * Any number of them may run next to the app processes (run those with WORKER=off); rows are
 * claimed with FOR UPDATE SKIP LOCKED, so no message is sent by two workers at once.
 * With WORKER_HEALTH_PORT it answers GET /health (database reachable, delivery loop running) and
 * GET /metrics (the outbox gauges) for the orchestrator.
 */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  if (config.embedded) {
    // Two processes must never open the same PGlite folder; `npm start` delivers in-process.
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_URL: `npm run worker` needs PostgreSQL; with the embedded database, `npm start` delivers messages itself',
    );
  }
  const transports = createTransports(config);
  const log = pino(loggerOptions(config, { process: 'worker' }));
  for (const w of config.warnings) log.warn(w);
  const database = await openDatabase({ url: config.DATABASE_URL, poolSize: 5, connectAttempts: 5, log: (line) => log.warn(line) });
  const schema = new SchemaGuard(database.db, knownMigrations(migrationsFolder), log);
  const budget = new MessageBudget({ db: database.db, clock: systemClock, settings: config, log });
  const worker = new OutboxWorker({ db: database.db, log, transports, budget, paused: () => !schema.writable, ...outboxOptions(config) });
  worker.start();
  schema.start(15_000);
  let health: Server | null = null;
  const shutdown = onShutdown(log, 'outbox worker stopping', async () => {
    // stop() lets the current round finish, so no claimed message is left half-done.
    schema.stop();
    await worker.stop();
    await new Promise((r) => (health ? health.close(r) : r(undefined)));
    await closeTransports(transports);
    await database.close();
  });
  health = config.WORKER_HEALTH_PORT ? await healthServer(database.db, config, config.WORKER_HEALTH_PORT, config.HOST, () => (shutdown.stopping() ? 'stopping' : schema.writable ? 'ok' : 'schema-newer')) : null;
  log.info(
    { email: transports.email.name, sms: transports.sms.name, health: config.WORKER_HEALTH_PORT ? `${config.HOST}:${config.WORKER_HEALTH_PORT}` : 'off' },
    'outbox worker started',
  );
}

async function healthServer(db: Db, config: BudgetSettings, port: number, host: string, state: () => 'ok' | 'stopping' | 'schema-newer'): Promise<Server> {
  const metrics = new Metrics(db, { process: 'worker', budget: { settings: config, clock: systemClock } });
  const server = createServer((req, res) => {
    void (async () => {
      try {
        if (req.url === '/health') {
          await db.execute(sql`select 1`);
          const status = state();
          res.writeHead(status === 'ok' ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ status }));
        } else if (req.url === '/metrics') {
          const text = await metrics.text();
          res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text);
        } else {
          res.writeHead(404).end();
        }
      } catch {
        res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'error' }));
      }
    })();
  });
  await new Promise<void>((resolve, reject) => server.once('error', (err) => reject(listenError(err, host, port, 'WORKER_HEALTH_PORT'))).listen(port, host, resolve));
  return server;
}

main().catch(exitOnStartupError);
