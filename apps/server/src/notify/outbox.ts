import { outboxMessages } from '../db/schema.js';
import type { DbOrTx } from '../db/client.js';
import type { Language } from '@kita/shared';

export type MessageKind =
  | 'activation'
  | 'email_change'
  | 'otp'
  | 'password_reset'
  | 'registration_received'
  | 'account_exists'
  | 'registration_approved'
  | 'inquiry'
  | 'reminder'
  | 'results'
  | 'slot_offered'
  | 'slot_released'
  | 'event_withdrawn'
  | 'registration_declined'
  | 'credits_reset'
  | 'erasure_done';

export interface OutboxMessage {
  /** Unique per logical message, built by `@kita/shared/message-keys`: a second insert is ignored. */
  idempotencyKey: string;
  kind: MessageKind;
  /** push: the recipient is the parent id (notify/push.ts enqueuePush). */
  channel: 'email' | 'sms' | 'push';
  recipient: string;
  language: Language;
  subject?: string | null;
  bodyText: string;
  bodyHtml?: string | null;
  /** The sealed link token or code (notify/secrets.ts sealMessage); never a plain secret. */
  secret?: string | null;
  /** The PUBLIC_URL the links in the text were written with (rebased at send time, notify/public-url.ts). */
  publicUrl?: string | null;
  /** Billed SMS segments (1 = one SMS); null for e-mail. */
  smsSegments?: number | null;
  kitaId?: string | null;
  parentId?: string | null;
  userId?: string | null;
  eventId?: string | null;
  /** The failed message this one replaces on the other channel (channel fallback). */
  fallbackOf?: string | null;
  /** The push this SMS or e-mail escalates (push first: the push was not opened in time, or failed). */
  escalationOf?: string | null;
  /** What the message was composed from (RECOMPOSABLE_KINDS only, never a secret): its fallback is composed again from it. */
  vars?: Record<string, string | number> | null;
  /** The budget class (notify/budget.ts budgetClassOf): null = by kind. */
  budgetClass?: 'anonymous' | 'kita' | 'inquiry' | null;
  /** When it was written; default the database's now() (a push passes the app clock: its escalation is timed from it). */
  createdAt?: Date;
}

/**
 * Writes messages into the outbox inside the caller's transaction, so a message exists exactly
 * when the change that causes it is committed. Delivery happens later in the outbox worker.
 */
export async function enqueueMessages(tx: DbOrTx, messages: OutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  // Chunked to stay far below PostgreSQL's 65,535 bind parameters per statement.
  for (let i = 0; i < messages.length; i += 500) {
    await tx
      .insert(outboxMessages)
      .values(messages.slice(i, i + 500))
      .onConflictDoNothing({ target: outboxMessages.idempotencyKey });
  }
}
