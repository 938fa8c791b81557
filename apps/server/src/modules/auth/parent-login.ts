import { and, desc, eq } from 'drizzle-orm';
import type { LoginResult } from '@kita/shared';
import { parents, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { hitLimit } from '../../lib/rate-limit.js';
import { createUserSession } from '../../plugins/auth.js';
import { findSessionUser } from '../../lib/session-user.js';
import { checkPasswordLogin, type LoginClient } from './staff-login.js';
import { RESEND_PER_HOUR, sendActivation, sendOtp } from '../accounts/notifications.js';
import { tryChargeVerificationSend } from '../accounts/registration-limits.js';
import { checkOtp, otpError } from '../accounts/tokens.js';
import type { Services } from '../../lib/context.js';

/**
 * Parent login (docs/domain.md "Accounts and login"): e-mail + password, or phone +
 * password followed by a 6-digit code by SMS. Wrong password and unknown account answer alike
 * (checkPasswordLogin); only someone who knows the password learns about the account's state.
 */

const HOUR = 3600_000;

type ParentAccount = { user: typeof users.$inferSelect; parent: typeof parents.$inferSelect };

async function parentByEmail(ctx: Services, email: string): Promise<ParentAccount | undefined> {
  const [row] = await ctx.db
    .select({ user: users, parent: parents })
    .from(parents)
    .innerJoin(users, eq(users.parentId, parents.id))
    .where(eq(parents.email, email))
    .limit(1);
  return row;
}

/**
 * Phone login uses the verified primary phone. The number is not unique across parents (two
 * Kitas, a shared family phone); the most recently updated verified account wins.
 */
async function parentByPhone(ctx: Services, phone: string): Promise<ParentAccount | undefined> {
  const [row] = await ctx.db
    .select({ user: users, parent: parents })
    .from(parents)
    .innerJoin(users, eq(users.parentId, parents.id))
    .where(and(eq(parents.primaryPhone, phone), eq(parents.primaryPhoneVerified, true)))
    .orderBy(desc(parents.updatedAt))
    .limit(1);
  return row;
}

/**
 * Where the one-time code after too many failed logins goes: the address or number the parent logs
 * in with (the phone login uses only a verified number); none for a rejected or inactive account.
 */
function unlockContact(acc: ParentAccount, by: 'email' | 'sms') {
  if (acc.parent.status === 'rejected' || !acc.parent.isActive) return null;
  const recipient = by === 'email' ? acc.parent.email : acc.parent.primaryPhone;
  if (!recipient) return null;
  return { channel: by, recipient, language: acc.parent.language, kitaId: acc.parent.kitaId, parentId: acc.parent.id };
}

/** After the right password: a pending or inactive account is told so (403). */
function assertUsable(acc: ParentAccount): void {
  if (acc.parent.status === 'registered') throw new AppError(403, 'ACCOUNT_PENDING');
  if (acc.parent.status !== 'approved' || !acc.parent.isActive || !acc.user.isActive) throw new AppError(403, 'ACCOUNT_INACTIVE');
}

async function loginResult(ctx: Services, userId: string): Promise<LoginResult> {
  const token = await createUserSession(ctx, userId);
  const user = await findSessionUser(ctx.db, userId);
  return { token, user: user! };
}

export async function loginWithEmail(ctx: Services, client: LoginClient, email: string, password: string): Promise<LoginResult> {
  let acc: ParentAccount | undefined;
  await checkPasswordLogin(ctx, client, email, async () => {
    acc = await parentByEmail(ctx, email);
    // Activity is judged after the password (assertUsable), so the parent learns why.
    return acc && { id: acc.user.id, passwordHash: acc.user.passwordHash, isActive: true, unlockTo: unlockContact(acc, 'email') };
  }, password);
  const a = acc!;
  if (!a.parent.emailVerified) {
    await resendActivationLimited(ctx, a);
    throw new AppError(403, 'EMAIL_NOT_VERIFIED');
  }
  assertUsable(a);
  return loginResult(ctx, a.user.id);
}

/** A new activation mail, at most RESEND_PER_HOUR per address (silently none beyond). */
async function resendActivationLimited(ctx: Services, a: ParentAccount): Promise<void> {
  const { count } = await hitLimit(ctx.db, `resend:${a.parent.email}`, HOUR, ctx.clock.now());
  if (count > RESEND_PER_HOUR) return;
  const sent = await ctx.db.transaction(async (tx) => {
    // A registration (not approved yet) counts towards its lifetime total of verification messages.
    if (a.parent.status !== 'approved' && !(await tryChargeVerificationSend(tx, a.parent.id, ctx.clock.now(), ctx.config))) return false;
    return sendActivation(tx, ctx, { parent: a.parent, userId: a.user.id, budgetClass: 'kita' });
  });
  if (sent) ctx.outbox.kick();
}

export async function loginWithPhone(ctx: Services, client: LoginClient, phone: string, password: string): Promise<{ otpToken: string }> {
  let acc: ParentAccount | undefined;
  try {
    await checkPasswordLogin(ctx, client, phone, async () => {
      acc = await parentByPhone(ctx, phone);
      return acc && { id: acc.user.id, passwordHash: acc.user.passwordHash, isActive: true, unlockTo: unlockContact(acc, 'sms') };
    }, password);
  } catch (error) {
    // The same refusal, worded for what was entered (it used to say "E-Mail oder Passwort").
    if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS') throw new AppError(401, 'INVALID_CREDENTIALS', 'auth.login.invalidPhoneCredentials');
    throw error;
  }
  const a = acc!;
  assertUsable(a);
  const otpToken = await ctx.db.transaction((tx) =>
    // After the right password: counted as the Kita's, so anonymous traffic never holds an owner's login code.
    sendOtp(tx, ctx, { kind: 'otp_login', phone, language: a.parent.language, userId: a.user.id, parentId: a.parent.id, kitaId: a.parent.kitaId, budgetClass: 'kita' }),
  );
  ctx.outbox.kick();
  return { otpToken };
}

/** Staff with a verified phone (POST auth/login): the same code step after the password. */
export async function startStaffOtp(ctx: Services, user: { id: string; phoneNumber: string; language: string; kitaId: string | null }) {
  const otpToken = await ctx.db.transaction((tx) =>
    sendOtp(tx, ctx, { kind: 'otp_login', phone: user.phoneNumber, language: user.language, userId: user.id, kitaId: user.kitaId, budgetClass: 'kita' }),
  );
  ctx.outbox.kick();
  return { otpToken };
}

/** Step two: the code and its otpToken -> a session. Wrong codes are counted (5 lock the code). */
export async function loginWithOtp(ctx: Services, otpToken: string, otp: string): Promise<LoginResult> {
  // The try is recorded in its own committed transaction before the error is thrown.
  const result = await ctx.db.transaction((tx) => checkOtp(tx, 'otp_login', otpToken, otp, ctx.clock.now()));
  if (!result.ok) throw otpError(result);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, result.challenge.userId!)).limit(1);
  if (!user || !user.isActive) throw new AppError(400, 'OTP_INVALID');
  return loginResult(ctx, user.id);
}
