import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_PATTERN } from '@kita/shared';
import { openTestDatabase } from '../../test/database.js';
import type { Database } from '../db/client.js';
import { categories, children, groups, parents, users } from '../db/schema.js';
import { verifyPassword } from '../lib/passwords.js';
import { DEMO_PARENT, seedParents } from './parents.js';
import { seedStructure } from './structure.js';

let database: Database;
// The real now: the seed's ages are relative to it.
const NOW = new Date();
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.transaction(async (tx) => {
    await seedParents(tx, await seedStructure(tx), NOW);
  });
});
afterAll(async () => database.close());

const yearsBefore = (dateOfBirth: string) => (NOW.getTime() - new Date(`${dateOfBirth}T00:00:00Z`).getTime()) / (365.25 * 86_400_000);

describe('demo parents seed', () => {
  it('creates about 40 approved families, one anonymous, some by SMS, and 3 pending registrations', async () => {
    const all = await database.db.select().from(parents);
    const approved = all.filter((p) => p.status === 'approved');
    const pending = all.filter((p) => p.status === 'registered');
    expect(approved.length).toBeGreaterThanOrEqual(40);
    expect(pending).toHaveLength(3);
    expect(pending.every((p) => !p.isActive)).toBe(true);
    const anonymous = approved.filter((p) => p.isAnonymous);
    expect(anonymous).toHaveLength(1);
    expect(anonymous[0]).toMatchObject({ email: null, primaryPhone: null, preferredCommunication: null });
    const sms = approved.filter((p) => p.preferredCommunication === 'sms');
    expect(sms.length).toBeGreaterThanOrEqual(5);
    expect(sms.every((p) => p.primaryPhoneVerified && PHONE_PATTERN.test(p.primaryPhone!))).toBe(true);
    expect(new Set(sms.map((p) => p.primaryPhone)).size).toBe(sms.length);
    const byMail = approved.filter((p) => p.preferredCommunication === 'email');
    expect(byMail.length).toBeGreaterThan(sms.length);
    expect(byMail.every((p) => p.emailVerified && p.email)).toBe(true);
  });

  it('gives every parent a Parent account and 1-2 children with ages fitting their category', async () => {
    const rows = await database.db
      .select({ parentId: children.parentId, dateOfBirth: children.dateOfBirth, category: categories.name })
      .from(children)
      .innerJoin(groups, eq(groups.id, children.groupId))
      .innerJoin(categories, eq(categories.id, groups.categoryId));
    const perParent = new Map<string, number>();
    for (const r of rows) {
      perParent.set(r.parentId, (perParent.get(r.parentId) ?? 0) + 1);
      const age = yearsBefore(r.dateOfBirth);
      if (r.category === 'Krippe') expect(age).toBeLessThan(3);
      else expect(age).toBeGreaterThanOrEqual(3);
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThan(6);
    }
    const all = await database.db.select().from(parents);
    expect(all.every((p) => [1, 2].includes(perParent.get(p.id) ?? 0))).toBe(true);
    const accounts = await database.db.select().from(users).where(eq(users.role, 'Parent'));
    expect(accounts).toHaveLength(all.length);
    expect(accounts.every((u) => u.kitaId === all[0]!.kitaId)).toBe(true);
  });

  it('has the demo parent with verified e-mail and phone, SMS preference and a Kindergarten and a Krippe child', async () => {
    const [p] = await database.db.select().from(parents).where(eq(parents.email, DEMO_PARENT.email));
    expect(p).toMatchObject({ emailVerified: true, primaryPhone: '+491713920000', primaryPhoneVerified: true, preferredCommunication: 'sms', language: 'de', status: 'approved', isActive: true });
    const [u] = await database.db.select().from(users).where(eq(users.parentId, p!.id));
    expect(await verifyPassword(u!.passwordHash!, DEMO_PARENT.password)).toBe(true);
    const kids = await database.db
      .select({ category: categories.name })
      .from(children)
      .innerJoin(groups, eq(groups.id, children.groupId))
      .innerJoin(categories, eq(categories.id, groups.categoryId))
      .where(eq(children.parentId, p!.id));
    expect(kids.map((k) => k.category).sort()).toEqual(['Kindergarten', 'Krippe']);
  });
});
