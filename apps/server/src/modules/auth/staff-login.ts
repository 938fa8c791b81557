import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import { clearLimit, refundAttempt, reserveAttempt, waitError, type AttemptPolicy } from '../../lib/rate-limit.js';
import type { Services } from '../../lib/context.js';

const WINDOW_MS = 15 * 60_000;
/**
 * Password guesses: every attempt is reserved atomically BEFORE argon2 runs, so a burst
 * of concurrent guesses cannot slip past the count. Per account AND client: 5 free attempts per
 * 15 minutes, then a pause that doubles from 1 s up to 15 minutes; someone else's guesses from
 * another client do not slow the owner down. Per account over all clients (distributed
 * guessing) and per client over all accounts (password spraying) a wider net of 50, then the
 * same doubling pause.
 */
export const LOGIN_POLICY = {
  accountClient: { free: 5, windowMs: WINDOW_MS, baseMs: 1000, maxMs: WINDOW_MS },
  account: { free: 50, windowMs: WINDOW_MS, baseMs: 1000, maxMs: WINDOW_MS },
  client: { free: 50, windowMs: WINDOW_MS, baseMs: 1000, maxMs: WINDOW_MS },
} satisfies Record<string, AttemptPolicy>;

/**
 * Checks a password login under the attempt limits. Answers the same way whether or not the
 * account exists; returns the user id on success.
 */
export async function checkPasswordLogin(
  ctx: Services,
  ip: string,
  account: string,
  lookup: () => Promise<{ id: string; passwordHash: string | null; isActive: boolean } | undefined>,
  password: string,
): Promise<string> {
  const now = ctx.clock.now();
  const accountClientKey = `login:acct-ip:${account}:${ip}`;
  // In turn, not in parallel: a refused reservation must not have counted on the other keys.
  for (const [key, policy] of [
    [accountClientKey, LOGIN_POLICY.accountClient],
    [`login:acct:${account}`, LOGIN_POLICY.account],
    [`login:ip:${ip}`, LOGIN_POLICY.client],
  ] as const) {
    const r = await reserveAttempt(ctx.db, key, policy, now);
    if (!r.allowed) throw waitError(r.retryAfter);
  }
  const user = await lookup();
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok || !user.isActive) throw new AppError(401, 'INVALID_CREDENTIALS');
  // The owner's own failed attempts from this client are forgiven, and the wider nets count only
  // failures: a successful login gives its reserved attempt back (many staff behind one office
  // address, or one account used all day, never run into the net).
  await clearLimit(ctx.db, accountClientKey);
  await refundAttempt(ctx.db, `login:acct:${account}`);
  await refundAttempt(ctx.db, `login:ip:${ip}`);
  return user.id;
}

export async function findStaffByEmail(ctx: Services, email: string) {
  const [u] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive, role: users.role, phoneVerified: users.phoneVerified, phoneNumber: users.phoneNumber, language: users.language, kitaId: users.kitaId })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return u && u.role !== 'Parent' ? u : undefined;
}
