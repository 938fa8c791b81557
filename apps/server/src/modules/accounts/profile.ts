import { eq } from 'drizzle-orm';
import { isMobilePhone, type LoginResult } from '@kita/shared';
import { parents, users } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { createUserSession } from '../../plugins/auth.js';
import { findSessionUser } from '../../lib/session-user.js';
import { sendOtp } from './notifications.js';
import type { RequestContext } from '../../lib/context.js';

/**
 * PUT auth/{parentId}/preferred-communication (the parent themselves): e-mail or SMS; SMS needs
 * a phone. A new number replaces the primary phone unverified, and choosing SMS with an
 * unverified number sends a code at once (`otpToken` for /verify-phone). The answer carries a
 * fresh session token and user, as the spec's web stores them.
 */
export async function setPreferredCommunication(
  ctx: RequestContext,
  parentId: string,
  input: { preferredCommunication: 'email' | 'sms'; phoneNumber?: string | null },
): Promise<LoginResult & { otpToken: string | null }> {
  const auth = ctx.actor;
  if (auth.parentId !== parentId) throw notFound();
  const now = ctx.clock.now();
  const otpToken = await ctx.db.transaction(async (tx) => {
    const [parent] = await tx.select().from(parents).where(eq(parents.id, parentId)).limit(1);
    if (!parent) throw notFound();
    const phone = input.phoneNumber ?? parent.primaryPhone;
    if (input.preferredCommunication === 'sms' && !phone) throw new AppError(400, 'PHONE_REQUIRED');
    if (input.preferredCommunication === 'sms' && !isMobilePhone(phone)) {
      throw new AppError(400, 'VALIDATION_FAILED', 'validation.phoneNotMobile', {}, [{ path: 'phoneNumber', message: 'validation.phoneNotMobile' }]);
    }
    if (input.preferredCommunication === 'email' && !parent.email) throw new AppError(400, 'VALIDATION_FAILED', 'validation.required', {}, [{ path: 'email', message: 'validation.required' }]);
    const changed = !!input.phoneNumber && input.phoneNumber !== parent.primaryPhone;
    const verified = changed ? false : parent.primaryPhoneVerified;
    await tx
      .update(parents)
      .set({
        preferredCommunication: input.preferredCommunication,
        ...(changed ? { primaryPhone: input.phoneNumber, primaryPhoneVerified: false } : {}),
        updatedAt: now,
      })
      .where(eq(parents.id, parentId));
    if (input.preferredCommunication !== 'sms' || verified) return null;
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.parentId, parentId)).limit(1);
    return sendOtp(tx, ctx, { kind: 'verify_phone', phone: phone!, language: parent.language, parentId, userId: user?.id ?? null, kitaId: parent.kitaId, budgetClass: 'kita' });
  });
  ctx.outbox.kick();
  const token = await createUserSession(ctx, auth.userId!);
  const user = await findSessionUser(ctx.db, auth.userId!);
  return { token, user: user!, otpToken };
}
