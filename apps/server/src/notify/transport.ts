/** A message as a transport sees it (one outbox row). */
export interface Deliverable {
  id: string;
  idempotencyKey: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  bodyText: string;
  bodyHtml: string | null;
}

export interface Transport {
  /** Short name stored on the row, e.g. 'smtp', 'twilio', 'dev'. */
  name: string;
  /** Delivers one message; resolves with the provider's message id, rejects on failure (retried). */
  send(message: Deliverable): Promise<{ providerMessageId: string | null }>;
  close?(): Promise<void>;
}

/**
 * The dev mailbox (outside production, when no transport is configured): the message stays in the
 * outbox table, marked sent, and is shown at /dev/mailbox.
 */
export const devMailbox: Transport = {
  name: 'dev',
  send: async () => ({ providerMessageId: null }),
};

/**
 * A failure that no retry can fix (the provider rejected the recipient or the message): the
 * outbox worker marks the message failed at once instead of retrying it.
 */
export class PermanentDeliveryError extends Error {
  readonly permanent = true;
}
