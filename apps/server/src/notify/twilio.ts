import { TokenBucket } from './token-bucket.js';
import { twilioReason } from './failure-reasons.js';
import { PermanentDeliveryError, type Deliverable, type Transport } from './transport.js';

export interface TwilioOptions {
  /** TWILIO_API_URL, https://api.twilio.com (tests point it at a local fake). */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** TWILIO_FROM: a Twilio number in E.164 (+49...) or an alphanumeric sender id. */
  from: string;
  /** SMS_RATE_PER_SECOND */
  ratePerSecond: number;
  timeoutMs?: number;
  /** Where Twilio posts the message's status changes ({PUBLIC_URL}/api/delivery/twilio/status). */
  statusCallbackUrl?: string;
}

/**
 * SMS through Twilio's Programmable Messaging REST API:
 * POST {apiUrl}/2010-04-01/Accounts/{sid}/Messages.json (form body To, From, Body; basic auth).
 * 201 -> the message sid; 429 and 5xx -> retried with backoff; 401/403 -> retried (credentials
 * being fixed should not lose messages); any other 4xx (bad number, blocked) -> failed at once.
 */
export function createTwilioTransport(opts: TwilioOptions): Transport {
  const bucket = new TokenBucket(opts.ratePerSecond);
  const url = `${opts.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${opts.accountSid}:${opts.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(message: Deliverable) {
      await bucket.take();
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          To: message.recipient,
          From: opts.from,
          Body: message.bodyText,
          ...(opts.statusCallbackUrl ? { StatusCallback: opts.statusCallbackUrl } : {}),
        }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
      const text = await res.text();
      let body: { sid?: string; code?: number; message?: string } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        // Proxies and outages answer with HTML; the status code decides.
      }
      if (res.ok && body.sid) return { providerMessageId: body.sid };
      const detail = `Twilio ${res.status}${body.code ? ` (${body.code})` : ''}: ${body.message ?? text.slice(0, 200)}`;
      if (res.status >= 400 && res.status < 500 && ![401, 403, 408, 429].includes(res.status)) {
        throw new PermanentDeliveryError(detail, twilioReason(body.code));
      }
      throw new Error(detail);
    },
  };
}
