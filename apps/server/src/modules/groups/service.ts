import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { GroupDetails, GroupInput, GroupListItem } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { children, groups } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { findGroups } from '../categories/queries.js';
import { categoryNotFound, loadCategoryInScope } from '../categories/service.js';
import { assertKitaScope } from '../../lib/access.js';
import { findGroupChildren, findGroupRow } from './queries.js';
import type { RequestContext } from '../../lib/context.js';
import type { AuthContext } from '../../lib/auth-context.js';

export const groupNotFound = (id: string) => notFound('groups.notFound', { id });

/** The group if it exists inside the caller's Kita scope (and inside `kitaId` when given); 404 otherwise. */
export async function loadGroupInScope(db: DbOrTx, actor: AuthContext, id: string, kitaId?: string) {
  const row = await findGroupRow(db, id);
  if (!row || (kitaId && row.kitaId !== kitaId)) throw groupNotFound(id);
  assertKitaScope(actor, row.kitaId, () => groupNotFound(id));
  return row;
}

async function getGroup(db: DbOrTx, id: string): Promise<GroupListItem> {
  const [g] = await findGroups(db, eq(groups.id, id));
  if (!g) throw groupNotFound(id);
  return g;
}

export async function getGroupDetails(db: DbOrTx, id: string): Promise<GroupDetails> {
  const [group, kids] = await Promise.all([getGroup(db, id), findGroupChildren(db, id)]);
  return { ...group, children: kids };
}

/** Group names are unique within a category (case-insensitive), so parents pick the right one. */
async function assertGroupNameFree(db: DbOrTx, categoryId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.categoryId, categoryId), sql`lower(${groups.name}) = lower(${name})`, exceptId ? ne(groups.id, exceptId) : undefined))
    .limit(1);
  if (row) throw new AppError(409, 'GROUP_EXISTS');
}

/** The target category, in scope; a category id the caller cannot see reads as a missing category. */
async function loadTargetCategory(db: DbOrTx, actor: AuthContext, categoryId: string) {
  try {
    return await loadCategoryInScope(db, actor, categoryId);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) throw categoryNotFound(categoryId);
    throw err;
  }
}

export async function createGroup(ctx: RequestContext, input: GroupInput): Promise<GroupListItem> {
  return ctx.db.transaction(async (tx) => {
    const cat = await loadTargetCategory(tx, ctx.actor, input.categoryId);
    await assertGroupNameFree(tx, cat.id, input.groupName);
    const [row] = await tx.insert(groups).values({ categoryId: cat.id, name: input.groupName }).returning({ id: groups.id });
    await audit(tx, ctx.actor, { action: 'create', entity: 'group', entityId: row!.id, kitaId: cat.kitaId, details: { groupName: input.groupName, categoryId: cat.id } });
    return getGroup(tx, row!.id);
  });
}

/** Renames a group or moves it to the other category of the same Kita (children move with it). */
export async function updateGroup(ctx: RequestContext, id: string, input: GroupInput): Promise<GroupListItem> {
  return ctx.db.transaction(async (tx) => {
    const group = await loadGroupInScope(tx, ctx.actor, id);
    const cat = await loadTargetCategory(tx, ctx.actor, input.categoryId);
    if (cat.kitaId !== group.kitaId) throw categoryNotFound(input.categoryId);
    await assertGroupNameFree(tx, cat.id, input.groupName, id);
    await tx.update(groups).set({ name: input.groupName, categoryId: cat.id }).where(eq(groups.id, id));
    await audit(tx, ctx.actor, {
      action: 'update',
      entity: 'group',
      entityId: id,
      kitaId: group.kitaId,
      details: { from: { groupName: group.name, categoryId: group.categoryId }, to: { groupName: input.groupName, categoryId: cat.id } },
    });
    return getGroup(tx, id);
  });
}

/** Deletes an empty group; a group with children is refused (move or delete the children first). */
export async function deleteGroup(ctx: RequestContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const group = await loadGroupInScope(tx, ctx.actor, id);
    const [n] = await tx.select({ n: count() }).from(children).where(eq(children.groupId, id));
    if (Number(n?.n ?? 0) > 0) throw new AppError(409, 'GROUP_HAS_CHILDREN');
    await tx.delete(groups).where(eq(groups.id, id));
    await audit(tx, ctx.actor, { action: 'delete', entity: 'group', entityId: id, kitaId: group.kitaId, details: { groupName: group.name } });
  });
}
