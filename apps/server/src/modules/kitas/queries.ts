import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Kita, Manager } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { kitas, parents, users } from '../../db/schema.js';

const kitaColumns = {
  kitaId: kitas.id,
  kitaName: kitas.name,
  location: kitas.location,
  description: kitas.description,
  timezone: kitas.timezone,
  remindersEnabled: kitas.remindersEnabled,
  pushMode: kitas.pushMode,
  pushEscalationImmediateMinutes: kitas.pushEscalationImmediateMinutes,
  pushEscalationPlannedMinutes: kitas.pushEscalationPlannedMinutes,
};

/** All Kitas, or only the given one (a manager's scope), ordered by name. */
export async function findKitas(db: DbOrTx, onlyKitaId?: string): Promise<Kita[]> {
  return db
    .select(kitaColumns)
    .from(kitas)
    .where(onlyKitaId ? eq(kitas.id, onlyKitaId) : undefined)
    .orderBy(asc(kitas.name), asc(kitas.id));
}

export async function findKita(db: DbOrTx, id: string): Promise<Kita | undefined> {
  const [row] = await db.select(kitaColumns).from(kitas).where(eq(kitas.id, id)).limit(1);
  return row;
}

/** Parents who registered through the link and still wait for approval. */
export async function countRegisteredParents(db: DbOrTx, kitaId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(parents)
    .where(and(eq(parents.kitaId, kitaId), eq(parents.status, 'registered')));
  return Number(row?.n ?? 0);
}

/** Managers = users with role KitaManager bound to the Kita. */
export async function findManagers(db: DbOrTx, kitaId: string): Promise<Manager[]> {
  const rows = await db
    .select({ userId: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.kitaId, kitaId), inArray(users.role, ['KitaManager'])))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({ ...r, email: r.email ?? '' }));
}
