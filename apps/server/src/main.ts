import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig, loadDotEnv } from './config.js';
import { describeUrl, openDatabase } from './db/client.js';
import { startJobs } from './jobs/runner.js';
import { systemClock } from './lib/clock.js';
import { closeTransports, createTransports } from './notify/transports.js';
import { smtpRequiresTls } from './notify/smtp.js';
import { devMailboxOn, isLoopback } from './modules/dev/routes.js';
import { loggerOptions } from './ops/logging.js';
import { demoPasswordsLine, disableDemoPasswords } from './ops/demo-logins.js';
import { demoSeedWanted, exitOnStartupError, listenError, onShutdown } from './ops/startup.js';
import { DEMO_LOGINS, isEmpty, seedDemo } from './seed/index.js';

/** How often a running process looks for migrations of a newer release. */
const SCHEMA_CHECK_MS = 15_000;

/** Start-up: configuration, database and migrations, demo data, HTTP, workers, graceful shutdown. */
async function main(): Promise<void> {
  const dotEnv = loadDotEnv();
  // Everything is validated before the database is touched: settings, then the delivery transports.
  const config = loadConfig();
  const transports = createTransports(config);
  const log = pino(loggerOptions(config));
  if (dotEnv) log.info('settings read from .env');
  for (const w of config.warnings) log.warn(w);
  if (config.NODE_ENV === 'production' && config.SEED_DEMO === 'always') log.warn('SEED_DEMO=always is ignored in production: no demo data');
  if (config.NODE_ENV === 'development' && !isLoopback(config.HOST) && config.HOST !== 'localhost') {
    log.warn(`development mode listens on ${config.HOST}: demo logins work from the network (the dev mailbox still answers only this machine and Admins)`);
  }

  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.dataDir,
    connectAttempts: 5,
    lockAs: 'app',
    log: (line) => log.warn(line),
  });
  if (config.NODE_ENV === 'production') {
    // Demo data an earlier version loaded (in production, too): its published passwords stop working.
    const hits = await disableDemoPasswords(database.db, systemClock.now());
    if (hits.length) log.warn({ userIds: hits.map((h) => h.id) }, demoPasswordsLine(hits));
  }
  const seeded = demoSeedWanted(config) && (await isEmpty(database.db));
  // The demo's dates are relative to the app clock (the system clock in a running app).
  if (seeded) await seedDemo(database.db, systemClock.now());

  const app = await buildApp({ config, database, transports, loggerInstance: log });
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw listenError(err, config.HOST, config.PORT, 'PORT');
  }
  if (config.WORKER === 'inline') app.outbox.start();
  // A newer release migrating the database turns this process not-ready and read-only.
  app.schemaGuard.start(SCHEMA_CHECK_MS);
  // Periodic jobs (opening scheduled events, retention) run in every app process; each claims its work in the database.
  const jobs = startJobs(app);

  // One line naming every setting that can leak data or lock people out.
  const devMailbox = devMailboxOn(config) ? 'direct loopback clients and Admins' : config.NODE_ENV === 'development' ? 'off (a real transport is configured)' : 'off';
  log.info(
    {
      nodeEnv: config.NODE_ENV,
      listen: `${config.HOST}:${config.PORT}`,
      publicUrl: config.publicUrl,
      trustProxy: config.TRUST_PROXY,
      devMailbox,
      demoData: seeded ? 'loaded now' : config.NODE_ENV === 'development' ? `SEED_DEMO=${config.SEED_DEMO}` : 'off',
      database: config.DATABASE_URL ? describeUrl(config.DATABASE_URL) : `embedded PGlite in ${config.dataDir}`,
      jwtSecret: config.jwtSecretSource === 'generated' ? `generated in ${config.dataDir}` : 'JWT_SECRET',
      email: transports.email.name,
      ...(config.SMTP_URL ? { smtpTls: smtpRequiresTls(config) ? 'required' : config.SMTP_ALLOW_PLAINTEXT ? 'plain text allowed (SMTP_ALLOW_PLAINTEXT)' : 'when offered' } : {}),
      sms: transports.sms.name,
      // The VAPID key's origin, never the key: VAPID_PUBLIC_KEY, generated in DATA_DIR, per process, or off.
      push: { off: 'off (PUSH=off)', VAPID_PUBLIC_KEY: 'VAPID keys from the environment', generated: `VAPID keys generated in ${config.dataDir}`, ephemeral: 'VAPID keys of this process only (subscriptions end with it)' }[config.push.source],
      worker: config.WORKER,
      apiDocs: config.API_DOCS,
      retentionMessagesDays: config.RETENTION_MESSAGES_DAYS,
    },
    'Kita Notbetreuung started',
  );
  if (config.NODE_ENV === 'development') {
    console.log(`\nKita Notbetreuung is running at ${config.publicUrl}`);
    if (seeded || config.embedded) {
      console.log('Demo logins:');
      for (const l of DEMO_LOGINS) console.log(`  ${l.role.padEnd(12)} ${l.email.padEnd(24)} ${l.password}`);
    }
    console.log(`Dev mailbox: ${config.publicUrl}/dev/mailbox   API docs: ${config.publicUrl}/api/docs\n`);
  }

  onShutdown(app.log, 'shutting down', async () => {
    // close() stops accepting, waits for requests in flight and runs onClose hooks (workers).
    app.schemaGuard.stop();
    await jobs.stop();
    await app.close();
    await closeTransports(transports);
    await database.close();
  });
}

main().catch(exitOnStartupError);
