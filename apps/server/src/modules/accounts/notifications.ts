import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Language } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { kitas } from '../../db/schema.js';
import { enqueueMessages, type MessageKind } from '../../notify/outbox.js';
import { appLink, composeMessage, parentRecipient, storedLanguage, type Channel, type MessageVars, type ParentContact } from '../../notify/messages.js';
import { enforceLimit, hitLimit } from '../../lib/rate-limit.js';
import { outboxSecretKey, sealMessage } from '../../notify/secrets.js';
import { issueOtpChallenge, issueToken, OTP_MINUTES, TTL } from './tokens.js';
import { otpMessageKey } from './otp-status.js';
import type { Services } from '../../lib/context.js';
import type { BudgetClass } from '../../notify/budget.js';

/**
 * Account messages: each helper issues its token and enqueues its message in the caller's
 * transaction (outbox), so the message exists exactly when the change commits. After the
 * commit, call `ctx.outbox.kick()` for prompt delivery.
 */

export type AppLike = Pick<Services, 'config' | 'clock'>;

export interface ParentForMessage extends ParentContact {
  id: string;
  kitaId: string;
  name: string;
  emailVerified?: boolean;
}

const lang = (l: string | null | undefined): Language => storedLanguage(l);

async function kitaName(tx: DbOrTx, kitaId: string): Promise<string> {
  const [k] = await tx.select({ name: kitas.name }).from(kitas).where(eq(kitas.id, kitaId)).limit(1);
  return k?.name ?? '';
}

/**
 * Enqueues one composed message; the idempotency key is unique per send (`<kind>:<uuid>`) unless
 * given. A message that carries a token or code names it in `sealed`: it is stored encrypted,
 * with a placeholder in the text (notify/secrets.ts).
 */
export async function enqueueComposed(
  tx: DbOrTx,
  kind: MessageKind,
  to: { channel: Channel; recipient: string; language: Language },
  vars: MessageVars,
  ids: {
    kitaId?: string | null;
    parentId?: string | null;
    userId?: string | null;
    eventId?: string | null;
    idempotencyKey?: string;
    budgetClass?: BudgetClass | null;
    publicUrl?: string;
  } = {},
  sealed?: { secret: string; ctx: AppLike },
): Promise<void> {
  const { idempotencyKey, ...refs } = ids;
  const composed = composeMessage(kind, { ...to, vars });
  const message = sealed ? sealMessage(composed, sealed.secret, outboxSecretKey(sealed.ctx.config.jwtSecret)) : composed;
  await enqueueMessages(tx, [{ ...message, ...refs, idempotencyKey: idempotencyKey ?? `${kind}:${randomUUID()}` }]);
}

/**
 * The activation e-mail (7 days): `{publicUrl}/verify-email?token=...`. Activating verifies this
 * e-mail address (docs/domain.md). Returns false when the parent has no e-mail. The address is not
 * proved yet, so the mail carries no text anyone could choose: no name in the
 * greeting, only the Kita's name and the link.
 * `budgetClass`: 'kita' when a logged-in user caused it; otherwise it counts as anonymous.
 */
export async function sendActivation(
  tx: DbOrTx,
  ctx: AppLike,
  input: { parent: Pick<ParentForMessage, 'id' | 'kitaId' | 'name' | 'email' | 'language'>; userId?: string | null; budgetClass?: BudgetClass },
): Promise<boolean> {
  const { parent } = input;
  if (!parent.email) return false;
  const token = await issueToken(tx, {
    kind: 'activation',
    userId: input.userId ?? null,
    parentId: parent.id,
    target: parent.email,
    ttlMs: TTL.activation,
    now: ctx.clock.now(),
  });
  await enqueueComposed(
    tx,
    'activation',
    { channel: 'email', recipient: parent.email, language: lang(parent.language) },
    { kitaName: await kitaName(tx, parent.kitaId), link: appLink(ctx.config.publicUrl, '/verify-email', { token }) },
    { kitaId: parent.kitaId, parentId: parent.id, userId: input.userId ?? null, budgetClass: input.budgetClass ?? null, publicUrl: ctx.config.publicUrl },
    { secret: token, ctx },
  );
  return true;
}

/**
 * The confirmation mail for a parent's own new e-mail address (48 hours):
 * `{publicUrl}/verify-email?token=...`, the same page as activation. Opening it applies the
 * address. Like activation, the address is not proved, so no text the parent typed goes into it.
 */
export async function sendEmailChangeConfirmation(
  tx: DbOrTx,
  ctx: AppLike,
  input: { parent: Pick<ParentForMessage, 'id' | 'kitaId' | 'language'>; newEmail: string; token: string; userId?: string | null },
): Promise<void> {
  const { parent } = input;
  await enqueueComposed(
    tx,
    'email_change',
    { channel: 'email', recipient: input.newEmail, language: lang(parent.language) },
    { kitaName: await kitaName(tx, parent.kitaId), link: appLink(ctx.config.publicUrl, '/verify-email', { token: input.token }) },
    { kitaId: parent.kitaId, parentId: parent.id, userId: input.userId ?? null, budgetClass: 'kita', publicUrl: ctx.config.publicUrl },
    { secret: input.token, ctx },
  );
}

/** docs/quality.md: activation resend 3 per account per hour. */
export const RESEND_PER_HOUR = 3;
/** docs/quality.md: at most 3 OTP SMS per phone per 10 minutes (429 with Retry-After beyond). */
export const OTP_SMS_PER_PHONE = 3;
export const OTP_SMS_WINDOW_MS = 10 * 60_000;
/**
 * Verification codes an account may have sent per hour, whatever the numbers: without
 * it a logged-in parent could have SMS sent to any number, 3 per number per 10 minutes.
 */
export const VERIFY_SMS_PER_ACCOUNT = 5;
export const VERIFY_SMS_WINDOW_MS = 3600_000;

/**
 * Sends a 6-digit code by SMS to `phone` and returns the opaque otpToken that must accompany
 * the code (login step two, or phone verification).
 */
export async function sendOtp(
  tx: DbOrTx,
  ctx: AppLike,
  input: {
    kind: 'otp_login' | 'verify_phone';
    phone: string;
    language: string;
    userId?: string | null;
    parentId?: string | null;
    kitaId?: string | null;
    /** 'kita' when a logged-in user (or one who just gave the right password) caused it; otherwise anonymous. */
    budgetClass?: BudgetClass;
  },
): Promise<string> {
  const now = ctx.clock.now();
  const account = input.parentId ?? input.userId;
  if (input.kind === 'verify_phone' && account) {
    await enforceLimit(tx, `verify-sms:acct:${account}`, VERIFY_SMS_PER_ACCOUNT, VERIFY_SMS_WINDOW_MS, now);
  }
  await enforceLimit(tx, `otp-sms:${input.phone}`, OTP_SMS_PER_PHONE, OTP_SMS_WINDOW_MS, now);
  const { otpToken, otp } = await issueOtpChallenge(tx, {
    kind: input.kind,
    userId: input.userId ?? null,
    parentId: input.parentId ?? null,
    target: input.phone,
    now,
  });
  await enqueueComposed(
    tx,
    'otp',
    { channel: 'sms', recipient: input.phone, language: lang(input.language) },
    { otp, minutes: OTP_MINUTES },
    // Keyed by the challenge, so the code page can ask how its SMS fared (otp-status.ts).
    { kitaId: input.kitaId ?? null, parentId: input.parentId ?? null, userId: input.userId ?? null, budgetClass: input.budgetClass ?? null, idempotencyKey: otpMessageKey(otpToken) },
    { secret: otp, ctx },
  );
  return otpToken;
}

/**
 * The password-reset e-mail (60 minutes): `{publicUrl}/reset-password?token=...`; older reset links
 * stay valid until used or expired. Pass `name` only for an address that is proved (staff, a
 * verified parent e-mail): a mail to an unproved address carries no text anyone could choose.
 */
export async function sendPasswordReset(
  tx: DbOrTx,
  ctx: AppLike,
  input: { userId: string; email: string; name?: string | null; language: string; parentId?: string | null; kitaId?: string | null },
): Promise<void> {
  const token = await issueToken(tx, {
    kind: 'reset',
    userId: input.userId,
    parentId: input.parentId ?? null,
    target: input.email,
    ttlMs: TTL.reset,
    now: ctx.clock.now(),
  });
  await enqueueComposed(
    tx,
    'password_reset',
    { channel: 'email', recipient: input.email, language: lang(input.language) },
    { ...(input.name ? { name: input.name } : {}), minutes: TTL.reset / 60_000, link: appLink(ctx.config.publicUrl, '/reset-password', { token }) },
    { kitaId: input.kitaId ?? null, parentId: input.parentId ?? null, userId: input.userId, publicUrl: ctx.config.publicUrl },
    { secret: token, ctx },
  );
}

/**
 * 'Registration received': right after POST auth/register to the e-mail; for a phone-only
 * registration by SMS once the number is verified (verifyPhone), never to an unproved number.
 * Once per parent (idempotency key).
 */
export async function sendRegistrationReceived(
  tx: DbOrTx,
  input: { parent: Pick<ParentForMessage, 'id' | 'kitaId' | 'name' | 'email' | 'primaryPhone' | 'language'>; budgetClass?: BudgetClass },
): Promise<void> {
  const { parent } = input;
  const to = parent.email
    ? { channel: 'email' as const, recipient: parent.email }
    : parent.primaryPhone
      ? { channel: 'sms' as const, recipient: parent.primaryPhone }
      : null;
  if (!to) return;
  await enqueueComposed(
    tx,
    'registration_received',
    { ...to, language: lang(parent.language) },
    // Nobody proved this address yet: no name (or other text the registrant chose) in the message.
    { kitaName: await kitaName(tx, parent.kitaId) },
    { kitaId: parent.kitaId, parentId: parent.id, idempotencyKey: `registration_received:${parent.id}`, budgetClass: input.budgetClass ?? null },
  );
}

/**
 * 'You already have an account' to the owner of an e-mail someone tried to register again
 * (registration answers alike for known and unknown e-mails); 3 per address and hour.
 */
export async function sendAccountExists(tx: DbOrTx, ctx: AppLike, input: { email: string; language: string; kitaId: string }): Promise<void> {
  const { count } = await hitLimit(tx, `account-exists:${input.email}`, 3600_000, ctx.clock.now());
  if (count > 3) return;
  await enqueueComposed(
    tx,
    'account_exists',
    { channel: 'email', recipient: input.email, language: lang(input.language) },
    { kitaName: await kitaName(tx, input.kitaId), link: appLink(ctx.config.publicUrl, '/login') },
    { kitaId: input.kitaId, publicUrl: ctx.config.publicUrl },
  );
}

/**
 * The greeting's name: the name a registrant typed goes only to an address they proved (a verified
 * e-mail, or the SMS number they confirmed), never to an address anybody could have entered.
 */
function provedName(parent: ParentForMessage, to: { channel: Channel }): { name?: string } {
  return to.channel === 'sms' || parent.emailVerified === true ? { name: parent.name } : {};
}

/** 'Registration approved' (call from the approve route's transaction); once per parent. */
export async function sendRegistrationApproved(tx: DbOrTx, ctx: AppLike, input: { parent: ParentForMessage }): Promise<boolean> {
  const { parent } = input;
  const to = parentRecipient(parent);
  if (!to) return false;
  await enqueueComposed(
    tx,
    'registration_approved',
    to,
    { ...provedName(parent, to), kitaName: await kitaName(tx, parent.kitaId), link: appLink(ctx.config.publicUrl, '/login') },
    { kitaId: parent.kitaId, parentId: parent.id, idempotencyKey: `registration_approved:${parent.id}`, publicUrl: ctx.config.publicUrl },
  );
  return true;
}

/** 'Registration declined' (call from the reject route's transaction); once per parent. */
export async function sendRegistrationDeclined(tx: DbOrTx, input: { parent: ParentForMessage }): Promise<boolean> {
  const { parent } = input;
  const to = parentRecipient(parent);
  if (!to) return false;
  await enqueueComposed(
    tx,
    'registration_declined',
    to,
    { ...provedName(parent, to), kitaName: await kitaName(tx, parent.kitaId) },
    { kitaId: parent.kitaId, parentId: parent.id, idempotencyKey: `registration_declined:${parent.id}` },
  );
  return true;
}

/** 'Credits reset' to the parent after DELETE parents/{id}/reset-credits. */
export async function sendCreditsReset(tx: DbOrTx, input: { parent: ParentForMessage }): Promise<boolean> {
  const { parent } = input;
  const to = parentRecipient(parent);
  if (!to) return false;
  await enqueueComposed(
    tx,
    'credits_reset',
    to,
    { name: parent.name, kitaName: await kitaName(tx, parent.kitaId) },
    { kitaId: parent.kitaId, parentId: parent.id },
  );
  return true;
}
