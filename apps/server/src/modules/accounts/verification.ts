import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { ActivationResult } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { parents, users } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { enforceLimit } from '../../lib/rate-limit.js';
import { assertParentScope } from '../../lib/access.js';
import { RESEND_PER_HOUR, sendActivation, sendOtp, sendRegistrationReceived } from './notifications.js';
import { chargeVerificationSend, isClosedRegistration, tryChargeVerificationSend } from './registration-limits.js';
import { checkOtp, consumeToken, issueToken, otpError, revokeTokens, TTL } from './tokens.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { PublicContext, Services } from '../../lib/context.js';
import { storedLanguage } from '../../notify/messages.js';

/** E-mail activation and phone verification (docs/domain.md "Accounts and login"). */

type ParentRow = typeof parents.$inferSelect;
type UserRow = typeof users.$inferSelect;

/**
 * The Parent user of a parent record; created when a manager-made parent first proves their
 * e-mail (activation or password reset), so staff never have to create login accounts.
 */
export async function ensureParentUser(tx: DbOrTx, parent: ParentRow): Promise<UserRow> {
  const [existing] = await tx.select().from(users).where(eq(users.parentId, parent.id)).limit(1);
  if (existing) return existing;
  const [created] = await tx
    .insert(users)
    .values({
      name: parent.name,
      role: 'Parent',
      kitaId: parent.kitaId,
      parentId: parent.id,
      language: parent.language,
      passwordHash: null,
      isActive: parent.status === 'approved' && parent.isActive,
    })
    .returning();
  return created!;
}

/**
 * POST auth/activate-account?token=: verifies the e-mail the link was sent to (if it is still
 * the parent's e-mail). An account without a password gets a reset token to set one.
 */
export async function activateAccount(ctx: Services, token: string): Promise<ActivationResult> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await consumeToken(tx, 'activation', token, now);
    const change = row ? null : await consumeToken(tx, 'email_change', token, now);
    let parent: ParentRow | undefined;
    if (change?.parentId && change.target) {
      parent = await applyEmailChange(tx, change.parentId, change.target, now);
    } else {
      if (!row?.parentId) throw new AppError(400, 'TOKEN_INVALID');
      [parent] = await tx.select().from(parents).where(eq(parents.id, row.parentId)).limit(1);
      // A changed e-mail needs its own activation; the old link must not verify the new address.
      if (!parent || !parent.email || parent.email !== row.target) throw new AppError(400, 'TOKEN_INVALID');
      await tx.update(parents).set({ emailVerified: true, updatedAt: now }).where(eq(parents.id, parent.id));
    }
    if (!parent.email) throw new AppError(400, 'TOKEN_INVALID');
    const user = await ensureParentUser(tx, parent);
    // The pages of the link speak the family's language not the browser's.
    const language = storedLanguage(parent.language);
    if (user.passwordHash) return { emailVerified: true, needsPassword: false, resetToken: null, language };
    const resetToken = await issueToken(tx, { kind: 'reset', userId: user.id, parentId: parent.id, target: parent.email, ttlMs: TTL.reset, now });
    return { emailVerified: true, needsPassword: true, resetToken, language };
  });
}

/**
 * A parent's own new address, proved by opening the link sent to it: it becomes the verified
 * e-mail. Checked again here, since another family may have taken it meanwhile (then 409
 * EMAIL_TAKEN: whoever opened the link controls that address, so the answer tells them nothing new).
 */
async function applyEmailChange(tx: DbOrTx, parentId: string, email: string, now: Date): Promise<ParentRow> {
  await tx.execute(sql`select id from parents where id = ${parentId}::uuid for update`);
  const [parent] = await tx.select().from(parents).where(eq(parents.id, parentId)).limit(1);
  if (!parent) throw new AppError(400, 'TOKEN_INVALID');
  const [taken] = await tx.select({ id: parents.id }).from(parents).where(and(eq(parents.email, email), ne(parents.id, parentId))).limit(1);
  if (taken) throw new AppError(409, 'EMAIL_TAKEN');
  const [updated] = await tx
    .update(parents)
    .set({ email, emailVerified: true, updatedAt: now })
    .where(eq(parents.id, parentId))
    .returning()
    .catch((err: unknown) => {
      // Another family took it in the same instant (the unique index decides).
      throw isUniqueViolation(err) ? new AppError(409, 'EMAIL_TAKEN') : err;
    });
  // An activation link sent to the old address must not verify anything any more.
  await revokeTokens(tx, 'activation', { parentId }, now);
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.parentId, parentId)).limit(1);
  await audit(tx, user ? { userId: user.id, role: 'Parent' } : null, {
    action: 'update', entity: 'parent', entityId: parentId, kitaId: parent.kitaId, details: { changed: ['email'], emailChangeConfirmed: true },
  });
  return updated!;
}

/** A parent by parent id, or by the id of its Parent user. */
async function findParentByAnyId(db: DbOrTx, id: string): Promise<ParentRow | undefined> {
  const [row] = await db
    .select({ parent: parents })
    .from(parents)
    .leftJoin(users, eq(users.parentId, parents.id))
    .where(or(eq(parents.id, id), eq(users.id, id)))
    .limit(1);
  return row?.parent;
}

/**
 * POST auth/{id}/re-activate-email {email}: a new activation mail. Staff (in scope) and the
 * parent get clear answers; an anonymous caller always gets the same answer.
 */
export async function resendActivation(ctx: PublicContext, id: string, email: string): Promise<void> {
  const now = ctx.clock.now();
  // Counted before anything is looked up, so the limit says nothing about the account.
  await enforceLimit(ctx.db, `resend:${email}`, RESEND_PER_HOUR, 3600_000, now);
  const parent = await findParentByAnyId(ctx.db, id);
  const actor = ctx.actor?.kind === 'user' ? ctx.actor : null;
  const staffOrSelf = actor !== null;
  if (actor) {
    if (!parent) throw notFound();
    assertParentScope(actor, parent.id, parent.kitaId);
    if (parent.email !== email) throw new AppError(400, 'EMAIL_MISMATCH');
    if (parent.emailVerified) throw new AppError(409, 'ALREADY_VERIFIED');
    if (isClosedRegistration(parent)) throw new AppError(409, 'REGISTRATION_CLOSED');
    // Per account, whatever the address (a parent changing the own e-mail again and again).
    if (actor.role === 'Parent') await enforceLimit(ctx.db, `resend:acct:${parent.id}`, ACTIVATION_MAILS_PER_ACCOUNT_PER_DAY, DAY, now);
  } else if (!parent || parent.email !== email || parent.emailVerified || isClosedRegistration(parent)) {
    return;
  }
  const sent = await ctx.db.transaction(async (tx) => {
    // Anonymous: the registration's lifetime total and growing pause; the answer stays alike.
    if (!staffOrSelf && !(await tryChargeVerificationSend(tx, parent.id, now, ctx.config))) return false;
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.parentId, parent.id)).limit(1);
    return sendActivation(tx, ctx, { parent, userId: user?.id ?? null, budgetClass: staffOrSelf ? 'kita' : 'anonymous' });
  });
  if (sent) ctx.outbox.kick();
}

/** Activation mails a logged-in parent may ask for per day, over all the addresses they try. */
export const ACTIVATION_MAILS_PER_ACCOUNT_PER_DAY = 5;
const DAY = 24 * 3600_000;

/**
 * POST auth/{id}/otp {phoneNumber}: a code to verify a phone number. `id` is a parent (staff in
 * scope, the parent; anonymously only for the number already on the unverified account, e.g.
 * right after registration) or the caller's own staff user id.
 */
export async function requestPhoneOtp(ctx: PublicContext, id: string, phone: string): Promise<{ otpToken: string }> {
  const auth = ctx.actor?.kind === 'user' ? ctx.actor : null;
  if (auth && auth.role !== 'Parent' && auth.userId === id) {
    const [me] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
    const otpToken = await ctx.db.transaction((tx) =>
      sendOtp(tx, ctx, { kind: 'verify_phone', phone, language: me!.language, userId: id, kitaId: me!.kitaId, budgetClass: 'kita' }),
    );
    ctx.outbox.kick();
    return { otpToken };
  }
  const parent = await findParentByAnyId(ctx.db, id);
  if (!parent) throw notFound();
  if (auth) assertParentScope(auth, parent.id, parent.kitaId);
  else if (parent.primaryPhone !== phone || parent.primaryPhoneVerified) throw notFound();
  // Never a code for a rejected or expired registration, whoever asks.
  if (isClosedRegistration(parent)) throw new AppError(409, 'REGISTRATION_CLOSED');
  const otpToken = await ctx.db.transaction(async (tx) => {
    // Anonymous: the registration's lifetime total and a growing pause (staff and the parent themselves are not counted here).
    if (!auth) await chargeVerificationSend(tx, parent.id, ctx.clock.now(), ctx.config);
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.parentId, parent.id)).limit(1);
    return sendOtp(tx, ctx, {
      kind: 'verify_phone', phone, language: parent.language, parentId: parent.id, userId: user?.id ?? null, kitaId: parent.kitaId,
      budgetClass: auth ? 'kita' : 'anonymous',
    });
  });
  ctx.outbox.kick();
  return { otpToken };
}

/**
 * POST auth/verify-phone {otp, otpToken}: the otpToken (from POST auth/{id}/otp, registration
 * or the preferred-communication step) binds the code to the number it was sent to; that
 * number becomes the verified primary phone.
 */
export async function verifyPhone(ctx: Services, otpToken: string, otp: string): Promise<{ phoneNumber: string; verified: true }> {
  const now = ctx.clock.now();
  // One transaction: a wrong try is committed with it (the error is thrown afterwards).
  const result = await ctx.db.transaction(async (tx) => {
    const r = await checkOtp(tx, 'verify_phone', otpToken, otp, now);
    if (!r.ok) return r;
    const { parentId, userId, target } = r.challenge;
    if (parentId) {
      const [p] = await tx
        .update(parents)
        .set({ primaryPhone: target, primaryPhoneVerified: true, updatedAt: now })
        .where(eq(parents.id, parentId))
        .returning();
      // A phone-only registration hears 'registration received' now that the number is proved.
      if (p && p.status === 'registered' && !p.email) await sendRegistrationReceived(tx, { parent: p, budgetClass: 'kita' });
    } else if (userId) {
      await tx.update(users).set({ phoneNumber: target, phoneVerified: true, updatedAt: now }).where(eq(users.id, userId));
    }
    return r;
  });
  if (!result.ok) throw otpError(result);
  const target = result.challenge.target;
  return { phoneNumber: target!, verified: true };
}
