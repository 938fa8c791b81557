import type { FailureReason } from '@kita/shared';

/**
 * Provider error codes as reasons the manager can act on ("Festnetznummer", "Postfach voll"):
 * the UI words them through i18n `delivery.reasons.*`; the raw error stays in `last_error`.
 */

/** Twilio error codes (https://www.twilio.com/docs/api/errors) of the Messages API and its status callbacks. */
const TWILIO: Record<string, FailureReason> = {
  '21211': 'invalid_number', // invalid 'To' phone number
  '21614': 'landline', // 'To' number is not a valid mobile number
  '30006': 'landline', // landline or unreachable carrier
  '21610': 'blocked', // recipient unsubscribed (STOP)
  '30004': 'blocked', // message blocked
  '30003': 'unreachable', // unreachable destination handset
  '30005': 'invalid_number', // unknown destination handset
  '30007': 'filtered', // carrier violation / filtered
  '30008': 'unknown',
  '30001': 'expired', // queue overflow
  '30002': 'rejected', // account suspended
};

export function twilioReason(code: string | number | null | undefined): FailureReason {
  return (code !== null && code !== undefined && TWILIO[String(code)]) || 'unknown';
}

/** seven.io: return codes of POST /api/sms and the status words of its delivery reports. */
const SEVEN: Record<string, FailureReason> = {
  '202': 'invalid_number', // recipient number invalid
  '301': 'invalid_number', // recipient not set
  NOTDELIVERED: 'unreachable',
  EXPIRED: 'expired',
  REJECTED: 'rejected',
  FAILED: 'unknown',
};

export function sevenReason(code: string | number | null | undefined): FailureReason {
  return (code !== null && code !== undefined && SEVEN[String(code).toUpperCase()]) || 'unknown';
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
