import { asc, eq, type SQL } from 'drizzle-orm';
import type { Child } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { categories, children, groups, kitas, parents } from '../../db/schema.js';

/** Children matching `where`, with parent, group and category, by name. */
export async function findChildren(db: DbOrTx, where: SQL | undefined): Promise<Child[]> {
  const rows = await db
    .select({
      childId: children.id,
      childName: children.name,
      dateOfBirth: children.dateOfBirth,
      parentId: parents.id,
      parentName: parents.name,
      primaryPhone: parents.primaryPhone,
      secondaryPhone: parents.secondaryPhone,
      groupId: groups.id,
      groupName: groups.name,
      categoryName: categories.name,
      kitaId: categories.kitaId,
    })
    .from(children)
    .innerJoin(parents, eq(parents.id, children.parentId))
    .innerJoin(groups, eq(groups.id, children.groupId))
    .innerJoin(categories, eq(categories.id, groups.categoryId))
    .where(where)
    .orderBy(asc(children.name), asc(children.id));
  return rows.map((r) => ({
    childId: r.childId,
    childName: r.childName,
    dateOfBirth: r.dateOfBirth,
    parentId: r.parentId,
    groupId: r.groupId,
    kitaId: r.kitaId,
    parent: { parentId: r.parentId, name: r.parentName, primaryPhoneNumber: r.primaryPhone, secondaryPhoneNumber: r.secondaryPhone },
    group: { groupId: r.groupId, groupName: r.groupName },
    categoryName: r.categoryName === 'Krippe' ? 'Krippe' : 'Kindergarten',
  }));
}

export async function findChild(db: DbOrTx, id: string): Promise<Child | undefined> {
  const [c] = await findChildren(db, eq(children.id, id));
  return c;
}

/** A group with its Kita and that Kita's time zone (for scope checks and "today"). */
export async function findGroupPlace(db: DbOrTx, groupId: string) {
  const [row] = await db
    .select({ groupId: groups.id, kitaId: categories.kitaId, timezone: kitas.timezone })
    .from(groups)
    .innerJoin(categories, eq(categories.id, groups.categoryId))
    .innerJoin(kitas, eq(kitas.id, categories.kitaId))
    .where(eq(groups.id, groupId))
    .limit(1);
  return row;
}

export const childrenOfKita = (kitaId: string) => eq(categories.kitaId, kitaId);
export const childrenOfParent = (parentId: string) => eq(children.parentId, parentId);
