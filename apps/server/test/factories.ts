import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.js';
import { categories, children, groups, kitas, parents, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import { createUserSession } from '../src/plugins/auth.js';

/** Test data written straight to the database (never through mocks of our own code). */

export async function createKita(db: Db, name = 'Kita Test') {
  const [kita] = await db.insert(kitas).values({ name, location: 'Berlin', description: 'Test-Kita' }).returning();
  const [kg] = await db.insert(categories).values({ kitaId: kita!.id, name: 'Kindergarten' }).returning();
  const [kr] = await db.insert(categories).values({ kitaId: kita!.id, name: 'Krippe' }).returning();
  const [g1] = await db.insert(groups).values({ categoryId: kg!.id, name: 'Bären' }).returning();
  const [g2] = await db.insert(groups).values({ categoryId: kr!.id, name: 'Mäuse' }).returning();
  return { kita: kita!, kindergarten: kg!, krippe: kr!, kgGroup: g1!, krGroup: g2! };
}

/** A syntactically valid id that names no row (for 404 checks). */
export const MISSING = '00000000-0000-4000-8000-000000000000';

/** One Kita with both categories and a group each; its id (for testAppWith). */
export async function newKitaId(t: { db: Db }): Promise<string> {
  return (await createKita(t.db)).kita.id;
}

let seq = 0;
const PASSWORD_HASH = hashPassword('secret-pass-1');

export async function createStaff(db: Db, role: 'Admin' | 'KitaManager', kitaId: string | null = null, email?: string) {
  const [u] = await db
    .insert(users)
    .values({
      name: role === 'Admin' ? 'Test Admin' : 'Test Manager',
      email: email ?? `${role.toLowerCase()}${++seq}-${Date.now()}@test.example`,
      passwordHash: await PASSWORD_HASH,
      role,
      kitaId,
    })
    .returning();
  return u!;
}

export async function createParent(
  db: Db,
  kitaId: string,
  opts: Partial<typeof parents.$inferInsert> & { withUser?: boolean } = {},
) {
  const { withUser = true, ...values } = opts;
  const n = ++seq;
  const [p] = await db
    .insert(parents)
    .values({
      kitaId,
      name: `Eltern ${n}`,
      email: `parent${n}-${Date.now()}@test.example`,
      preferredCommunication: 'email',
      emailVerified: true,
      status: 'approved',
      ...values,
    })
    .returning();
  let user: typeof users.$inferSelect | undefined;
  if (withUser) {
    [user] = await db
      .insert(users)
      .values({ name: p!.name, role: 'Parent', parentId: p!.id, kitaId, passwordHash: await PASSWORD_HASH, language: p!.language })
      .returning();
  }
  return { parent: p!, user };
}

export async function createChild(db: Db, parentId: string, groupId: string, name = `Kind ${++seq}`) {
  const [c] = await db.insert(children).values({ parentId, groupId, name, dateOfBirth: '2021-05-04' }).returning();
  return c!;
}

/** A bearer header for a user, through a real session row. */
export async function authHeader(app: FastifyInstance, userId: string) {
  return { authorization: `Bearer ${await createUserSession(app, userId)}` };
}

export const TEST_PASSWORD = 'secret-pass-1';
