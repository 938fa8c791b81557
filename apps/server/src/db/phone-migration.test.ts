import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePhone } from '@kita/shared';
import { openTestDatabase } from '../../test/database.js';
import { createKita, createParent, createStaff } from '../../test/factories.js';
import { migrationsFolder, type Database } from './client.js';
import { parents, users } from './schema.js';

/**
 * Migration 0006 rewrites phone numbers stored in another German spelling as E.164, the form the
 * shared phone schema now writes. The rows are inserted after the migrations ran (as old data
 * would be), then the migration's UPDATE statements run again: they are idempotent.
 */
const statements = readFileSync(path.join(migrationsFolder, '0006_field_ready.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .filter((s) => /UPDATE/.test(s));

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('migration 0006: phone numbers as E.164', () => {
  it('rewrites German spellings, keeps E.164 and leaves what it cannot read', async () => {
    const { db } = database;
    const { kita } = await createKita(db);
    const cases: Array<[string | null, string | null]> = [
      ['0170 1234567', '+491701234567'],
      ['+49 (0)170 1234567', '+491701234567'],
      ['0049 170 1234567', '+491701234567'],
      ['(030) 123 456-78', '+493012345678'],
      ['+49 30/12345678', '+493012345678'],
      ['+491701234567', '+491701234567'],
      ['ruft zurück', 'ruft zurück'],
      [null, null],
    ];
    const ids: string[] = [];
    for (const [stored] of cases) {
      const { parent } = await createParent(db, kita.id, { primaryPhone: stored, secondaryPhone: stored, withUser: false });
      ids.push(parent.id);
    }
    const staff = await createStaff(db, 'KitaManager', kita.id);
    await db.update(users).set({ phoneNumber: '0176 / 123 456 78' }).where(eq(users.id, staff.id));

    for (const s of statements) await database.exec(s);

    for (const [i, [stored, expected]] of cases.entries()) {
      const [row] = await db.select().from(parents).where(eq(parents.id, ids[i]!));
      expect(row!.primaryPhone, String(stored)).toBe(expected);
      expect(row!.secondaryPhone, String(stored)).toBe(expected);
      // What the SQL writes is what the shared schema would have written.
      if (stored && expected !== stored) expect(normalizePhone(stored)).toBe(expected);
    }
    const [u] = await db.select().from(users).where(eq(users.id, staff.id));
    expect(u!.phoneNumber).toBe('+4917612345678');
  });
});
