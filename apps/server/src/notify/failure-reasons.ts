import type { FailureReason } from '@kita/shared';
import { classifySevenCode, sevenReportReason } from './seven.js';

/**
 * Provider error codes as reasons the manager can act on ("Festnetznummer", "Postfach voll"):
 * the UI words them through i18n `delivery.reasons.*`; the raw error stays in `last_error`.
 */

/** Twilio error codes: classified in notify/twilio.ts (with the account-level ones); re-exported here. */
export { twilioReason } from './twilio.js';

/** seven.io: a return code of POST /api/sms (notify/seven.ts [CODES]) or the status word of a delivery report. */
export function sevenReason(code: string | number | null | undefined): FailureReason {
  if (code === null || code === undefined) return 'unknown';
  const c = classifySevenCode(code);
  if (c.kind === 'message') return c.reason;
  return /^\d+$/.test(String(code)) ? 'unknown' : sevenReportReason(String(code));
}

/**
 * SMTP replies (RFC 5321 / enhanced status codes RFC 3463): 552 and x.2.2 mean the mailbox is
 * full, 550/551/553 and x.1.1 that the address does not exist.
 */
export function smtpReason(responseCode: number | undefined, text: string): FailureReason {
  if (/\b[45]\.2\.2\b/.test(text) || responseCode === 552 || responseCode === 452) return 'mailbox_full';
  if (/\b5\.1\.[12]\b/.test(text) || responseCode === 550 || responseCode === 551 || responseCode === 553) return 'no_such_address';
  if (/\b5\.7\.\d\b/.test(text) || responseCode === 554) return 'rejected';
  return 'unknown';
}
