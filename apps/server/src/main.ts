import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { startJobs } from './jobs/runner.js';
import { DEMO_LOGINS, isEmpty, seedDemo } from './seed/index.js';

/** Start-up: configuration, database and migrations, demo data, HTTP, workers, graceful shutdown. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  const seeded =
    config.SEED_DEMO === 'always' || (config.SEED_DEMO === 'auto' && config.embedded && (await isEmpty(database.db)));
  if (seeded) await seedDemo(database.db);

  const app = await buildApp({ config, database });
  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.WORKER === 'inline') app.outbox.start();
  // Periodic jobs (opening scheduled events) run in every app process; each claims its work in the database.
  const jobs = startJobs(app);

  const where = config.embedded ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`\nKita Notbetreuung is running at ${config.publicUrl}  (database: ${where})`);
  if (seeded || (config.embedded && config.NODE_ENV !== 'production')) {
    console.log('Demo logins:');
    for (const l of DEMO_LOGINS) console.log(`  ${l.role.padEnd(12)} ${l.email.padEnd(24)} ${l.password}`);
  }
  if (config.NODE_ENV !== 'production') console.log(`Dev mailbox: ${config.publicUrl}/dev/mailbox   API docs: ${config.publicUrl}/api/docs\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // close() stops accepting, waits for requests in flight and runs onClose hooks (workers).
    await jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  // createTransports() checks the delivery settings while the app is built.
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
});
