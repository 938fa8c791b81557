import path from 'node:path';
import { loadDotEnv } from './config.js';
import { describeUrl, openDatabase } from './db/client.js';
import { exitOnStartupError } from './ops/startup.js';

/**
 * `npm run migrate`: applies pending migrations and exits (an upgrade step before the new version
 * starts; the app and worker also migrate at start). Runs under the same PostgreSQL advisory lock,
 * so it is safe next to starting processes. Needs only DATABASE_URL (or DATA_DIR for the embedded
 * database; it refuses while a running app holds that folder, DATA_DIR/kita.lock).
 */
async function main(): Promise<void> {
  loadDotEnv();
  const raw = process.env.DATABASE_URL?.trim();
  const url = raw && raw !== 'embedded' ? raw : undefined;
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || './data');
  const database = await openDatabase({ url, dataDir, poolSize: 2, connectAttempts: 5, lockAs: 'migrate', log: (line) => console.error(line) });
  await database.close();
  console.log(`Migrations applied (${url ? describeUrl(url) : `embedded PGlite in ${dataDir}`})`);
}

main().catch(exitOnStartupError);
