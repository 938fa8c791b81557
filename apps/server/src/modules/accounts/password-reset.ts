import { and, eq, isNull, ne } from 'drizzle-orm';
import { parents, sessions, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword, isCommonPassword } from '../../lib/passwords.js';
import { clientAttemptKeys, enforceAttempts, enforceClientLimit, enforceLimit, type AttemptPolicy } from '../../lib/rate-limit.js';
import { sendPasswordReset } from './notifications.js';
import { consumeToken, findToken, revokeTokens } from './tokens.js';
import { ensureParentUser } from './verification.js';
import type { Services } from '../../lib/context.js';

/** docs/quality.md: forgot-password 3 per account per hour; per client a wider net against spraying. */
const PER_ACCOUNT = 3;
const PER_CLIENT = 20;
const HOUR = 3600_000;

/**
 * POST auth/forgot-password {email}: a reset link (60 minutes) to a staff user or a parent with
 * that e-mail. The same answer whether or not the account exists; the limits are counted first.
 */
export async function forgotPassword(ctx: Services, ip: string, email: string): Promise<void> {
  const now = ctx.clock.now();
  await enforceLimit(ctx.db, `forgot:${email}`, PER_ACCOUNT, HOUR, now);
  await enforceClientLimit(ctx.db, 'forgot-ip', ip, PER_CLIENT, HOUR, now);
  await ctx.db.transaction(async (tx) => {
    const [staff] = await tx
      .select()
      .from(users)
      .where(and(eq(users.email, email), ne(users.role, 'Parent')))
      .limit(1);
    if (staff) {
      if (!staff.isActive) return;
      await sendPasswordReset(tx, ctx, { userId: staff.id, email, name: staff.name, language: staff.language, kitaId: staff.kitaId });
      return;
    }
    const [parent] = await tx.select().from(parents).where(eq(parents.email, email)).limit(1);
    if (!parent || parent.status === 'rejected') return;
    // A parent created by staff who lost the activation mail can start here as well.
    const user = await ensureParentUser(tx, parent);
    await sendPasswordReset(tx, ctx, {
      // The name only to an address the family proved (no chosen text to unproved addresses).
      userId: user.id, email, name: parent.emailVerified ? parent.name : null, language: parent.language, parentId: parent.id, kitaId: parent.kitaId,
    });
  });
  ctx.outbox.kick();
}

/**
 * Reset links tried per client: 10 free per 15 minutes, then a doubling pause. The
 * attempt is reserved before the token is looked up, and argon2 runs only for a valid token.
 */
export const RESET_POLICY: AttemptPolicy = { free: 10, windowMs: 15 * 60_000, baseMs: 1000, maxMs: 15 * 60_000 };

/**
 * POST auth/reset-password {token, newPassword, confirmPassword}: sets the password, ends every
 * session of the user and every other open reset link. The link proves the e-mail address, so
 * a parent's e-mail counts as verified afterwards.
 */
export async function resetPassword(ctx: Services, ip: string, token: string, newPassword: string): Promise<void> {
  const now = ctx.clock.now();
  await enforceAttempts(ctx.db, clientAttemptKeys('reset:ip', ip, RESET_POLICY), now);
  // The token first: an unknown or used link costs one indexed lookup, never an argon2 run.
  if (!(await findToken(ctx.db, 'reset', token, now))) throw new AppError(400, 'RESET_TOKEN_INVALID');
  if (isCommonPassword(newPassword)) {
    throw new AppError(400, 'VALIDATION_FAILED', 'validation.passwordCommon', {}, [{ path: 'newPassword', message: 'validation.passwordCommon' }]);
  }
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    // Consumed here: of two concurrent uses of one link, one wins.
    const row = await consumeToken(tx, 'reset', token, now);
    if (!row?.userId) throw new AppError(400, 'RESET_TOKEN_INVALID');
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId));
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, row.userId), isNull(sessions.revokedAt)));
    await revokeTokens(tx, 'reset', { userId: row.userId }, now);
    if (row.parentId && row.target) {
      await tx
        .update(parents)
        .set({ emailVerified: true, updatedAt: now })
        .where(and(eq(parents.id, row.parentId), eq(parents.email, row.target)));
    }
  });
}
