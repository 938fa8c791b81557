import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.js';
import { authHeader, createChild, createKita, createParent, createStaff } from './factories.js';

type Headers = Record<string, string>;

/**
 * The role/scope matrix of docs/quality.md: two Kitas, an Admin, a manager of each Kita, two parents
 * of Kita A (one with children) and one parent of Kita B, each with a real session.
 */
export async function createWorld(app: FastifyInstance, db: Db) {
  const a = await createKita(db, 'Kita A');
  const b = await createKita(db, 'Kita B');
  const admin = await createStaff(db, 'Admin');
  const managerA = await createStaff(db, 'KitaManager', a.kita.id);
  const managerB = await createStaff(db, 'KitaManager', b.kita.id);
  const owner = await createParent(db, a.kita.id, { name: 'Anna Owner' });
  const other = await createParent(db, a.kita.id, { name: 'Otto Other' });
  const parentB = await createParent(db, b.kita.id, { name: 'Berta B' });
  const kgChild = await createChild(db, owner.parent.id, a.kgGroup.id, 'Mia Owner');
  const krChild = await createChild(db, owner.parent.id, a.krGroup.id, 'Ben Owner');
  const otherChild = await createChild(db, other.parent.id, a.kgGroup.id, 'Lea Other');
  const childB = await createChild(db, parentB.parent.id, b.kgGroup.id, 'Tom B');
  const headers = {
    admin: await authHeader(app, admin.id),
    managerA: await authHeader(app, managerA.id),
    managerB: await authHeader(app, managerB.id),
    owner: await authHeader(app, owner.user!.id),
    other: await authHeader(app, other.user!.id),
    anonymous: {} as Headers,
  };
  return { a, b, admin, managerA, managerB, owner, other, parentB, kgChild, krChild, otherChild, childB, headers };
}
export type World = Awaited<ReturnType<typeof createWorld>>;

/** The parents world in a test app (for testAppWith). */
export const parentsWorld = (t: { app: FastifyInstance; db: Db }) => createWorld(t.app, t.db);

/** A valid parent payload for Kita `kitaId`; override fields per case. */
export function parentPayload(kitaId: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Paula Neu',
    email: `paula-${Math.random().toString(36).slice(2, 8)}@test.example`,
    secondaryEmail: '',
    primaryPhoneNumber: '',
    secondaryPhoneNumber: '',
    kitaId,
    preferredCommunication: 'email',
    isAnonymous: false,
    language: 'de',
    ...overrides,
  };
}
