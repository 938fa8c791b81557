import { sevenReason } from './failure-reasons.js';
import { TokenBucket } from './token-bucket.js';
import { PermanentDeliveryError, type Deliverable, type Transport } from './transport.js';

export interface SevenOptions {
  /** SEVEN_API_URL, https://gateway.seven.io (tests point it at a local fake). */
  apiUrl: string;
  apiKey: string;
  /** SEVEN_FROM: sender, up to 11 alphanumeric characters or a number. */
  from: string;
  ratePerSecond: number;
  timeoutMs?: number;
}

type SevenResponse = {
  success?: string;
  messages?: Array<{ id?: string | null; success?: boolean; error?: string | null; error_text?: string | null }>;
};

/** Return codes of POST /api/sms that no retry fixes (the recipient or the text is refused). */
const PERMANENT = new Set(['202', '301', '305', '401']);

/**
 * SMS through seven.io (Germany), the second provider beside Twilio: POST {apiUrl}/api/sms with
 * the API key in X-Api-Key and a JSON body {to, text, from, foreign_id}. The answer's `success`
 * is a return code: 100 accepted (messages[0].id is the id the delivery report names), 202 bad
 * recipient and the like fail at once, everything else (credit, auth, carrier, 5xx) is retried.
 * Delivery reports arrive at the webhook configured in the seven.io account
 * ({PUBLIC_URL}/api/delivery/seven/status, signed with SEVEN_SIGNING_SECRET).
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
        body: JSON.stringify({ to: message.recipient, text: message.bodyText, from: opts.from, foreign_id: message.id }),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
      const text = await res.text();
      let body: SevenResponse = {};
      try {
        body = JSON.parse(text) as SevenResponse;
      } catch {
        // An outage answers with HTML or a bare code; the status and code decide below.
      }
      const code = String(body.success ?? text.trim()).slice(0, 10);
      const first = body.messages?.[0];
      if (res.ok && code === '100' && first?.id) return { providerMessageId: String(first.id) };
      const detail = `seven.io ${res.status} (${code}): ${first?.error_text ?? text.slice(0, 200)}`;
      if (res.ok && PERMANENT.has(code)) throw new PermanentDeliveryError(detail, sevenReason(code));
      throw new Error(detail);
    },
  };
}
