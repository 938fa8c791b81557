/**
 * Migration 0005 (credit rule version 2) on a database that holds version-1 events and
 * ledgers: migrated to 0000 only, filled with version-1 history, then migrated to the latest.
 * Runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/fresh-database.js';
import { migrationsFolder } from './client.js';

/** A copy of the migrations folder that stops at 0000_init (the schema version-1 data was written with). */
function folderUpToInit(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kita-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag === '0000_init');
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

interface Target {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  migrateTo(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function pglite(): Promise<Target> {
  const client = new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client);
  return {
    query: async (sql, params) => ({ rows: (await client.query<Record<string, unknown>>(sql, params)).rows }),
    migrateTo: (folder) => migratePglite(db, { migrationsFolder: folder }),
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
    close: async () => {
      await pool.end();
      await fresh.drop();
    },
  };
}

const initOnly = folderUpToInit();
afterAll(() => rmSync(initOnly, { recursive: true, force: true }));

const T1 = '2026-09-01T08:00:00Z';
const T2 = '2026-09-10T08:00:00Z';
const T3 = '2026-09-20T08:00:00Z';

type Pref = 'red' | 'yellow' | 'green' | 'blue';
/** One version-1 booking: the family, its child, the event, the child's answer, the v1 entries. */
interface Booking {
  family: string;
  child: string;
  event: 'e1' | 'e2' | 'e3';
  pref: Pref;
  hasSlot: boolean;
  entries: [reason: string, amount: number][];
}

// Expected version-2 balances (see the table in 0005_credit_rule_v2.sql):
const HISTORY: Booking[] = [
  // A: green +1, red no slot +1, red slot -1 -> v1 1; v2 0 + 1 - 2 = -1.
  { family: 'A', child: 'a1', event: 'e1', pref: 'green', hasSlot: false, entries: [['green', 1]] },
  { family: 'A', child: 'a1', event: 'e2', pref: 'red', hasSlot: false, entries: [['no_slot', 1]] },
  { family: 'A', child: 'a1', event: 'e3', pref: 'red', hasSlot: true, entries: [['slot', -1]] },
  // B: three greens -> v1 3; v2 0.
  { family: 'B', child: 'b1', event: 'e1', pref: 'green', hasSlot: false, entries: [['green', 1]] },
  { family: 'B', child: 'b1', event: 'e2', pref: 'green', hasSlot: false, entries: [['green', 1]] },
  { family: 'B', child: 'b1', event: 'e3', pref: 'green', hasSlot: false, entries: [['green', 1]] },
  // C: yellow no slot, red no slot twice -> v1 3; v2 2, limited to 1.
  { family: 'C', child: 'c1', event: 'e1', pref: 'red', hasSlot: false, entries: [['no_slot', 1]] },
  { family: 'C', child: 'c1', event: 'e2', pref: 'yellow', hasSlot: false, entries: [['no_slot', 1]] },
  { family: 'C', child: 'c1', event: 'e3', pref: 'red', hasSlot: false, entries: [['no_slot', 1]] },
  // D: two reds without a slot, then a reset (T2), then one more -> v1 1; v2 counts after the reset only: 1.
  { family: 'D', child: 'd1', event: 'e1', pref: 'red', hasSlot: false, entries: [['no_slot', 1]] },
  { family: 'D', child: 'd1', event: 'e2', pref: 'red', hasSlot: false, entries: [['no_slot', 1]] },
  { family: 'D', child: 'd1', event: 'e3', pref: 'red', hasSlot: false, entries: [['no_slot', 1]] },
  // E: a red slot released in e3 -> v1 -1 + 1 + 1 = 1; v2 -2 + 2 = 0.
  { family: 'E', child: 'e1', event: 'e3', pref: 'red', hasSlot: false, entries: [['slot', -1], ['release_reverse', 1], ['release_green', 1]] },
  // F: moved up in e3 -> v1 1 - 1 - 1 = -1; v2 1 - 1 - 2 = -2, limited to -1.
  { family: 'F', child: 'f1', event: 'e3', pref: 'red', hasSlot: true, entries: [['no_slot', 1], ['promote_reverse', -1], ['promote_slot', -1]] },
  // H: two children red without a slot in all three events -> v1 6; v2 6, limited to 1.
  ...(['e1', 'e2', 'e3'] as const).flatMap((event) =>
    ['h1', 'h2'].map((child): Booking => ({ family: 'H', child, event, pref: 'red', hasSlot: false, entries: [['no_slot', 1]] })),
  ),
  // Y: a yellow slot -> v1 -1; v2 0.
  { family: 'Y', child: 'y1', event: 'e2', pref: 'yellow', hasSlot: true, entries: [['slot', -1]] },
];
const V1: Record<string, number> = { A: 1, B: 3, C: 3, D: 1, E: 1, F: -1, G: 0, H: 6, Y: -1 };
const V2: Record<string, number> = { A: -1, B: 0, C: 1, D: 1, E: 0, F: -1, G: 0, H: 1, Y: 0 };

async function seedVersion1(db: Target): Promise<{ parent: Record<string, string>; events: string[] }> {
  const kita = randomUUID();
  const category = randomUUID();
  const group = randomUUID();
  await db.query(`insert into kitas (id, name, location) values ($1, 'Kita Alt', 'Berlin')`, [kita]);
  await db.query(`insert into categories (id, kita_id, name) values ($1, $2, 'Kindergarten')`, [category, kita]);
  await db.query(`insert into groups (id, category_id, name) values ($1, $2, 'Bären')`, [group, category]);
  const parent: Record<string, string> = {};
  const child: Record<string, string> = {};
  for (const family of Object.keys(V1)) {
    parent[family] = randomUUID();
    await db.query(`insert into parents (id, kita_id, name) values ($1, $2, $3)`, [parent[family], kita, `Familie ${family}`]);
  }
  for (const b of HISTORY) {
    if (child[b.child]) continue;
    child[b.child] = randomUUID();
    await db.query(`insert into children (id, parent_id, group_id, name, date_of_birth) values ($1, $2, $3, $4, '2021-01-01')`, [child[b.child], parent[b.family], group, b.child]);
  }
  const eventIds: Record<string, string> = {};
  const at: Record<string, string> = { e1: T1, e2: T1, e3: T3 };
  for (const e of ['e1', 'e2', 'e3']) {
    eventIds[e] = randomUUID();
    await db.query(
      `insert into events (id, kita_id, category_id, event_type, event_date, expire_date, seed, seed_hash, status, rule_version)
       values ($1, $2, $3, 'future', $4, $4::timestamptz + interval '1 day', 'seed', 'hash', 'finished', 1)`,
      [eventIds[e], kita, category, at[e]],
    );
  }
  for (const b of HISTORY) {
    await db.query(
      `insert into allocations (event_id, child_id, parent_id, preference_type, has_slot, reason) values ($1, $2, $3, $4, $5, $6)`,
      [eventIds[b.event], child[b.child], parent[b.family], b.pref, b.hasSlot, JSON.stringify({ code: 'slot_by_priority', ruleVersion: 1 })],
    );
    for (const [reason, amount] of b.entries) {
      await db.query(`insert into credit_ledger (parent_id, event_id, child_id, amount, reason, created_at) values ($1, $2, $3, $4, $5, $6)`, [
        parent[b.family],
        eventIds[b.event],
        child[b.child],
        amount,
        reason,
        at[b.event],
      ]);
    }
  }
  // D's reset between e2 and e3 (brings 2 to 0).
  await db.query(`insert into credit_ledger (parent_id, amount, reason, created_at) values ($1, -2, 'reset', $2)`, [parent.D, T2]);
  return { parent, events: Object.values(eventIds) };
}

const balances = async (db: Target, parent: Record<string, string>) => {
  const out: Record<string, number> = {};
  for (const [family, id] of Object.entries(parent)) {
    const r = await db.query(`select coalesce(sum(amount), 0)::int as b from credit_ledger where parent_id = $1`, [id]);
    out[family] = Number(r.rows[0]?.b);
  }
  return out;
};

const targets: [string, () => Promise<Target>][] = [['PGlite', pglite]];
if (process.env.TEST_DATABASE_URL) targets.push(['PostgreSQL', () => postgres(process.env.TEST_DATABASE_URL as string)]);

describe.each(targets)('migration 0005 credit rule v2 on %s', (_name, open) => {
  it('brings every version-1 balance to its version-2 meaning with one entry per family and keeps the history', async () => {
    const db = await open();
    try {
      await db.migrateTo(initOnly);
      const { parent, events } = await seedVersion1(db);
      expect(await balances(db, parent)).toEqual(V1);
      const before = await db.query(`select id, amount, reason from credit_ledger order by id`);

      await db.migrateTo(migrationsFolder);

      expect(await balances(db, parent)).toEqual(V2);
      // The version-1 entries are untouched; one 'rule_v2' entry per family whose balance changed.
      const after = await db.query(`select id, amount, reason from credit_ledger where reason <> 'rule_v2' order by id`);
      expect(after.rows).toEqual(before.rows);
      const added = await db.query(`select parent_id, amount, event_id, child_id from credit_ledger where reason = 'rule_v2'`);
      const changed = Object.keys(V1).filter((f) => V1[f] !== V2[f]);
      expect(added.rows.map((r) => r.parent_id).sort()).toEqual(changed.map((f) => parent[f]).sort());
      for (const r of added.rows) {
        expect(r.event_id).toBeNull();
        expect(r.child_id).toBeNull();
      }
      // Events closed under version 1 stay version 1, so their releases keep booking by version 1.
      const versions = await db.query(`select rule_version from events where id = any($1::uuid[])`, [events]);
      expect(versions.rows.map((r) => Number(r.rule_version))).toEqual([1, 1, 1]);
    } finally {
      await db.close();
    }
    // Two full migration runs on PGlite take long on a busy machine.
  }, 180_000);
});
