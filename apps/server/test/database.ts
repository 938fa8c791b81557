import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase, type Database, type Db } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';

/**
 * A fresh, fully migrated database for one test file, without paying for a database boot per file.
 *
 * - Embedded (default): every vitest worker keeps its PGlite instances alive across test files
 *   (vitest runs with `isolate: false`). The first instance is loaded from a dump of a migrated
 *   template; a file gets an instance whose tables were emptied (`TRUNCATE … RESTART IDENTITY`).
 *   The template is built from the migration folder at run time and cached under
 *   `node_modules/.cache/kita-test-db/`, keyed by a hash of every migration file and the PGlite
 *   version: a new migration builds a new template on the next run.
 * - PostgreSQL (`TEST_DATABASE_URL`): a template database `kita_tpl_<hash>` is migrated once (under
 *   an advisory lock, so parallel runs share it); each file gets `CREATE DATABASE … TEMPLATE`,
 *   dropped again on close.
 *
 * An instance whose schema no longer matches the template (a test added a trigger and failed
 * before dropping it) is thrown away instead of reused. `KITA_TEST_DB_TIMING=1` prints how long
 * each file waited for its database.
 */
export async function openTestDatabase(): Promise<Database> {
  const started = performance.now();
  const url = process.env.TEST_DATABASE_URL;
  const { database, how } = url ? await openPostgres(url) : await openPglite();
  if (process.env.KITA_TEST_DB_TIMING) {
    process.stderr.write(`[test-db] ${how} in ${Math.round(performance.now() - started)} ms\n`);
  }
  return database;
}

/**
 * Builds the migrated template once, before the workers start (vitest `globalSetup`), so two
 * workers never migrate the same template side by side. A cached template costs only the hash.
 */
export async function prepareTestDatabaseTemplate(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) await postgresTemplate(url);
  else await templateDump();
}

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

/** A hash over every file in the migration folder (and the PGlite version): names the template. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else hash.update(path.relative(migrationsFolder, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  };
  walk(migrationsFolder);
  hash.update(pgliteVersion());
  return hash.digest('hex').slice(0, 16);
}

function pgliteVersion(): string {
  // The package's exports do not list package.json; find it beside the resolved entry point.
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

// ---------------------------------------------------------------------------------------------
// Embedded PGlite: one pool of migrated instances per worker process

interface PgliteState {
  template?: Promise<Blob>;
  fingerprint?: string;
  free: PGlite[];
}

// On globalThis, so the pool survives even if this module is evaluated again for another file.
const holder = globalThis as typeof globalThis & { __kitaTestPglite?: PgliteState };
const pool: PgliteState = (holder.__kitaTestPglite ??= { free: [] });

/** The data directory of a migrated, empty database as an uncompressed tarball. */
function templateDump(): Promise<Blob> {
  pool.template ??= (async () => {
    const cacheDir = path.join(repoRoot, 'node_modules/.cache/kita-test-db');
    const file = path.join(cacheDir, `pglite-${migrationsKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const client = new PGlite();
    await migrate(drizzle(client, { schema }), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    await client.close();
    // Written under a unique name and renamed: a parallel worker never reads half a file.
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  })();
  return pool.template;
}

/** Tables, columns, indexes, triggers and functions of the public schema, as one string. */
async function schemaFingerprint(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ f: string }>(`
    select concat_ws('|',
      (select string_agg(table_name || '.' || column_name || ':' || data_type, ',' order by table_name, column_name)
         from information_schema.columns where table_schema = 'public'),
      (select string_agg(indexname, ',' order by indexname) from pg_indexes where schemaname = 'public'),
      (select string_agg(tgname, ',' order by tgname) from pg_trigger where not tgisinternal),
      (select string_agg(proname, ',' order by proname) from pg_proc where pronamespace = 'public'::regnamespace)
    ) as f`);
  return rows[0]!.f;
}

async function emptyTables(client: PGlite): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  if (rows.length) await client.exec(`truncate table ${rows.map((r) => r.name).join(', ')} restart identity cascade`);
}

async function openPglite(): Promise<{ database: Database; how: string }> {
  let client: PGlite | undefined;
  let how = 'PGlite reused (tables emptied)';
  while (!client && pool.free.length) {
    const candidate = pool.free.pop()!;
    if ((await schemaFingerprint(candidate)) === pool.fingerprint) {
      await emptyTables(candidate);
      client = candidate;
    } else {
      await candidate.close();
    }
  }
  if (!client) {
    client = new PGlite({ loadDataDir: await templateDump() });
    await client.waitReady;
    pool.fingerprint ??= await schemaFingerprint(client);
    how = 'PGlite loaded from the migrated template';
  }
  const db = drizzle(client, { schema });
  // A no-op on the migrated template; kept so a mismatch could never go unnoticed.
  await migrate(db, { migrationsFolder });
  const owned = client;
  let closed = false;
  return {
    how,
    database: {
      // Same query-builder surface as in db/client.ts.
      db: db as unknown as Db,
      kind: 'pglite',
      exec: async (sql) => void (await owned.exec(sql)),
      close: async () => {
        if (closed) return;
        closed = true;
        pool.free.push(owned);
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: a migrated template database, copied per file

const pgTemplates = new Map<string, Promise<string>>();

async function adminQuery<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function postgresTemplate(url: string): Promise<string> {
  let template = pgTemplates.get(url);
  if (!template) {
    template = adminQuery(url, async (admin) => {
      const key = migrationsKey();
      const name = `kita_tpl_${key}`;
      // Parallel workers and runs build a template once: the first takes the lock and builds.
      await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
      try {
        const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (!exists.rowCount) {
          // Migrated under another name and renamed when complete: never a half-built template.
          const building = `kita_tplb_${randomBytes(6).toString('hex')}`;
          await admin.query(`create database ${building}`);
          const database = await openDatabase({ url: withDatabase(url, building), poolSize: 1 });
          await database.close();
          await admin.query(`alter database ${building} rename to ${name}`);
        }
      } finally {
        await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
      }
      return name;
    });
    pgTemplates.set(url, template);
  }
  return template;
}

async function openPostgres(url: string): Promise<{ database: Database; how: string }> {
  const template = await postgresTemplate(url);
  const name = `kita_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, (admin) => admin.query(`create database ${name} template ${template}`));
  const database = await openDatabase({ url: withDatabase(url, name), poolSize: 20 });
  return {
    how: `PostgreSQL database copied from ${template}`,
    database: {
      ...database,
      close: async () => {
        await database.close();
        await adminQuery(url, (admin) => admin.query(`drop database if exists ${name} with (force)`));
      },
    },
  };
}
