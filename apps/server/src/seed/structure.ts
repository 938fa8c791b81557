import type { DbOrTx } from '../db/client.js';
import { categories, groups, kitas, users } from '../db/schema.js';
import { hashPassword } from '../lib/passwords.js';

export const DEMO_LOGINS = [
  { role: 'Admin', email: 'admin@kita.example', password: 'demo-admin-1' },
  { role: 'KitaManager', email: 'manager@kita.example', password: 'demo-manager-1' },
  { role: 'Parent', email: 'eltern@kita.example', password: 'demo-parent-1' },
] as const;

const KITAS = [
  {
    name: 'Kita Sonnenschein',
    location: 'Berlin',
    description: 'Städtische Kita in Berlin-Pankow mit Kindergarten und Krippe.',
    groups: { Kindergarten: ['Bären', 'Füchse'], Krippe: ['Mäuse', 'Igel'] },
  },
  {
    name: 'Kita Regenbogen',
    location: 'Hamburg',
    description: 'Elterninitiative in Hamburg-Altona.',
    groups: { Kindergarten: ['Löwen', 'Eulen'], Krippe: ['Käfer', 'Schnecken'] },
  },
] as const;

export interface DemoStructure {
  kitaIds: string[];
  /** groups of the first Kita by category name */
  groupIds: Record<'Kindergarten' | 'Krippe', string[]>;
  categoryIds: Record<'Kindergarten' | 'Krippe', string>;
  adminId: string;
  managerId: string;
}

/** Two Kitas with both categories and two groups each, the demo Admin and the first Kita's manager. */
export async function seedStructure(db: DbOrTx): Promise<DemoStructure> {
  const kitaIds: string[] = [];
  const groupIds: DemoStructure['groupIds'] = { Kindergarten: [], Krippe: [] };
  const categoryIds = {} as DemoStructure['categoryIds'];
  for (const [index, k] of KITAS.entries()) {
    const [kita] = await db.insert(kitas).values({ name: k.name, location: k.location, description: k.description }).returning();
    kitaIds.push(kita!.id);
    for (const categoryName of ['Kindergarten', 'Krippe'] as const) {
      const [cat] = await db.insert(categories).values({ kitaId: kita!.id, name: categoryName }).returning();
      if (index === 0) categoryIds[categoryName] = cat!.id;
      for (const groupName of k.groups[categoryName]) {
        const [g] = await db.insert(groups).values({ categoryId: cat!.id, name: groupName }).returning();
        if (index === 0) groupIds[categoryName].push(g!.id);
      }
    }
  }
  const [admin] = await db
    .insert(users)
    .values({ name: 'Anna Admin', email: DEMO_LOGINS[0].email, passwordHash: await hashPassword(DEMO_LOGINS[0].password), role: 'Admin' })
    .returning();
  const [manager] = await db
    .insert(users)
    .values({
      name: 'Martina Müller',
      email: DEMO_LOGINS[1].email,
      passwordHash: await hashPassword(DEMO_LOGINS[1].password),
      role: 'KitaManager',
      kitaId: kitaIds[0],
    })
    .returning();
  return { kitaIds, groupIds, categoryIds, adminId: admin!.id, managerId: manager!.id };
}
