import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { parents, sessions, users } from '../db/schema.js';
import { verifyPassword } from '../lib/passwords.js';
import { DEMO_LOGINS } from '../seed/index.js';

/**
 * No published logins in production: an earlier version loaded the demo data into an
 * empty embedded database even in production, and its passwords are in the README. At every
 * production start, each account that still accepts one of those passwords loses it (the password
 * is removed and its sessions end); the account and its history stay. Its owner chooses a new
 * password with "forgot password" (or `npm run admin -- reset` for an Admin).
 *
 * Checked are every Admin (whatever its address) and every account whose login address is under
 * `.example` (all demo data of every version): argon2 makes checking all accounts too slow for a start.
 */
export const DEMO_PASSWORDS: readonly string[] = [...new Set(DEMO_LOGINS.map((l) => l.password))];

export async function disableDemoPasswords(db: Db, now: Date): Promise<Array<{ id: string; role: string }>> {
  const loginEmail = sql<string | null>`lower(coalesce(${users.email}, ${parents.email}))`;
  const candidates = await db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .leftJoin(parents, eq(parents.id, users.parentId))
    .where(and(isNotNull(users.passwordHash), or(eq(users.role, 'Admin'), sql`${loginEmail} like '%.example'`)));
  const hits: Array<{ id: string; role: string }> = [];
  for (const c of candidates) {
    for (const password of DEMO_PASSWORDS) {
      if (await verifyPassword(c.passwordHash, password)) {
        hits.push({ id: c.id, role: c.role });
        break;
      }
    }
  }
  if (hits.length === 0) return hits;
  const ids = hits.map((h) => h.id);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: null, updatedAt: now }).where(inArray(users.id, ids));
    await tx.update(sessions).set({ revokedAt: now }).where(and(inArray(sessions.userId, ids), isNull(sessions.revokedAt)));
  });
  return hits;
}

/** The one start-up line about them. */
export function demoPasswordsLine(hits: Array<{ id: string; role: string }>): string {
  const byRole = Object.entries(hits.reduce<Record<string, number>>((acc, h) => ({ ...acc, [h.role]: (acc[h.role] ?? 0) + 1 }), {}))
    .map(([role, n]) => `${n} ${role}`)
    .join(', ');
  return `disabled the published demo password of ${hits.length} account${hits.length > 1 ? 's' : ''} (${byRole}): they log in again after choosing a new password ("forgot password", or \`npm run admin -- reset --email …\` for an Admin)`;
}
