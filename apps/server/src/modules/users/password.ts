import { and, eq, isNull, ne } from 'drizzle-orm';
import type { ChangePasswordInput } from '@kita/shared';
import { sessions, users } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { clearLimit, enforceAttempt } from '../../lib/rate-limit.js';
import { LOGIN_POLICY } from '../auth/staff-login.js';
import { findUserRow } from './queries.js';
import { assertPasswordNotCommon, loadUserInScope } from './service.js';
import type { RequestContext } from '../../lib/context.js';

/**
 * PUT users/{id}/change-password.
 *
 * - Own account: `oldPassword` must be the account's current password (400 OLD_PASSWORD_WRONG).
 * - Someone else's account (an Admin for any staff user, a manager for the managers of their Kita):
 *   they cannot know that password, so `oldPassword` carries the CALLER's own password and
 *   re-authenticates them before a password they did not choose is set (400 CURRENT_PASSWORD_WRONG).
 *
 * On success every other session of the target user ends (docs/quality.md); the caller keeps theirs.
 */
export async function changePassword(ctx: RequestContext, id: string, input: ChangePasswordInput): Promise<void> {
  const auth = ctx.actor;
  const target = await loadUserInScope(ctx.db, ctx.actor, id);
  const self = target.userId === auth.userId;
  const now = ctx.clock.now();
  // Reserved before argon2 runs, like a login: a stolen session cannot guess the
  // password by a burst of concurrent requests. Same budget as a login from one client.
  const limitKey = `change-password:${auth.userId}`;
  await enforceAttempt(ctx.db, limitKey, LOGIN_POLICY.accountClient, now);
  const checked = await findUserRow(ctx.db, auth.userId!);
  if (!(await verifyPassword(checked?.passwordHash ?? null, input.oldPassword))) {
    const code = self ? 'OLD_PASSWORD_WRONG' : 'CURRENT_PASSWORD_WRONG';
    throw new AppError(400, code, `errors.${code}`, {}, [{ path: 'oldPassword', message: `validation.${self ? 'oldPasswordWrong' : 'currentPasswordWrong'}` }]);
  }
  await clearLimit(ctx.db, limitKey);
  // Only for one's own account is `oldPassword` the target's password (see above).
  if (self && input.newPassword === input.oldPassword) {
    throw new AppError(400, 'VALIDATION_FAILED', 'validation.passwordSameAsOld', {}, [{ path: 'newPassword', message: 'validation.passwordSameAsOld' }]);
  }
  assertPasswordNotCommon(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt), ne(sessions.id, auth.sessionId)));
    await audit(tx, ctx.actor, { action: 'change-password', entity: 'user', entityId: id, kitaId: target.kitaId, details: { self } });
  });
}
