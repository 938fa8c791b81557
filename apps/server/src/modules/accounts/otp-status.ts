import { and, eq, inArray } from 'drizzle-orm';
import type { OtpDelivery } from '@kita/shared';
import { outboxMessages } from '../../db/schema.js';
import { sha256 } from '../../lib/crypto.js';
import type { Services } from '../../lib/context.js';
import { findToken } from './tokens.js';

/** The outbox key of a code SMS: bound to its challenge, without revealing the otpToken. */
export const otpMessageKey = (otpToken: string) => `otp:${sha256(otpToken)}`;

/**
 * GET auth/otp-status?otpToken=: how the code SMS of a still valid challenge fared (a
 * code sent to a landline failed, and the page still said "Wir haben einen Code geschickt"):
 * `sending` (in the outbox), `sent` (the provider took it), `delivered`, or `failed` with the
 * reason code the delivery card words too ('landline', 'invalid_number', ...). An unknown or used
 * challenge answers `unknown`; the answer says nothing about the number or the code.
 */
export async function otpDelivery(ctx: Services, otpToken: string): Promise<OtpDelivery> {
  const now = ctx.clock.now();
  const challenge = (await findToken(ctx.db, 'verify_phone', otpToken, now)) ?? (await findToken(ctx.db, 'otp_login', otpToken, now));
  if (!challenge) return { state: 'unknown', reason: null };
  const [m] = await ctx.db
    .select({ status: outboxMessages.status, deliveryStatus: outboxMessages.deliveryStatus, failureReason: outboxMessages.failureReason })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.idempotencyKey, otpMessageKey(otpToken)), inArray(outboxMessages.kind, ['otp'])))
    .limit(1);
  if (!m) return { state: 'unknown', reason: null };
  if (m.status === 'failed' || m.deliveryStatus === 'undelivered') return { state: 'failed', reason: m.failureReason ?? 'unknown' };
  if (m.deliveryStatus === 'delivered') return { state: 'delivered', reason: null };
  if (m.status === 'sent') return { state: 'sent', reason: null };
  return { state: 'sending', reason: null };
}
