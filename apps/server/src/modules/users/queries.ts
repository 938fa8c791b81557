import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { User } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { kitas, users } from '../../db/schema.js';

export const STAFF = ['Admin', 'KitaManager'] as const;

/** Staff users (never parents' accounts) matching `where`, with their Kita, ordered by name. */
export async function findStaffUsers(db: DbOrTx, where?: SQL): Promise<User[]> {
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      phoneNumber: users.phoneNumber,
      role: users.role,
      kitaId: users.kitaId,
      kitaName: kitas.name,
    })
    .from(users)
    .leftJoin(kitas, eq(kitas.id, users.kitaId))
    .where(and(inArray(users.role, [...STAFF]), where))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map(({ kitaName, ...u }) => ({
    ...u,
    role: u.role as User['role'],
    kita: u.kitaId && kitaName !== null ? { kitaId: u.kitaId, kitaName } : null,
  }));
}

export async function findStaffUser(db: DbOrTx, id: string): Promise<User | undefined> {
  const [u] = await findStaffUsers(db, eq(users.id, id));
  return u;
}

/** The raw row (with the password hash) for password checks; never sent to a client. */
export async function findUserRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
