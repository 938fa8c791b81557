import { parseArgs } from 'node:util';
import { generateVapidKeys, loadConfig, loadDotEnv } from './config.js';
import { describeUrl, openDatabase } from './db/client.js';
import { systemClock } from './lib/clock.js';
import { AdminCommandError, createAdmin, resetAdmin, SETUP_LINK_HOURS, type SetupLink } from './ops/admin-accounts.js';
import { exitOnStartupError } from './ops/startup.js';

/**
 * `npm run admin -- create --email <e-mail> --name <name> [--language de|en]` and
 * `npm run admin -- reset --email <e-mail>` (in the runtime image: `node apps/server/dist/admin.js …`):
 * the first Admin, and a lost Admin password, without SQL. Reads the same settings as the app
 * (DATABASE_URL or the embedded database in DATA_DIR, PUBLIC_URL for the link). With the embedded
 * database it refuses while a server holds the folder (DATA_DIR/kita.lock).
 * `npm run admin -- vapid-keys` prints a new VAPID key pair for web push (VAPID_PUBLIC_KEY,
 * VAPID_PRIVATE_KEY) without reading any setting or database.
 */
const USAGE = `usage: admin create --email <e-mail> --name <name> [--language de|en]
       admin reset --email <e-mail>
       admin vapid-keys`;

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, language: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const command = positionals[0];
  if (values.help || !command || positionals.length > 1 || !['create', 'reset', 'vapid-keys'].includes(command)) {
    console.error(USAGE);
    process.exit(2);
  }
  if (command === 'vapid-keys') {
    // The private key goes to this terminal only: put both lines into the environment (or .env).
    const keys = generateVapidKeys();
    console.log(`VAPID_PUBLIC_KEY=${keys.publicKey}`);
    console.log(`VAPID_PRIVATE_KEY=${keys.privateKey}`);
    return;
  }
  if (!values.email) fail('--email is required');
  if (command === 'create' && !values.name) fail('--name is required');
  if (values.language && !['de', 'en'].includes(values.language)) fail('--language: de or en');

  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2, connectAttempts: 3, lockAs: 'admin', log: (line) => console.error(line) });
  let result: SetupLink;
  try {
    const now = systemClock.now();
    result =
      command === 'create'
        ? await createAdmin(database.db, { email: values.email!, name: values.name!, language: values.language as 'de' | 'en' | undefined }, config.publicUrl, now)
        : await resetAdmin(database.db, values.email!, config.publicUrl, now);
  } catch (err) {
    await database.close();
    if (err instanceof AdminCommandError) fail(err.message);
    throw err;
  }
  await database.close();
  const where = config.DATABASE_URL ? describeUrl(config.DATABASE_URL) : `embedded database in ${config.dataDir}`;
  console.log(command === 'create' ? `Admin created: ${result.name} <${result.email}> (${where})` : `Password of ${result.name} <${result.email}> reset: the old one no longer works (${where})`);
  console.log(`Choose the password within ${SETUP_LINK_HOURS} hours (until ${result.expiresAt.toISOString()}); the link works once:`);
  console.log(`  ${result.link}`);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

main().catch(exitOnStartupError);
