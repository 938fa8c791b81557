import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.js';
import { StartupError } from './startup-error.js';
import { lockDataDir } from './data-dir-lock.js';
import { assertSchemaKnown, knownMigrations } from './schema-version.js';

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

/** The database did not answer at start-up; the message is one line naming host, port and cause. */
export class DatabaseUnreachableError extends StartupError {}

/** Key of the PostgreSQL advisory lock that serialises migrations across processes. */
export const MIGRATION_LOCK_KEY = 727_100_801;

/** `postgres://user@host:port/db` without the password, for messages. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.username ? `${u.username}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** Waits until PostgreSQL answers: `attempts` tries, 1 s apart doubling up to 8 s. */
async function waitForDatabase(pool: pg.Pool, url: string, attempts: number, log?: (line: string) => void): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query('select 1');
      return;
    } catch (err) {
      const e = err as { code?: string; message?: string };
      const cause = [e.code, e.message].filter(Boolean).join(' ');
      if (attempt >= attempts) {
        throw new DatabaseUnreachableError(`Database unreachable at ${describeUrl(url)}: ${cause} (${attempts} attempt${attempts > 1 ? 's' : ''})`);
      }
      const delay = Math.min(8000, 1000 * 2 ** (attempt - 1));
      log?.(`Database at ${describeUrl(url)} not reachable (${cause}); retrying in ${delay / 1000} s`);
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/**
 * Applies the migrations under a session advisory lock on one connection, so any number of
 * processes may start at once on an empty database: the first migrates, the others wait and then
 * find nothing left to do (drizzle's migrator itself takes no lock).
 */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** The pool's log line (JSON like pino's, with pid and hostname) for a connection the server ended. */
export function connectionLostLine(where: string, err: Error): string {
  // A log line's own timestamp (pino's format), no time decision: the database layer has no app clock.
  // eslint-disable-next-line no-restricted-syntax
  return `${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, hostname: os.hostname(), msg: `database connection lost (${where})`, err: err.message })}\n`;
}

export interface OpenOptions {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  /** Connection attempts at start before giving up (default 1). */
  connectAttempts?: number;
  /** Receives one line per failed attempt that will be retried. */
  log?: (line: string) => void;
  /** Names this process in the embedded database's lock (DATA_DIR/kita.lock): app, migrate, admin. */
  lockAs?: string;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      // A request waits at most this long for a connection (server down or pool exhausted): it
      // then fails with a 503 instead of hanging.
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    const lost = (where: string) => (err: Error) => void process.stderr.write(connectionLostLine(where, err));
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
    try {
      await waitForDatabase(pool, opts.url, opts.connectAttempts ?? 1, opts.log);
      if (opts.migrate !== false) {
        // A database a newer release has migrated is refused before anything is applied to it.
        await assertSchemaKnown(db, knownMigrations(migrationsFolder));
        await migratePostgres(pool);
      }
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
    return {
      db,
      kind: 'postgres',
      exec: async (sql) => void (await pool.query(sql)),
      close: () => pool.end(),
    };
  }
  // One process per folder: the lock is taken before PGlite reads it and released after it is written.
  // The lock file's "since" is for the operator reading it, no time decision (no app clock here).
  // eslint-disable-next-line no-restricted-syntax
  const lock = opts.dataDir ? lockDataDir(opts.dataDir, opts.lockAs ?? 'app', new Date()) : null;
  try {
    const client = opts.dataDir ? new PGlite(path.join(opts.dataDir, 'pglite')) : new PGlite();
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    if (opts.migrate !== false) {
      await assertSchemaKnown(db as unknown as Db, knownMigrations(migrationsFolder));
      await migratePglite(db, { migrationsFolder });
    }
    return {
      // Same query-builder surface; the cast bridges the two driver-specific result types.
      db: db as unknown as Db,
      kind: 'pglite',
      exec: async (sql) => void (await client.exec(sql)),
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}
