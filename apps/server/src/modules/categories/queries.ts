import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Category, GroupListItem } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { categories, groups, kitas } from '../../db/schema.js';

/** Groups with their category (and Kita), ordered by category then group name. */
export async function findGroups(db: DbOrTx, where?: SQL): Promise<GroupListItem[]> {
  const rows = await db
    .select({
      groupId: groups.id,
      groupName: groups.name,
      categoryId: categories.id,
      categoryName: categories.name,
      kitaId: categories.kitaId,
    })
    .from(groups)
    .innerJoin(categories, eq(categories.id, groups.categoryId))
    .where(where)
    .orderBy(asc(categories.name), asc(groups.name), asc(groups.id));
  return rows;
}

/** Categories (each with its groups) matching `where`, ordered by name. */
export async function findCategories(db: DbOrTx, where?: SQL): Promise<Category[]> {
  const cats = await db
    .select({ categoryId: categories.id, categoryName: categories.name, kitaId: categories.kitaId })
    .from(categories)
    .where(where)
    .orderBy(asc(categories.name), asc(categories.id));
  if (cats.length === 0) return [];
  const gs = await findGroups(
    db,
    inArray(
      groups.categoryId,
      cats.map((c) => c.categoryId),
    ),
  );
  return cats.map((c) => ({
    ...c,
    categoryName: c.categoryName,
    groups: gs
      .filter((g) => g.categoryId === c.categoryId)
      .map(({ groupId, groupName, categoryId, categoryName }) => ({ groupId, groupName, categoryId, categoryName })),
  }));
}

export async function findCategoryRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row;
}

/** The Kita whose structure is listed (its name heads the list); undefined when there is none. */
export async function findStructureKita(db: DbOrTx, kitaId: string): Promise<{ kitaName: string; timezone: string } | undefined> {
  const [row] = await db.select({ kitaName: kitas.name, timezone: kitas.timezone }).from(kitas).where(eq(kitas.id, kitaId)).limit(1);
  return row;
}
