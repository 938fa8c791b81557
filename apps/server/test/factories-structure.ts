import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.js';
import { auditLog, events } from '../src/db/schema.js';
import { authHeader, createKita, createParent, createStaff } from './factories.js';

type Headers = Record<string, string>;

/**
 * The role/scope matrix of docs/quality.md for the structure routes: an Admin, Kita A with its manager
 * and an approved parent, Kita B with its manager, each with a bearer header.
 */
export async function createStructureWorld(app: FastifyInstance, db: Db) {
  const a = await createKita(db, 'Kita Alpha');
  const b = await createKita(db, 'Kita Beta');
  const admin = await createStaff(db, 'Admin');
  const managerA = await createStaff(db, 'KitaManager', a.kita.id);
  const managerB = await createStaff(db, 'KitaManager', b.kita.id);
  const parentA = await createParent(db, a.kita.id);
  const as: Record<'admin' | 'managerA' | 'managerB' | 'parent', Headers> = {
    admin: await authHeader(app, admin.id),
    managerA: await authHeader(app, managerA.id),
    managerB: await authHeader(app, managerB.id),
    parent: await authHeader(app, parentA.user!.id),
  };
  return { a, b, admin, managerA, managerB, parentA, as };
}
export type StructureWorld = Awaited<ReturnType<typeof createStructureWorld>>;

/** The structure world in a test app (for testAppWith). */
export const structureWorld = (t: { app: FastifyInstance; db: Db }) => createStructureWorld(t.app, t.db);

/** A minimal event row on a category (to test "in use" refusals); the events module owns the real creation. */
export async function createEventRow(db: Db, kitaId: string, categoryId: string, now = new Date()) {
  const [e] = await db
    .insert(events)
    .values({
      kitaId,
      categoryId,
      eventType: 'future',
      careStartsAt: new Date(now.getTime() + 86_400_000),
      careEndsAt: new Date(now.getTime() + 2 * 86_400_000),
      answersCloseAt: new Date(now.getTime() + 43_200_000),
      opensAt: now,
      seed: 'seed',
      seedHash: 'hash',
    })
    .returning();
  return e!;
}

/** Audit rows written for one record. */
export function auditRows(db: Db, entityId: string) {
  return db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
}
