import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The app talks to one Drizzle database type. PGlite and node-postgres expose the same query
 * builder; we type against the node-postgres flavour and keep driver differences in this file.
 */
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: service functions accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (used by tests and benchmarks). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export async function openDatabase(opts: { url?: string; dataDir?: string; poolSize?: number }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      // A request waits at most this long for a connection (server down or pool exhausted): it
      // then fails with a 503 instead of hanging (issue 9).
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    const lost = (where: string) => (err: Error) => {
      process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: `database connection lost (${where})`, err: err.message })}\n`);
    };
    // An idle connection that the server ends (restart, failover, admin command) is reported here.
    pool.on('error', lost('idle'));
    // A connection that is checked out (a query or transaction in flight) reports the loss on the
    // client itself; the pool's idle listener is detached then, and node-postgres would crash the
    // process with an unhandled 'error' event. This listener stays for the client's lifetime: the
    // query in flight fails (-> 503), and the pool discards the dead client on release.
    pool.on('connect', (client) => {
      client.on('error', lost('in use'));
    });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      exec: async (sql) => void (await pool.query(sql)),
      close: () => pool.end(),
    };
  }
  const client = opts.dataDir ? new PGlite(path.join(opts.dataDir, 'pglite')) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    // Same query-builder surface; the cast bridges the two driver-specific result types.
    db: db as unknown as Db,
    kind: 'pglite',
    exec: async (sql) => void (await client.exec(sql)),
    close: () => client.close(),
  };
}
