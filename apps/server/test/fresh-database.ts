import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * An empty database of its own on a PostgreSQL server, for tests and benchmarks that migrate it
 * themselves or hand it to other processes (spawned servers and workers, migration tests, the
 * crash test). Test files that only need a migrated database use openTestDatabase (database.ts).
 */
export interface FreshDatabase {
  name: string;
  url: string;
  /** Drops the database, closing whatever connections are still open on it. */
  drop(): Promise<void>;
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Creates `<prefix>_<random>` on the server of `serverUrl`. */
export async function freshDatabase(serverUrl: string, prefix: string): Promise<FreshDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
}

/** A fresh database for the time of `work` (given its URL); dropped afterwards, also on failure. */
export async function withFreshDatabase<T>(serverUrl: string, prefix: string, work: (url: string) => Promise<T>): Promise<T> {
  const database = await freshDatabase(serverUrl, prefix);
  try {
    return await work(database.url);
  } finally {
    await database.drop();
  }
}
