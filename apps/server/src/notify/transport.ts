import type { AccountProblemCode, FailureReason } from '@kita/shared';

/** A message as a transport sees it (one outbox row). */
export interface Deliverable {
  id: string;
  idempotencyKey: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  bodyText: string;
  bodyHtml: string | null;
  /**
   * How long the message stays useful, in seconds from now (an inquiry or reminder: until its
   * answer deadline). SMS transports pass it on as the provider's validity (seven.io `ttl`,
   * Twilio `ValidityPeriod`), so a handset that comes back online later gets nothing stale.
   */
  validForSeconds?: number | null;
}

export interface Transport {
  /** Short name stored on the row, e.g. 'smtp', 'twilio', 'dev'. */
  name: string;
  /** Delivers one message; resolves with the provider's message id, rejects on failure (retried). */
  send(message: Deliverable): Promise<SendResult>;
  close?(): Promise<void>;
}

export interface SendResult {
  providerMessageId: string | null;
  /** The final outcome when the transport knows it at once (the dev mailbox's simulation). */
  delivery?: { status: 'delivered' | 'undelivered'; reason?: FailureReason };
  /** Something worth keeping on the row although the message counts as sent (seven.io 402). */
  note?: string;
}

/**
 * A failure that no retry can fix (the provider rejected the recipient or the message): the
 * outbox worker marks the message failed at once instead of retrying it.
 */
export class PermanentDeliveryError extends Error {
  readonly permanent = true;
  constructor(
    message: string,
    readonly reason: FailureReason = 'rejected',
  ) {
    super(message);
  }
}

/**
 * Why a whole channel cannot send, whoever the recipient (account-level): a wrong key, a sender
 * the provider refuses, no credit, a trial account, a region not enabled, sender-ID restrictions.
 */
export type AccountProblem = AccountProblemCode;

/**
 * A failure of the provider account, not of the message: the outbox worker pauses the channel
 * for everyone (nothing is marked failed, the message waits) and raises the alarm
 * (notify/channel-pause.ts), instead of failing every family of a fan-out one by one.
 */
export class AccountDeliveryError extends Error {
  readonly accountLevel = true;
  constructor(
    message: string,
    readonly problem: AccountProblem,
    /** The provider's own code (seven.io return code, Twilio error code), shown to the Admin. */
    readonly providerCode: string,
  ) {
    super(message);
  }
}

/**
 * What the dev mailbox simulates for a recipient, so every delivery state can be seen without a
 * provider account (README "Delivery states without accounts"): e-mail tags `+failed`, `+full`,
 * `+sent` in the local part; phone numbers ending in 9991 (invalid), 9992 (landline), 9993
 * (accepted, then not delivered), 9994 (accepted, no report), 9995 (the provider refuses the
 * account: the SMS channel pauses until a probe succeeds or an Admin resumes). Everything else is delivered.
 */
const refusedForAccount = new Set<string>();

export function devOutcome(message: Pick<Deliverable, 'channel' | 'recipient'> & { id?: string }): SendResult {
  const r = message.recipient.toLowerCase();
  const email = message.channel === 'email';
  const is = (tag: string, digits: string) => (email ? r.split('@')[0]!.endsWith(`+${tag}`) : r.endsWith(digits));
  if (is('failed', '9991')) {
    throw new PermanentDeliveryError('dev mailbox: simulated refusal', email ? 'no_such_address' : 'invalid_number');
  }
  if (!email && is('landline', '9992')) throw new PermanentDeliveryError('dev mailbox: simulated landline', 'landline');
  // An account-level refusal (as Twilio 21608, trial account): the SMS channel pauses for everyone.
  // Once per message: its next attempt (the probe, or after an Admin's resume) goes through, as if
  // the account had been fixed meanwhile, so the demo's SMS never stay paused.
  if (!email && r.endsWith('9995') && 'id' in message && !refusedForAccount.has(String(message.id))) {
    refusedForAccount.add(String(message.id));
    throw new AccountDeliveryError('dev mailbox: simulated account problem (trial account, unverified recipient)', 'trial', '21608');
  }
  if (is('full', '9993')) return { providerMessageId: null, delivery: { status: 'undelivered', reason: email ? 'mailbox_full' : 'unreachable' } };
  if (is('sent', '9994')) return { providerMessageId: null };
  return { providerMessageId: null, delivery: { status: 'delivered' } };
}

/**
 * The dev mailbox (outside production, when no transport is configured): the message stays in the
 * outbox table, marked sent, and is shown at /dev/mailbox. It simulates delivery reports by
 * recipient (see devOutcome).
 */
export const devMailbox: Transport = {
  name: 'dev',
  send: async (message) => devOutcome(message),
};
