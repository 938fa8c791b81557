/**
 * Migration 0016 renames the inquiry's date columns for what they mean (care starts, care ends,
 * answers close) on events and on withdrawn_links. A database written under the old names is
 * migrated to 0015, filled, then migrated to the latest: every instant is still there under its new
 * name, the index follows, and the application's own table objects read the rows. Runs on PGlite,
 * and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/fresh-database.js';
import { migrationsFolder } from './client.js';
import { events, withdrawnLinks } from './schema.js';

/** A copy of the migrations folder that stops before `tag` (the schema the old rows were written with). */
function folderBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kita-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const stop = journal.entries.findIndex((e) => e.tag === tag);
  expect(stop).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, stop);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

type AppDb = ReturnType<typeof drizzlePglite> | ReturnType<typeof drizzlePg>;

interface Target {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  migrateTo(folder: string): Promise<void>;
  db: AppDb;
  close(): Promise<void>;
}

async function pglite(): Promise<Target> {
  const client = new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client);
  return {
    query: async (sql, params) => ({ rows: (await client.query<Record<string, unknown>>(sql, params)).rows }),
    migrateTo: (folder) => migratePglite(db, { migrationsFolder: folder }),
    db,
    close: () => client.close(),
  };
}

async function postgres(url: string): Promise<Target> {
  const fresh = await freshDatabase(url, 'kita_mig');
  const pool = new pg.Pool({ connectionString: fresh.url, max: 2 });
  const db = drizzlePg(pool);
  return {
    query: async (sql, params) => ({ rows: (await pool.query(sql, params)).rows }),
    migrateTo: (folder) => migratePg(db, { migrationsFolder: folder }),
    db,
    close: async () => {
      await pool.end();
      await fresh.drop();
    },
  };
}

const before = folderBefore('0016_care_dates_named');
afterAll(() => rmSync(before, { recursive: true, force: true }));

// Instants of rows written before the rename; the values only need to differ from each other.
const OPENS = '2026-03-02T07:00:00.000Z';
const CLOSES = '2026-03-03T17:00:00.000Z';
const STARTS = '2026-03-04T06:30:00.000Z';
const ENDS = '2026-03-05T23:00:00.000Z';
const LINK_EXPIRES = '2026-03-06T00:00:00.000Z';

const iso = (v: unknown) => new Date(v as string | Date).toISOString();

const targets: [string, () => Promise<Target>][] = [['PGlite', pglite]];
if (process.env.TEST_DATABASE_URL) targets.push(['PostgreSQL', () => postgres(process.env.TEST_DATABASE_URL as string)]);

describe.each(targets)('migration 0016 (care date columns named for their meaning) on %s', (_name, open) => {
  it('keeps every instant of events and withdrawn links under the new names', async () => {
    const db = await open();
    try {
      await db.migrateTo(before);
      const kita = randomUUID();
      const category = randomUUID();
      const event = randomUUID();
      await db.query(`insert into kitas (id, name, location) values ($1, 'Kita Alt', 'Berlin')`, [kita]);
      await db.query(`insert into categories (id, kita_id, name) values ($1, $2, 'Krippe')`, [category, kita]);
      await db.query(
        `insert into events (id, kita_id, category_id, event_type, event_date, expire_date, response_deadline, opens_at, seed, seed_hash, status)
         values ($1, $2, $3, 'future', $4, $5, $6, $7, 'seed', 'hash', 'open')`,
        [event, kita, category, STARTS, ENDS, CLOSES, OPENS],
      );
      await db.query(
        `insert into withdrawn_links (token_hash, kita_name, event_date, expire_date, timezone, withdrawn_at, expires_at)
         values ('h1', 'Kita Alt', $1, $2, 'Europe/Berlin', $3, $4)`,
        [STARTS, ENDS, OPENS, LINK_EXPIRES],
      );

      await db.migrateTo(migrationsFolder);

      const raw = await db.query(`select care_starts_at, care_ends_at, answers_close_at, opens_at from events where id = $1`, [event]);
      expect(raw.rows.map((r) => [iso(r.care_starts_at), iso(r.care_ends_at), iso(r.answers_close_at), iso(r.opens_at)])).toEqual([
        [STARTS, ENDS, CLOSES, OPENS],
      ]);
      // The old names are gone (nothing can read them by mistake any more).
      const columns = await db.query(
        `select table_name, column_name from information_schema.columns
          where table_name in ('events', 'withdrawn_links') and column_name in ('event_date', 'expire_date', 'response_deadline')`,
      );
      expect(columns.rows).toEqual([]);
      // The close job's index is on the renamed column under a name that says so.
      const index = await db.query(`select indexdef from pg_indexes where indexname = 'events_status_answers_close_idx'`);
      expect(String(index.rows[0]?.indexdef)).toContain('(status, answers_close_at)');

      // The application's table objects read the migrated rows.
      const [e] = await db.db
        .select({ careStartsAt: events.careStartsAt, careEndsAt: events.careEndsAt, answersCloseAt: events.answersCloseAt, opensAt: events.opensAt })
        .from(events)
        .where(eq(events.id, event));
      expect([e!.careStartsAt, e!.careEndsAt, e!.answersCloseAt, e!.opensAt].map(iso)).toEqual([STARTS, ENDS, CLOSES, OPENS]);
      const [link] = await db.db.select().from(withdrawnLinks).where(eq(withdrawnLinks.tokenHash, 'h1'));
      expect([link!.careStartsAt, link!.careEndsAt, link!.expiresAt].map(iso)).toEqual([STARTS, ENDS, LINK_EXPIRES]);
    } finally {
      await db.close();
    }
  });
});
