import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/fresh-database.js';
import { migrationsFolder } from './client.js';

/**
 * Migration 0003 on data written under the first meaning of the dates: event_date was
 * the moment the inquiry opened, expire_date the moment it closed. The migration keeps those as
 * opens_at and response_deadline, derives the care days, and writes the snapshot of existing
 * inquiries. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

interface Raw {
  exec(sql: string): Promise<void>;
  query<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

async function openRaw(): Promise<Raw> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = new PGlite();
    return {
      exec: async (s) => void (await db.exec(s)),
      query: async <T,>(s: string) => (await db.query<T>(s)).rows,
      close: () => db.close(),
    };
  }
  const fresh = await freshDatabase(url, 'kita_mig');
  const client = new pg.Client({ connectionString: fresh.url });
  await client.connect();
  return {
    exec: async (s) => void (await client.query(s)),
    query: async <T,>(s: string) => (await client.query(s)).rows as T[],
    close: async () => {
      await client.end();
      await fresh.drop();
    },
  };
}

const statements = (file: string) =>
  readFileSync(path.join(migrationsFolder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

let db: Raw;
const K = '00000000-0000-4000-8000-000000000001';
const CAT = '00000000-0000-4000-8000-000000000002';
const G = '00000000-0000-4000-8000-000000000003';
const P = '00000000-0000-4000-8000-000000000004';
const C1 = '00000000-0000-4000-8000-000000000005';
const C2 = '00000000-0000-4000-8000-000000000006';
const E_IMM = '00000000-0000-4000-8000-0000000000a1';
const E_FUT = '00000000-0000-4000-8000-0000000000a2';
const E_FIN = '00000000-0000-4000-8000-0000000000a3';

beforeAll(async () => {
  db = await openRaw();
  for (const s of statements('0000_init.sql')) await db.exec(s);
  await db.exec(`
    insert into kitas (id, name, location) values ('${K}', 'Kita Alt', 'Berlin');
    insert into categories (id, kita_id, name) values ('${CAT}', '${K}', 'Kindergarten');
    insert into groups (id, category_id, name) values ('${G}', '${CAT}', 'Bären');
    insert into parents (id, kita_id, name, email, preferred_communication, status) values ('${P}', '${K}', 'Anna', 'anna@alt.test', 'email', 'approved');
    insert into children (id, parent_id, group_id, name, date_of_birth) values ('${C1}', '${P}', '${G}', 'Mia', '2021-01-01'), ('${C2}', '${P}', '${G}', 'Max', '2021-01-01');
    -- Immediate, opened 2026-11-23 22:50 Berlin (21:50Z), answers for 15 minutes.
    insert into events (id, kita_id, category_id, event_type, event_date, expire_date, status, seed, seed_hash)
      values ('${E_IMM}', '${K}', '${CAT}', 'immediate', '2026-11-23T21:50:00Z', '2026-11-23T22:05:00Z', 'open', 's', 'h');
    -- Future, opened on the 23rd at 08:00Z, answers until the 25th 06:00Z.
    insert into events (id, kita_id, category_id, event_type, event_date, expire_date, status, seed, seed_hash)
      values ('${E_FUT}', '${K}', '${CAT}', 'future', '2026-11-23T08:00:00Z', '2026-11-25T06:00:00Z', 'open', 's', 'h');
    insert into events (id, kita_id, category_id, event_type, event_date, expire_date, status, seed, seed_hash)
      values ('${E_FIN}', '${K}', '${CAT}', 'future', '2026-11-01T08:00:00Z', '2026-11-03T06:00:00Z', 'finished', 's', 'h');
    insert into allocations (event_id, child_id, parent_id, preference_type, has_slot, reason)
      values ('${E_FIN}', '${C1}', '${P}', 'red', true, '{}');
  `);
  for (const s of statements('0003_inquiry_dates_snapshot.sql')) await db.exec(s);
});
afterAll(async () => db?.close());

type EventDates = { id: string; event_date: Date | string; expire_date: Date | string; response_deadline: Date | string; opens_at: Date | string };
const iso = (v: Date | string) => new Date(v).toISOString();

describe('migration 0003', () => {
  it('keeps the old opening and closing as opensAt and responseDeadline and derives the care days', async () => {
    const rows = await db.query<EventDates>(`select id, event_date, expire_date, response_deadline, opens_at from events order by id`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const imm = byId.get(E_IMM)!;
    expect([iso(imm.opens_at), iso(imm.response_deadline), iso(imm.event_date)]).toEqual([
      '2026-11-23T21:50:00.000Z',
      '2026-11-23T22:05:00.000Z',
      '2026-11-23T21:50:00.000Z',
    ]);
    // Care today: until the end of the Berlin day (midnight = 23:00Z), after the deadline (23:05 Berlin).
    expect(iso(imm.expire_date)).toBe('2026-11-23T23:00:00.000Z');
    const fut = byId.get(E_FUT)!;
    expect([iso(fut.opens_at), iso(fut.response_deadline), iso(fut.event_date), iso(fut.expire_date)]).toEqual([
      '2026-11-23T08:00:00.000Z',
      '2026-11-25T06:00:00.000Z',
      '2026-11-25T06:00:00.000Z',
      '2026-11-26T06:00:00.000Z',
    ]);
  });

  it('writes the snapshot of open inquiries from the eligible children and of finished ones from their allocation', async () => {
    const snap = await db.query<{ event_id: string; child_name: string; channel: string | null; join_reason: string }>(
      `select event_id, child_name, channel, join_reason from event_children order by event_id, child_name`,
    );
    expect(snap.filter((r) => r.event_id === E_FUT).map((r) => r.child_name)).toEqual(['Max', 'Mia']);
    expect(snap.filter((r) => r.event_id === E_IMM)).toHaveLength(2);
    expect(snap.filter((r) => r.event_id === E_FIN).map((r) => r.child_name)).toEqual(['Mia']);
    expect(snap.every((r) => r.channel === 'email' && r.join_reason === 'migrated')).toBe(true);
  });

  it('lets a finished allocation outlive the deletion of its child', async () => {
    await db.exec(`delete from children where id = '${C1}'`);
    expect(await db.query(`select 1 from allocations where event_id = '${E_FIN}'`)).toHaveLength(1);
    expect(await db.query(`select 1 from event_children where event_id = '${E_FIN}'`)).toHaveLength(1);
  });
});
