import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FailureReason } from '@kita/shared';
import { TokenBucket } from './token-bucket.js';
import { AccountDeliveryError, PermanentDeliveryError, type AccountProblem, type Deliverable, type Transport } from './transport.js';

/**
 * seven.io (Germany), the second SMS provider beside Twilio, exactly as documented. Sources, cited
 * below by their tag:
 * - [SMS]      API reference "SMS": https://docs.seven.io/en/rest-api/endpoints/sms (POST /api/sms,
 *              to, text, from "max. 11 alphanumeric or 16 numeric characters", ttl "validity period
 *              in minutes, default 2880", foreign_id)
 * - [CODES]    API reference "Return codes" (docs.seven.io, rest-api): 100 sent, 101 sending to at
 *              least one recipient failed, 201 sender invalid, 202 recipient invalid, 300 missing
 *              authentication, 301 `to` missing, 304 `type` missing, 305 `text` missing, 306 sender
 *              number invalid, 307 `url` missing, 400 type invalid, 401 text too long, 402 reload
 *              lock (the same text to the same number within 180 s), 403 daily limit for this
 *              number reached, 500 too little credit, 600 carrier delivery failed, 700 unknown
 *              error, 900 authentication failed, 901 signature verification failed, 902 API key
 *              without access to this endpoint, 903 server IP not allowed.
 *              Where seven's own clients disagree (seven-io/js-client src/lib/ErrorCode.ts calls
 *              201 "InvalidCountryCode"; the JS and PHP clients differ on 305/401/402), this module
 *              follows the API reference.
 * - [HOOKS]    "Webhooks": https://docs.seven.io/en/rest-api/webhooks (headers X-Signature,
 *              X-Timestamp, X-Nonce; the `dlr` example body; re-delivery only on 429, 500/502/503/
 *              504 and connection errors, every other 4xx is final; up to 14 attempts over ~3.5
 *              days: 1 min, 5 min, 30 min, 60 min ...)
 * - [HOOK-API] "Webhooks" endpoint: https://docs.seven.io/en/rest-api/endpoints/webhooks
 *              (`request_method`: POST = application/x-www-form-urlencoded, the default; JSON;
 *              GET)
 * - [SIGN]     "Signing of requests": https://docs.seven.io/en/rest-api/signing (HMAC-SHA256 with
 *              the account's signing key over timestamp, nonce, HTTP method, target URL and the
 *              body's MD5, one per line)
 * - [VERIFIER] seven-io/js-client src/lib/WebhookVerifier.ts and its README example (the URL it
 *              verifies is `req.originalUrl`, i.e. the path; both signatures are lower-cased
 *              before the constant-time comparison; 300 s default age limit)
 */

export interface SevenOptions {
  /** SEVEN_API_URL, https://gateway.seven.io (tests point it at a local fake). */
  apiUrl: string;
  apiKey: string;
  /** SEVEN_FROM: sender, up to 11 alphanumeric characters or 16 digits ([SMS]; checked at start-up). */
  from: string;
  ratePerSecond: number;
  timeoutMs?: number;
}

type SevenMessage = { id?: string | number | null; success?: boolean; error?: string | number | null; error_text?: string | null };
type SevenResponse = { success?: string | number; messages?: SevenMessage[] };

/** What one return code of [CODES] means for us. */
export type SevenCodeClass =
  | { kind: 'sent' }
  | { kind: 'duplicate' }
  | { kind: 'message'; reason: FailureReason }
  | { kind: 'account'; problem: AccountProblem }
  | { kind: 'retry' };

const SEVEN_CODES: Record<string, SevenCodeClass> = {
  '100': { kind: 'sent' },
  // 402: seven already took this very text for this number within 180 s: an earlier attempt of
  // ours got through although we did not see the answer (a timeout). Retrying would risk a second
  // SMS after the lock; the message counts as handed over.
  '402': { kind: 'duplicate' },
  // Per message: no retry fixes the recipient or the text.
  '202': { kind: 'message', reason: 'invalid_number' },
  '301': { kind: 'message', reason: 'invalid_number' },
  '304': { kind: 'message', reason: 'rejected' },
  '305': { kind: 'message', reason: 'rejected' },
  '307': { kind: 'message', reason: 'rejected' },
  '400': { kind: 'message', reason: 'rejected' },
  '401': { kind: 'message', reason: 'rejected' },
  '403': { kind: 'message', reason: 'blocked' },
  // Account-level: every message would fail the same way; the channel pauses (channel-pause.ts).
  '201': { kind: 'account', problem: 'sender' },
  '306': { kind: 'account', problem: 'sender' },
  '300': { kind: 'account', problem: 'auth' },
  '900': { kind: 'account', problem: 'auth' },
  '901': { kind: 'account', problem: 'auth' },
  '902': { kind: 'account', problem: 'auth' },
  '903': { kind: 'account', problem: 'auth' },
  '500': { kind: 'account', problem: 'credit' },
  // Temporary: the carrier or seven itself; retried with backoff.
  '600': { kind: 'retry' },
  '700': { kind: 'retry' },
};

export function classifySevenCode(code: string | number | null | undefined): SevenCodeClass {
  return SEVEN_CODES[String(code ?? '').trim()] ?? { kind: 'retry' };
}

/** [SMS] ttl is in minutes; seven's default (and our ceiling) is 2880 = 48 h. */
export const SEVEN_MAX_TTL_MINUTES = 2880;
export function sevenTtlMinutes(validForSeconds: number): number {
  return Math.min(SEVEN_MAX_TTL_MINUTES, Math.max(1, Math.ceil(validForSeconds / 60)));
}

/**
 * POST {apiUrl}/api/sms with the API key in X-Api-Key and a JSON body {to, text, from,
 * foreign_id, ttl}. seven answers HTTP 200 with the result in the body ([CODES]): `success` 100
 * and messages[0].id (the id the delivery report names); 101 and messages[0].success=false: this
 * recipient failed with messages[0].error; any other code is classified by [CODES]. A non-2xx
 * HTTP status or an unreadable body is retried.
 */
export function createSevenTransport(opts: SevenOptions): Transport {
  const bucket = new TokenBucket(opts.ratePerSecond);
  const url = `${opts.apiUrl.replace(/\/$/, '')}/api/sms`;
  return {
    name: 'seven',
    async send(message: Deliverable) {
      await bucket.take();
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'x-api-key': opts.apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          to: message.recipient,
          text: message.bodyText,
          from: opts.from,
          foreign_id: message.id,
          ...(message.validForSeconds ? { ttl: sevenTtlMinutes(message.validForSeconds) } : {}),
        }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`seven.io HTTP ${res.status}: ${text.slice(0, 200)}`);
      let body: SevenResponse | null = null;
      try {
        body = JSON.parse(text) as SevenResponse;
      } catch {
        // Without `Accept: application/json` seven answers with the bare return code.
      }
      const code = String(body && typeof body === 'object' ? (body.success ?? '') : text.trim()).slice(0, 10);
      const first = body && typeof body === 'object' ? body.messages?.[0] : undefined;
      const detail = (c: string, t?: string | null) => `seven.io return code ${c}${t ? `: ${t}` : ''}`;
      // 100 (sent) and 101 (at least one recipient failed): the recipient's own entry decides.
      if ((code === '100' || code === '101') && first) {
        if (first.success !== false && first.id) return { providerMessageId: String(first.id) };
        const own = String(first.error ?? '');
        const cls = classifySevenCode(own);
        if (cls.kind === 'account') throw new AccountDeliveryError(detail(own, first.error_text), cls.problem, own);
        if (cls.kind === 'retry' && own) throw new Error(detail(own, first.error_text));
        throw new PermanentDeliveryError(detail(`${code}/${own || '-'}`, first.error_text), cls.kind === 'message' ? cls.reason : 'rejected');
      }
      const cls = classifySevenCode(code);
      if (cls.kind === 'duplicate') return { providerMessageId: null, note: detail(code, 'reload lock: sent within the last 180 s') };
      if (cls.kind === 'message') throw new PermanentDeliveryError(detail(code, first?.error_text), cls.reason);
      if (cls.kind === 'account') throw new AccountDeliveryError(detail(code, first?.error_text), cls.problem, code);
      throw new Error(detail(code || '?', first?.error_text ?? text.slice(0, 200)));
    },
  };
}

/* ------------------------------------------------------------------------------------------------
 * Delivery reports ([HOOKS], [HOOK-API], [SIGN], [VERIFIER])
 * ---------------------------------------------------------------------------------------------- */

/** [HOOKS] status words of an SMS delivery report (js-client StatusReportCode lists the same nine). */
export function sevenOutcome(status: string): 'delivered' | 'undelivered' | null {
  const s = status.toUpperCase();
  if (s === 'DELIVERED') return 'delivered';
  if (['NOTDELIVERED', 'EXPIRED', 'REJECTED', 'FAILED'].includes(s)) return 'undelivered';
  // BUFFERED, TRANSMITTED, ACCEPTED, UNKNOWN: still on its way (or nothing known yet).
  return null;
}

const SEVEN_REPORT_REASONS: Record<string, FailureReason> = {
  NOTDELIVERED: 'unreachable',
  EXPIRED: 'expired',
  REJECTED: 'rejected',
  FAILED: 'unknown',
};
export const sevenReportReason = (status: string): FailureReason => SEVEN_REPORT_REASONS[status.toUpperCase()] ?? 'unknown';

export type SevenReportBody =
  | { kind: 'dlr'; msgId: string; status: string }
  /** Another event type (sms_mo, tracking ... when the webhook is set to `all`): acknowledged, ignored. */
  | { kind: 'other'; event: string }
  | { kind: 'invalid' };

/**
 * The body of a seven.io webhook in either format [HOOK-API]: JSON (`request_method` JSON) as in
 * the [HOOKS] example `{"webhook_event":"dlr","data":{"msg_id":...,"status":...}}`, or
 * application/x-www-form-urlencoded (`request_method` POST, seven's default), where the nested
 * `data` object travels as `data[msg_id]`, `data[status]` (flat `msg_id`/`status` are read too).
 * Anything else, a `null` body included, is `invalid` (a 400, never a 500).
 */
export function parseSevenReport(raw: string, contentType: string | undefined): SevenReportBody {
  const json = /json/i.test(contentType ?? '') || /^\s*[[{n"]/.test(raw);
  let event: unknown;
  let data: Record<string, unknown> | null = null;
  if (json) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return { kind: 'invalid' };
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { kind: 'invalid' };
    const o = parsed as Record<string, unknown>;
    event = o.webhook_event;
    data = o.data && typeof o.data === 'object' && !Array.isArray(o.data) ? (o.data as Record<string, unknown>) : null;
  } else {
    const form = new URLSearchParams(raw);
    event = form.get('webhook_event') ?? undefined;
    const pick = (k: string) => form.get(`data[${k}]`) ?? form.get(k);
    data = pick('msg_id') !== null || pick('status') !== null ? { msg_id: pick('msg_id'), status: pick('status') } : null;
  }
  if (event !== undefined && event !== null && event !== 'dlr') return { kind: 'other', event: String(event).slice(0, 40) };
  const msgId = data?.msg_id;
  const status = data?.status;
  if ((typeof msgId !== 'string' && typeof msgId !== 'number') || typeof status !== 'string' || String(msgId) === '' || status === '') {
    return { kind: 'invalid' };
  }
  return { kind: 'dlr', msgId: String(msgId), status };
}

/** [SIGN] hex HMAC-SHA256 over timestamp, nonce, method, URL and the body's MD5, one per line. */
export function sevenSignature(secret: string, p: { timestamp: string; nonce: string; method: string; url: string; body: string }): string {
  const md5 = createHash('md5').update(p.body, 'utf8').digest('hex');
  return createHmac('sha256', secret).update([p.timestamp, p.nonce, p.method.toUpperCase(), p.url, md5].join('\n'), 'utf8').digest('hex');
}

/**
 * How old a signed report may be. seven re-delivers with the signature of the first attempt for up
 * to ~3.5 days ([HOOKS]); [VERIFIER]'s 300 s default would refuse its retries after 5 and 30
 * minutes, and every refusal is final for seven. A replay of a genuine report within this window
 * is harmless: its nonce is recorded and the same report again changes nothing (callbacks.ts).
 */
export const SEVEN_REPORT_MAX_AGE_S = 4 * 24 * 3600;
/** Clock skew allowed into the future. */
export const SEVEN_REPORT_MAX_AHEAD_S = 300;

/**
 * Checks a webhook's signature. The signed "target URL" is tried both as the path with query (what
 * [VERIFIER] verifies: `req.originalUrl`) and as the complete URL under PUBLIC_URL (what [SIGN]
 * describes); the hex digests are compared case-insensitively in constant time, as [VERIFIER] does.
 */
export function verifySevenSignature(
  secret: string,
  p: { timestamp: string | undefined; nonce: string | undefined; signature: string | undefined; method: string; urls: string[]; body: string },
  now: Date,
): 'ok' | 'forged' | 'stale' {
  if (!p.timestamp || !p.nonce || !p.signature || !/^\d{1,12}$/.test(p.timestamp)) return 'forged';
  const given = Buffer.from(p.signature.trim().toLowerCase());
  const valid = p.urls.some((url) => {
    const expected = Buffer.from(sevenSignature(secret, { timestamp: p.timestamp!, nonce: p.nonce!, method: p.method, url, body: p.body }));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) return 'forged';
  const age = now.getTime() / 1000 - Number(p.timestamp);
  if (age > SEVEN_REPORT_MAX_AGE_S || age < -SEVEN_REPORT_MAX_AHEAD_S) return 'stale';
  return 'ok';
}

/** [SMS] a sender is up to 11 alphanumeric characters or up to 16 digits (an optional leading +). */
export function sevenSenderProblem(from: string): string | null {
  if (/^\+?\d{1,16}$/.test(from)) return null;
  if (/^[A-Za-z0-9]{1,11}$/.test(from)) return null;
  return 'must be up to 11 letters and digits without spaces (an alphanumeric sender such as "KitaSonne") or a number of up to 16 digits (seven.io API reference, SMS `from`)';
}
