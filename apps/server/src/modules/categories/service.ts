import { and, count, eq, ne } from 'drizzle-orm';
import type { Category, CategoryInput, CategoryName } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { categories, children, events, groups, kitas } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { assertKitaScope } from '../../lib/access.js';
import { findCategories, findCategoryRow } from './queries.js';
import type { RequestContext } from '../../lib/context.js';
import type { AuthContext } from '../../lib/auth-context.js';

export const categoryNotFound = (id: string) => notFound('categories.notFound', { id });

/** The category if it exists inside the caller's Kita scope; 404 otherwise (docs/domain.md). */
export async function loadCategoryInScope(db: DbOrTx, actor: AuthContext, id: string) {
  const row = await findCategoryRow(db, id);
  if (!row) throw categoryNotFound(id);
  assertKitaScope(actor, row.kitaId, () => categoryNotFound(id));
  return row;
}

export async function getCategory(db: DbOrTx, id: string): Promise<Category> {
  const [cat] = await findCategories(db, eq(categories.id, id));
  if (!cat) throw categoryNotFound(id);
  return cat;
}

async function assertNameFree(db: DbOrTx, kitaId: string, name: CategoryName, exceptId?: string) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.kitaId, kitaId), eq(categories.name, name), exceptId ? ne(categories.id, exceptId) : undefined))
    .limit(1);
  if (row) throw conflict('CATEGORY_EXISTS');
}

async function countEvents(db: DbOrTx, categoryId: string) {
  const [row] = await db.select({ n: count() }).from(events).where(eq(events.categoryId, categoryId));
  return Number(row?.n ?? 0);
}

async function countChildren(db: DbOrTx, categoryId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(children)
    .innerJoin(groups, eq(groups.id, children.groupId))
    .where(eq(groups.categoryId, categoryId));
  return Number(row?.n ?? 0);
}

/** One Kindergarten and one Krippe per Kita (docs/domain.md "Validation"); the unique index backs the pre-check. */
export async function createCategory(ctx: RequestContext, input: CategoryInput): Promise<Category> {
  try {
    const kitaNotFound = () => notFound('kitas.notFound', { id: input.kitaId });
    assertKitaScope(ctx.actor, input.kitaId, kitaNotFound);
    return await ctx.db.transaction(async (tx) => {
      const [kita] = await tx.select({ id: kitas.id }).from(kitas).where(eq(kitas.id, input.kitaId)).limit(1);
      if (!kita) throw kitaNotFound();
      await assertNameFree(tx, input.kitaId, input.categoryName);
      const [row] = await tx.insert(categories).values({ kitaId: input.kitaId, name: input.categoryName }).returning({ id: categories.id });
      await audit(tx, ctx.actor, { action: 'create', entity: 'category', entityId: row!.id, kitaId: input.kitaId, details: { categoryName: input.categoryName } });
      return getCategory(tx, row!.id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('CATEGORY_EXISTS');
    throw err;
  }
}

/**
 * Renames a category (Kindergarten <-> Krippe). Refused once events use it: an event's slot
 * count belongs to the category it was created for.
 */
export async function renameCategory(ctx: RequestContext, id: string, name: CategoryName): Promise<Category> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await loadCategoryInScope(tx, ctx.actor, id);
      if (row.name !== name) {
        await assertNameFree(tx, row.kitaId, name, id);
        if ((await countEvents(tx, id)) > 0) throw new AppError(409, 'CATEGORY_IN_USE');
        await tx.update(categories).set({ name }).where(eq(categories.id, id));
      }
      await audit(tx, ctx.actor, { action: 'update', entity: 'category', entityId: id, kitaId: row.kitaId, details: { from: row.name, to: name } });
      return getCategory(tx, id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('CATEGORY_EXISTS');
    throw err;
  }
}

/** Deletes a category and its (empty) groups; refused while children or events depend on it. */
export async function deleteCategory(ctx: RequestContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await loadCategoryInScope(tx, ctx.actor, id);
    if ((await countChildren(tx, id)) > 0 || (await countEvents(tx, id)) > 0) throw new AppError(409, 'CATEGORY_IN_USE');
    await tx.delete(categories).where(eq(categories.id, id));
    await audit(tx, ctx.actor, { action: 'delete', entity: 'category', entityId: id, kitaId: row.kitaId, details: { categoryName: row.name } });
  });
}
