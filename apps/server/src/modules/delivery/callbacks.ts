import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FailureReason } from '@kita/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { sevenReason, twilioReason } from '../../notify/failure-reasons.js';

/**
 * Provider status callbacks (delivery reports). Each is authenticated by the provider's signature
 * over the exact URL we gave it (built from PUBLIC_URL, never from the Host header) and applied at
 * most once: the signature (Twilio) or nonce (seven.io) is recorded, and the same callback again
 * is refused as a replay. A delivered or undelivered message never changes again.
 */

export const forgedCallback = () => new AppError(403, 'CALLBACK_SIGNATURE_INVALID');
export const replayedCallback = () => new AppError(409, 'CALLBACK_REPLAYED');

const safeEqual = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** X-Twilio-Signature: base64 HMAC-SHA1 with the auth token over the URL + each POST parameter (sorted by name) as name+value. */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = url + Object.keys(params).sort().map((k) => k + params[k]).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function verifyTwilio(authToken: string, url: string, params: Record<string, string>, signature: string | undefined): void {
  if (!signature || !safeEqual(twilioSignature(authToken, url, params), signature)) throw forgedCallback();
}

/** seven.io webhook signature: hex HMAC-SHA256 with the signing secret over timestamp, nonce, method, URL and the body's MD5, one per line. */
export function sevenSignature(secret: string, p: { timestamp: string; nonce: string; method: string; url: string; body: string }): string {
  const md5 = createHash('md5').update(p.body, 'utf8').digest('hex');
  return createHmac('sha256', secret).update([p.timestamp, p.nonce, p.method, p.url, md5].join('\n'), 'utf8').digest('hex');
}

/** Reports older (or newer) than this are refused: a captured request cannot be replayed later. */
export const SEVEN_MAX_SKEW_S = 300;

export function verifySeven(
  secret: string,
  p: { timestamp: string | undefined; nonce: string | undefined; signature: string | undefined; method: string; url: string; body: string },
  now: Date,
): void {
  if (!p.timestamp || !p.nonce || !p.signature || !/^\d+$/.test(p.timestamp)) throw forgedCallback();
  const expected = sevenSignature(secret, { timestamp: p.timestamp, nonce: p.nonce, method: p.method, url: p.url, body: p.body });
  if (!safeEqual(expected, p.signature)) throw forgedCallback();
  if (Math.abs(now.getTime() / 1000 - Number(p.timestamp)) > SEVEN_MAX_SKEW_S) throw replayedCallback();
}

/** What a provider's status word means for us: a final outcome, or just progress (null). */
export function twilioOutcome(status: string): 'delivered' | 'undelivered' | null {
  if (status === 'delivered' || status === 'read') return 'delivered';
  if (status === 'undelivered' || status === 'failed') return 'undelivered';
  return null;
}

export function sevenOutcome(status: string): 'delivered' | 'undelivered' | null {
  const s = status.toUpperCase();
  if (s === 'DELIVERED') return 'delivered';
  if (['NOTDELIVERED', 'EXPIRED', 'REJECTED', 'FAILED'].includes(s)) return 'undelivered';
  return null;
}

export interface DeliveryReport {
  provider: 'twilio' | 'seven';
  replayKey: string;
  providerMessageId: string;
  status: string;
  outcome: 'delivered' | 'undelivered' | null;
  reason: FailureReason | null;
}

export const twilioReport = (params: Record<string, string>, signature: string): DeliveryReport => {
  const status = params.MessageStatus ?? params.SmsStatus ?? '';
  const outcome = twilioOutcome(status);
  return {
    provider: 'twilio',
    replayKey: signature,
    providerMessageId: params.MessageSid ?? params.SmsSid ?? '',
    status,
    outcome,
    reason: outcome === 'undelivered' ? twilioReason(params.ErrorCode) : null,
  };
};

export const sevenReport = (body: { data?: { msg_id?: unknown; status?: unknown } }, nonce: string): DeliveryReport => {
  const status = String(body.data?.status ?? '');
  const outcome = sevenOutcome(status);
  return {
    provider: 'seven',
    replayKey: nonce,
    providerMessageId: String(body.data?.msg_id ?? ''),
    status,
    outcome,
    reason: outcome === 'undelivered' ? sevenReason(status) : null,
  };
};

/**
 * Records the callback (refused when seen before) and moves the message from sent to delivered or
 * undelivered. Returns whether a message was changed (an unknown message id changes nothing).
 */
export async function applyDeliveryReport(db: Db, r: DeliveryReport): Promise<boolean> {
  return db.transaction(async (tx) => {
    const seen = await tx.execute(sql`
      insert into delivery_callbacks (provider, replay_key, provider_message_id, status)
      values (${r.provider}, ${r.replayKey}, ${r.providerMessageId}, ${r.status})
      on conflict (provider, replay_key) do nothing returning id`);
    if (seen.rows.length === 0) throw replayedCallback();
    if (!r.providerMessageId) return false;
    const updated = await tx.execute(sql`
      update outbox_messages
         set provider_status = ${r.status},
             delivery_status = coalesce(${r.outcome}::text, delivery_status),
             failure_reason = case when ${r.outcome}::text = 'undelivered' then ${r.reason}::text else failure_reason end,
             delivery_updated_at = now()
       where transport = ${r.provider} and provider_message_id = ${r.providerMessageId}
         and status = 'sent' and delivery_status is null
      returning id`);
    return updated.rows.length > 0;
  });
}
