import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Parent, ParentChild, ParentDetails } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { categories, children, creditLedger, groups, kitas, parents, tokens } from '../../db/schema.js';
import { storedLanguage } from '../../notify/messages.js';

/** The family's credit balance: the sum of its ledger (docs/domain.md "Allocation and credits"), 0 without entries. */
const creditsOf = sql<number>`(select coalesce(sum(${creditLedger.amount}), 0)::int from ${creditLedger} where ${creditLedger.parentId} = ${parents.id})`;

/** The family took part in an inquiry: deleteParent refuses it (PARENT_HAS_HISTORY), the list offers no delete. */
const hasHistoryOf = sql<boolean>`exists (select 1 from event_children ec where ec.parent_id = ${parents.id})`;

type ParentRow = { parent: typeof parents.$inferSelect; kitaName: string; location: string; credits: number; hasHistory: boolean };

export function toParent(r: ParentRow): Parent {
  const p = r.parent;
  return {
    parentId: p.id,
    name: p.name,
    email: p.email,
    secondaryEmail: p.secondaryEmail,
    primaryPhoneNumber: p.primaryPhone,
    secondaryPhoneNumber: p.secondaryPhone,
    kitaId: p.kitaId,
    kitaName: r.kitaName,
    location: r.location,
    preferredCommunication: p.preferredCommunication === 'sms' || p.preferredCommunication === 'email' ? p.preferredCommunication : null,
    isAnonymous: p.isAnonymous,
    language: storedLanguage(p.language),
    credits: Number(r.credits),
    isActive: p.isActive,
    status: p.status === 'registered' || p.status === 'rejected' ? p.status : 'approved',
    accountStatus: p.isActive ? 'active' : 'inactive',
    user: {
      isEmailVerified: p.emailVerified,
      isEmailSecondaryVerified: p.secondaryEmailVerified,
      isPrimaryPhoneVerified: p.primaryPhoneVerified,
      isSecondaryPhoneVerified: p.secondaryPhoneVerified,
    },
    createdAt: p.createdAt.toISOString(),
    hasHistory: !!r.hasHistory,
  };
}

/** Parents matching `where` with Kita name, location and credits, ordered by name. */
export async function findParents(db: DbOrTx, where: SQL | undefined): Promise<Parent[]> {
  const rows = await db
    .select({ parent: parents, kitaName: kitas.name, location: kitas.location, credits: creditsOf, hasHistory: hasHistoryOf })
    .from(parents)
    .innerJoin(kitas, eq(kitas.id, parents.kitaId))
    .where(where)
    .orderBy(asc(parents.name), asc(parents.id));
  return rows.map(toParent);
}

export async function findParent(db: DbOrTx, id: string): Promise<Parent | undefined> {
  const [p] = await findParents(db, eq(parents.id, id));
  return p;
}

/** The children of the given parents with group and category, by name. */
export async function findChildrenOfParents(db: DbOrTx, parentIds: string[]): Promise<Array<ParentChild & { parentId: string }>> {
  if (parentIds.length === 0) return [];
  const rows = await db
    .select({
      childId: children.id,
      childName: children.name,
      dateOfBirth: children.dateOfBirth,
      parentId: children.parentId,
      groupId: groups.id,
      groupName: groups.name,
      categoryName: categories.name,
    })
    .from(children)
    .innerJoin(groups, eq(groups.id, children.groupId))
    .innerJoin(categories, eq(categories.id, groups.categoryId))
    .where(inArray(children.parentId, parentIds))
    .orderBy(asc(children.name), asc(children.id));
  return rows.map((r) => ({
    childId: r.childId,
    childName: r.childName,
    dateOfBirth: r.dateOfBirth,
    parentId: r.parentId,
    groupId: r.groupId,
    group: { groupId: r.groupId, groupName: r.groupName },
    categoryName: r.categoryName === 'Krippe' ? 'Krippe' : 'Kindergarten',
  }));
}

export async function findParentDetails(db: DbOrTx, id: string, now: Date): Promise<ParentDetails | undefined> {
  const parent = await findParent(db, id);
  if (!parent) return undefined;
  const kids = await findChildrenOfParents(db, [id]);
  return { ...parent, pendingEmail: await findPendingEmail(db, id, now), children: kids.map(({ parentId: _p, ...c }) => c) };
}

/** The parent's own new e-mail address that waits for its confirmation link to be opened, if any. */
async function findPendingEmail(db: DbOrTx, parentId: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ target: tokens.target })
    .from(tokens)
    .where(and(eq(tokens.parentId, parentId), eq(tokens.kind, 'email_change'), isNull(tokens.usedAt), gt(tokens.expiresAt, now)))
    .orderBy(desc(tokens.createdAt))
    .limit(1);
  return row?.target ?? null;
}

/** Pending registrations of a Kita with their children's category and group. */
export async function findRegisteredParents(db: DbOrTx, kitaId: string) {
  const list = await findParents(db, and(eq(parents.kitaId, kitaId), eq(parents.status, 'registered')));
  const kids = await findChildrenOfParents(db, list.map((p) => p.parentId));
  return list.map((p) => ({
    ...p,
    children: kids
      .filter((c) => c.parentId === p.parentId)
      .map((c) => ({ childId: c.childId, childName: c.childName, categoryName: c.categoryName, groupName: c.group.groupName })),
  }));
}

/** The raw parent row (for writes and scope checks). */
export async function findParentRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(parents).where(eq(parents.id, id)).limit(1);
  return row;
}
