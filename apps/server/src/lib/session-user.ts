import { eq } from 'drizzle-orm';
import type { SessionUser } from '@kita/shared';
import type { DbOrTx } from '../db/client.js';
import { parents, users } from '../db/schema.js';

/** The logged-in user as the web stores it. */
export async function findSessionUser(db: DbOrTx, userId: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({ user: users, parentLanguage: parents.language, parentEmail: parents.email })
    .from(users)
    .leftJoin(parents, eq(parents.id, users.parentId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const u = row.user;
  const language = (row.parentLanguage ?? u.language) === 'en' ? 'en' : 'de';
  return {
    userId: u.id,
    name: u.name,
    email: u.email ?? row.parentEmail ?? null,
    role: u.role as SessionUser['role'],
    parentId: u.parentId,
    parent: u.parentId ? { parentId: u.parentId, language } : null,
    kita: u.kitaId ? { kitaId: u.kitaId } : null,
    language,
  };
}
