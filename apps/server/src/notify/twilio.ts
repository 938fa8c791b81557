import { createHmac, timingSafeEqual } from 'node:crypto';
import { parse as parseQuery, stringify as stringifyQuery } from 'node:querystring';
import type { FailureReason } from '@kita/shared';
import { TokenBucket } from './token-bucket.js';
import { AccountDeliveryError, PermanentDeliveryError, type AccountProblem, type Deliverable, type Transport } from './transport.js';

/**
 * Twilio Programmable Messaging, exactly as documented. Sources, cited below by their tag:
 * - [MSG]    Message resource: https://www.twilio.com/docs/messaging/api/message-resource (POST
 *            /2010-04-01/Accounts/{AccountSid}/Messages.json, form body To, From or
 *            MessagingServiceSid, Body, StatusCallback, ValidityPeriod "seconds, 1 to 36000,
 *            default 36000 (10 h)"; the status values queued, sending, sent, failed, delivered,
 *            undelivered, receiving, received, accepted, scheduled, read, partially_delivered,
 *            canceled)
 * - [ERR]    Error and warning dictionary: https://www.twilio.com/docs/api/errors/{code}
 * - [SEC]    Webhook security: https://www.twilio.com/docs/usage/security and twilio-node
 *            src/webhooks/webhooks.ts `validateRequest`: HMAC-SHA1 with the auth token over the URL
 *            plus every POST parameter sorted by name as name+value (a repeated parameter once per
 *            distinct value, values sorted); the URL is tried without and with the port and with
 *            the legacy query-string encoding "since signature generation on the back end is
 *            inconsistent"
 * - [RULES]  Webhook Rules / shared keys: https://www.twilio.com/docs/usage/webhooks/webhook-shared-keys
 *            and twilio-node examples/WebhookSignatureValidation.md: when a Webhook Rule matches,
 *            Twilio signs with the Setting's SharedKey and algorithm and adds
 *            `X-Twilio-Webhooks-Signature-Settings: key=…,algorithm=HMAC_SHA256`; only the hash changes
 * - [OVR]    Connection overrides: https://www.twilio.com/docs/usage/webhooks/webhooks-connection-overrides
 *            (`#rc=…&rp=…` fragments are part of the configured URL, hence of the signed URL, but a
 *            fragment never reaches the server)
 */

export interface TwilioOptions {
  /** TWILIO_API_URL, https://api.twilio.com (tests point it at a local fake). */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** TWILIO_FROM: a Twilio number in E.164, an alphanumeric sender id, or a Messaging Service SID (MG…). */
  from: string;
  /** SMS_RATE_PER_SECOND */
  ratePerSecond: number;
  timeoutMs?: number;
  /** Where Twilio posts the message's status changes ({PUBLIC_URL}/api/delivery/twilio/status[#overrides]). */
  statusCallbackUrl?: string;
}

/** What a Twilio error code [ERR] means for us. */
export type TwilioCodeClass = { kind: 'message'; reason: FailureReason } | { kind: 'account'; problem: AccountProblem } | { kind: 'retry' };

const TWILIO_CODES: Record<string, TwilioCodeClass> = {
  // Per message (the recipient or this message).
  '21211': { kind: 'message', reason: 'invalid_number' }, // invalid 'To' phone number
  '21614': { kind: 'message', reason: 'landline' }, // 'To' number is not a valid mobile number
  '21610': { kind: 'message', reason: 'blocked' }, // recipient replied STOP
  '21602': { kind: 'message', reason: 'rejected' }, // message body required
  '21617': { kind: 'message', reason: 'rejected' }, // body exceeds the 1600 character limit
  '30003': { kind: 'message', reason: 'unreachable' }, // unreachable destination handset
  '30004': { kind: 'message', reason: 'blocked' }, // message blocked
  '30005': { kind: 'message', reason: 'invalid_number' }, // unknown destination handset
  '30006': { kind: 'message', reason: 'landline' }, // landline or unreachable carrier
  '30007': { kind: 'message', reason: 'filtered' }, // carrier filtering
  '30008': { kind: 'message', reason: 'unknown' }, // unknown error
  '30001': { kind: 'message', reason: 'expired' }, // queue overflow
  '30036': { kind: 'message', reason: 'expired' }, // validity period expired (ValidityPeriod)
  // Account-level (every recipient would fail the same way): the channel pauses.
  '20003': { kind: 'account', problem: 'auth' }, // authentication error
  '20404': { kind: 'account', problem: 'auth' }, // the account (SID) in the URL does not exist
  '20005': { kind: 'account', problem: 'suspended' }, // account not active
  '30002': { kind: 'account', problem: 'suspended' }, // account suspended
  '21212': { kind: 'account', problem: 'sender' }, // invalid 'From' number
  '21606': { kind: 'account', problem: 'sender' }, // 'From' number is not a valid, SMS-capable number of this account
  '21659': { kind: 'account', problem: 'sender' }, // 'From' is not a Twilio phone number or short code
  '21701': { kind: 'account', problem: 'sender' }, // Messaging Service does not exist
  '21703': { kind: 'account', problem: 'sender' }, // Messaging Service has no phone number in its sender pool
  '21704': { kind: 'account', problem: 'sender' }, // Messaging Service has no phone number in its sender pool
  '21608': { kind: 'account', problem: 'trial' }, // trial account: 'To' number not verified
  '21408': { kind: 'account', problem: 'region' }, // permission to send to this region not enabled (Geo permissions)
  '21612': { kind: 'account', problem: 'sender_id' }, // 'To' not reachable from this 'From' (sender-ID restrictions)
  '20429': { kind: 'retry' }, // too many requests
};

export function classifyTwilioCode(code: string | number | null | undefined): TwilioCodeClass | null {
  return (code !== null && code !== undefined && TWILIO_CODES[String(code)]) || null;
}

/** The reason of a message-level error code (status callback ErrorCode, REST error), or 'unknown'. */
export function twilioReason(code: string | number | null | undefined): FailureReason {
  const c = classifyTwilioCode(code);
  return c?.kind === 'message' ? c.reason : 'unknown';
}

/** [MSG] ValidityPeriod is in seconds, 1 to 36000. */
export const TWILIO_MAX_VALIDITY_S = 36_000;
export const twilioValiditySeconds = (validForSeconds: number) => Math.min(TWILIO_MAX_VALIDITY_S, Math.max(1, Math.ceil(validForSeconds)));

export const isMessagingServiceSid = (from: string) => /^MG[0-9a-fA-F]{32}$/.test(from);

/**
 * POST {apiUrl}/2010-04-01/Accounts/{sid}/Messages.json [MSG] (basic auth). 201 -> the message
 * SID; 429, 408 and 5xx -> retried with backoff; an error code of [ERR] decides the rest: a
 * recipient's problem fails this message at once, an account's problem pauses the channel
 * (AccountDeliveryError), 401 without a known code counts as a bad key.
 */
export function createTwilioTransport(opts: TwilioOptions): Transport {
  const bucket = new TokenBucket(opts.ratePerSecond);
  const url = `${opts.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  const sender: Record<string, string> = isMessagingServiceSid(opts.from) ? { MessagingServiceSid: opts.from } : { From: opts.from };
  return {
    name: 'twilio',
    async send(message: Deliverable) {
      await bucket.take();
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          To: message.recipient,
          ...sender,
          Body: message.bodyText,
          ...(opts.statusCallbackUrl ? { StatusCallback: opts.statusCallbackUrl } : {}),
          ...(message.validForSeconds ? { ValidityPeriod: String(twilioValiditySeconds(message.validForSeconds)) } : {}),
        }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
      const text = await res.text();
      type Answer = { sid?: string; code?: number; message?: string };
      let body: Answer | null = null;
      try {
        body = JSON.parse(text) as Answer | null;
      } catch {
        // Proxies and outages answer with HTML; the status code decides.
      }
      if (res.ok && body?.sid) return { providerMessageId: body.sid };
      const code = body?.code ? String(body.code) : '';
      const detail = `Twilio ${res.status}${code ? ` (${code})` : ''}: ${body?.message ?? text.slice(0, 200)}`;
      if (res.status === 429 || res.status === 408 || res.status >= 500 || res.ok) throw new Error(detail);
      const cls = classifyTwilioCode(code);
      if (cls?.kind === 'account') throw new AccountDeliveryError(detail, cls.problem, code);
      if (cls?.kind === 'retry') throw new Error(detail);
      if (res.status === 401) throw new AccountDeliveryError(detail, 'auth', code || '401');
      if (res.status === 403) throw new AccountDeliveryError(detail, 'suspended', code || '403');
      throw new PermanentDeliveryError(detail, cls?.kind === 'message' ? cls.reason : 'rejected');
    },
  };
}

/* ------------------------------------------------------------------------------------------------
 * Status callbacks ([MSG] statuses, [SEC], [RULES], [OVR])
 * ---------------------------------------------------------------------------------------------- */

/**
 * What a MessageStatus [MSG] means for us: a final outcome, or progress (null).
 * partially_delivered (some segments of a long SMS arrived): the link usually stands at the end,
 * so it counts as not delivered and the family gets the other channel too. canceled: a message
 * that never left (a scheduled one cancelled) is not delivered either.
 */
export function twilioOutcome(status: string): 'delivered' | 'undelivered' | null {
  if (status === 'delivered' || status === 'read') return 'delivered';
  if (status === 'undelivered' || status === 'failed' || status === 'canceled' || status === 'partially_delivered') return 'undelivered';
  return null;
}

/** The reason of a final status: the ErrorCode when Twilio names one, otherwise by the status. */
export function twilioStatusReason(status: string, errorCode: string | undefined): FailureReason {
  if (errorCode) {
    const c = classifyTwilioCode(errorCode);
    if (c?.kind === 'message') return c.reason;
  }
  if (status === 'canceled') return 'rejected';
  if (status === 'partially_delivered') return 'unreachable';
  return 'unknown';
}

/** Form parameters with every value of a repeated name, as Twilio signs them [SEC]. */
export type FormParams = Map<string, string[]>;
export function parseForm(raw: string): FormParams {
  const out: FormParams = new Map();
  for (const [k, v] of new URLSearchParams(raw)) out.set(k, [...(out.get(k) ?? []), v]);
  return out;
}
export const firstValue = (p: FormParams, name: string) => p.get(name)?.[0];

export type TwilioAlgorithm = 'HMAC_SHA1' | 'HMAC_SHA256';

/** [SEC] the expected X-Twilio-Signature: base64 HMAC over URL + sorted name+value pairs. */
export function twilioSignature(secret: string, url: string, params: FormParams | Record<string, string>, algorithm: TwilioAlgorithm = 'HMAC_SHA1'): string {
  const map: FormParams = params instanceof Map ? params : new Map(Object.entries(params).map(([k, v]) => [k, [v]]));
  let data = url;
  for (const name of [...map.keys()].sort()) {
    // twilio-node toFormUrlEncodedParam: each distinct value once, values sorted.
    for (const value of [...new Set(map.get(name))].sort()) data += name + value;
  }
  return createHmac(algorithm === 'HMAC_SHA256' ? 'sha256' : 'sha1', secret).update(Buffer.from(data, 'utf-8')).digest('base64');
}

/** [SEC] the URL with the port removed (twilio-node removePort). */
function withoutPort(u: URL): string {
  const c = new URL(u);
  c.port = '';
  return c.toString();
}
/** [SEC] the URL with the scheme's standard port written out when none is given (twilio-node addPort). */
function withPort(u: URL): string {
  if (u.port) return u.toString();
  const port = u.protocol === 'https:' ? '443' : '80';
  const auth = u.username ? `${u.username}${u.password ? `:${u.password}` : ''}@` : '';
  return `${u.protocol}//${auth}${u.hostname}:${port}${u.pathname}${u.search}${u.hash}`;
}
/** [SEC] the query string as Node's legacy `querystring` encodes it (twilio-node withLegacyQuerystring). */
function withLegacyQuery(url: string): string {
  const u = new URL(url);
  if (!u.search) return url;
  const qs = parseQuery(u.search.slice(1));
  const hash = u.hash;
  u.search = '';
  u.hash = '';
  return `${u.toString()}?${stringifyQuery(qs)}${hash}`;
}

/** Every spelling of the URL Twilio may have signed [SEC]. */
export function twilioUrlVariants(url: string): string[] {
  const u = new URL(url);
  const plain = [withoutPort(u), withPort(u)];
  return [...new Set([...plain, ...plain.map(withLegacyQuery)])];
}

/**
 * The signing key and algorithm of a callback: the auth token with HMAC-SHA1, or, when the
 * `X-Twilio-Webhooks-Signature-Settings` header is present [RULES], the shared key with the
 * header's algorithm. Null: the header names an algorithm we do not know, or no shared key is configured.
 */
export function twilioSigningKey(
  settingsHeader: string | undefined,
  keys: { authToken: string; sharedKey?: string | undefined },
): { secret: string; algorithm: TwilioAlgorithm } | null {
  if (!settingsHeader) return { secret: keys.authToken, algorithm: 'HMAC_SHA1' };
  const algorithm = /(?:^|,)\s*algorithm\s*=\s*([A-Z0-9_]+)/i.exec(settingsHeader)?.[1]?.toUpperCase() ?? 'HMAC_SHA1';
  if (algorithm !== 'HMAC_SHA1' && algorithm !== 'HMAC_SHA256') return null;
  if (!keys.sharedKey) return null;
  return { secret: keys.sharedKey, algorithm };
}

/**
 * Validates X-Twilio-Signature [SEC] against every spelling of each candidate URL: the URL as we
 * configured it (PUBLIC_URL + path + query), and the same with the connection-override fragment
 * we put into the StatusCallback [OVR], because Twilio signs the fragment that never arrives.
 */
export function validateTwilioSignature(
  key: { secret: string; algorithm: TwilioAlgorithm },
  signature: string | undefined,
  urls: string[],
  params: FormParams,
): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature);
  for (const url of urls) {
    for (const variant of twilioUrlVariants(url)) {
      const expected = Buffer.from(twilioSignature(key.secret, variant, params, key.algorithm));
      if (expected.length === given.length && timingSafeEqual(expected, given)) return true;
    }
  }
  return false;
}

/** TWILIO_FROM: an E.164 number, an alphanumeric sender ID, or a Messaging Service SID. */
export function twilioSenderProblem(from: string): string | null {
  if (/^\+[1-9]\d{1,14}$/.test(from)) return null;
  if (isMessagingServiceSid(from)) return null;
  // Alphanumeric sender ID: up to 11 characters, letters, digits and spaces, at least one letter.
  if (/^[A-Za-z0-9 ]{1,11}$/.test(from) && /[A-Za-z]/.test(from)) return null;
  return 'must be a Twilio number in E.164 (+4930…), an alphanumeric sender ID (up to 11 letters, digits, spaces) or a Messaging Service SID (MG + 32 hex characters)';
}
