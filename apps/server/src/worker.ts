import pino from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { OutboxWorker, outboxOptions } from './jobs/outbox-worker.js';
import { closeTransports, createTransports } from './notify/transports.js';

/**
 * `npm run worker`: a process that only delivers outbox messages (architecture.md "scale-out").
 * Any number of them may run next to the app processes (run those with WORKER=off); rows are
 * claimed with FOR UPDATE SKIP LOCKED, so no message is sent by two workers at once.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.embedded) {
    // Two processes must never open the same PGlite folder; `npm start` delivers in-process.
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_URL: `npm run worker` needs PostgreSQL; with the embedded database, `npm start` delivers messages itself',
    );
  }
  const log = pino({ level: config.LOG_LEVEL, base: { process: 'worker' } });
  const transports = createTransports(config);
  const database = await openDatabase({ url: config.DATABASE_URL, poolSize: 5 });
  const worker = new OutboxWorker({ db: database.db, log, transports, ...outboxOptions(config) });
  worker.start();
  log.info({ email: transports.email.name, sms: transports.sms.name }, 'outbox worker started');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'outbox worker stopping');
    // stop() lets the current round finish, so no claimed message is left half-done.
    await worker.stop();
    await closeTransports(transports);
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
