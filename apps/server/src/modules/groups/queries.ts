import { asc, eq } from 'drizzle-orm';
import type { GroupChild } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { categories, children, groups, parents } from '../../db/schema.js';

/** A group row with the Kita it belongs to (through its category). */
export async function findGroupRow(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: groups.id, name: groups.name, categoryId: groups.categoryId, kitaId: categories.kitaId })
    .from(groups)
    .innerJoin(categories, eq(categories.id, groups.categoryId))
    .where(eq(groups.id, id))
    .limit(1);
  return row;
}

/** The children of a group with their parent's name, ordered by name. */
export async function findGroupChildren(db: DbOrTx, groupId: string): Promise<GroupChild[]> {
  return db
    .select({ childId: children.id, childName: children.name, dateOfBirth: children.dateOfBirth, parentName: parents.name })
    .from(children)
    .innerJoin(parents, eq(parents.id, children.parentId))
    .where(eq(children.groupId, groupId))
    .orderBy(asc(children.name), asc(children.id));
}
