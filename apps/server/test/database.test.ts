import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, kitas } from '../src/db/schema.js';
import { openTestDatabase } from './database.js';

/**
 * The test harness hands every test file an empty, migrated database even though it reuses
 * database instances between files (see database.ts): nothing one file wrote or created is seen by
 * the next.
 */
describe('openTestDatabase', () => {
  it('gives the next file empty tables and restarted identities', async () => {
    const first = await openTestDatabase();
    await first.db.insert(kitas).values({ name: 'Kita A', location: 'Berlin' });
    await first.db.insert(auditLog).values({ action: 'create', entity: 'kita' });
    await first.close();

    const second = await openTestDatabase();
    try {
      expect(await second.db.select().from(kitas)).toEqual([]);
      await second.db.insert(auditLog).values({ action: 'create', entity: 'kita' });
      const [row] = await second.db.select({ id: auditLog.id }).from(auditLog);
      expect(Number(row!.id)).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('never hands out a database whose schema a test changed', async () => {
    const first = await openTestDatabase();
    await first.exec(`create function leftover() returns trigger language plpgsql as $$ begin return new; end $$;
      create trigger leftover before insert on kitas for each row execute function leftover();`);
    await first.close();

    const second = await openTestDatabase();
    try {
      const { rows } = (await second.db.execute(sql`select count(*)::int as n from pg_trigger where tgname = 'leftover'`)) as unknown as {
        rows: { n: number }[];
      };
      expect(rows[0]!.n).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('keeps two databases open at once apart', async () => {
    const [a, b] = await Promise.all([openTestDatabase(), openTestDatabase()]);
    try {
      await a.db.insert(kitas).values({ name: 'Only in A', location: 'Berlin' });
      expect(await b.db.select().from(kitas)).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
