import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { clearLimit, hitLimit, peekLimit, rateLimited } from '../../lib/rate-limit.js';

const WINDOW_MS = 15 * 60_000;
/** quality.md: 10 failures per account per 15 minutes, then a delay. Per client a wider net. */
const ACCOUNT_FAILURES = 10;
const CLIENT_FAILURES = 50;

/**
 * Checks a password login under the failure limits. Answers the same way whether or not the
 * account exists; returns the user id on success.
 */
export async function checkPasswordLogin(
  app: FastifyInstance,
  ip: string,
  account: string,
  lookup: () => Promise<{ id: string; passwordHash: string | null; isActive: boolean } | undefined>,
  password: string,
): Promise<string> {
  const now = app.clock.now();
  const accountKey = `login-fail:acct:${account}`;
  const clientKey = `login-fail:ip:${ip}`;
  const [acct, client] = await Promise.all([
    peekLimit(app.db, accountKey, WINDOW_MS, now),
    peekLimit(app.db, clientKey, WINDOW_MS, now),
  ]);
  if (acct >= ACCOUNT_FAILURES || client >= CLIENT_FAILURES) {
    const windowEnd = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS + WINDOW_MS);
    throw rateLimited(windowEnd, now);
  }
  const user = await lookup();
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok || !user.isActive) {
    await hitLimit(app.db, accountKey, WINDOW_MS, now);
    await hitLimit(app.db, clientKey, WINDOW_MS, now);
    throw new AppError(401, 'INVALID_CREDENTIALS');
  }
  await clearLimit(app.db, accountKey);
  return user.id;
}

export async function findStaffByEmail(app: FastifyInstance, email: string) {
  const [u] = await app.db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive, role: users.role, phoneVerified: users.phoneVerified, phoneNumber: users.phoneNumber, language: users.language, kitaId: users.kitaId })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return u && u.role !== 'Parent' ? u : undefined;
}
