import { sql } from 'drizzle-orm';
import type { DeliveryCounts, DeliveryFamily, DeliveryMessage, DeliveryState, EventDelivery, FailureReason, FamilyDeliveryState } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { reminderDueAt } from '../events/deadline.js';
import { toIso, type EventRow } from '../events/queries.js';
import { eligibleChildren } from '../events/snapshot-records.js';
import { contactOf } from '../events/contact.js';

/** The kinds that try to reach a family during the answer window. */
export const REACH_KINDS = ['inquiry', 'reminder'] as const;

type FamilyRow = {
  parent_id: string;
  parent_name: string;
  email: string | null;
  email_verified: boolean;
  primary_phone: string | null;
  primary_phone_verified: boolean;
  preferred_communication: string | null;
  is_anonymous: boolean;
  language: string;
  child_names: string[];
  children: number;
  answered: number;
};

export type MessageRow = {
  id: string;
  parent_id: string;
  kind: 'inquiry' | 'reminder';
  channel: 'email' | 'sms';
  recipient: string;
  status: string;
  delivery_status: string | null;
  failure_reason: string | null;
  fallback_of: string | null;
  attempts: number;
  created_at: Date | string;
  updated_at: Date | string | null;
};

/** One outbox row as the manager reads it. */
export function messageState(m: Pick<MessageRow, 'status' | 'delivery_status'>): DeliveryState {
  if (m.status === 'failed' || m.delivery_status === 'undelivered') return 'failed';
  if (m.status === 'pending' || m.status === 'sending') return 'pending';
  return m.delivery_status === 'delivered' ? 'delivered' : 'sent';
}

/**
 * A family is as well reached as its best inquiry message: delivered beats a message still on its
 * way, which beats one merely accepted, which beats failures. Reminders do not change it.
 */
export function familyState(messages: Array<Pick<MessageRow, 'kind' | 'status' | 'delivery_status'>>): FamilyDeliveryState {
  const states = new Set(messages.filter((m) => m.kind === 'inquiry').map(messageState));
  for (const s of ['delivered', 'pending', 'sent', 'failed'] as const) if (states.has(s)) return s;
  return 'no_channel';
}

/** Enough to recognise a contact on screen, not to copy it (+49170•••67, j•••@example.org). */
export function maskRecipient(recipient: string): string {
  const at = recipient.indexOf('@');
  if (at > 0) return `${recipient[0]}•••${recipient.slice(at)}`;
  return recipient.length > 8 ? `${recipient.slice(0, 6)}•••${recipient.slice(-2)}` : '•••';
}

const zero = (): DeliveryCounts => ({ pending: 0, sent: 0, delivered: 0, failed: 0 });

/** The other channel a failed family can still be reached on, verified (null: none). */
export function otherChannel(f: Pick<FamilyRow, 'email' | 'email_verified' | 'primary_phone' | 'primary_phone_verified'>, failed: 'email' | 'sms'): 'email' | 'sms' | null {
  if (failed === 'sms') return f.email && f.email_verified ? 'email' : null;
  return f.primary_phone && f.primary_phone_verified ? 'sms' : null;
}

export async function eventFamilies(db: DbOrTx, e: EventRow): Promise<FamilyRow[]> {
  const result = await db.execute<FamilyRow>(sql`
    select p.id as parent_id, p.name as parent_name, p.email, p.email_verified, p.primary_phone, p.primary_phone_verified,
           p.preferred_communication, p.is_anonymous, p.language,
           array_agg(k.child_name order by k.child_name) as child_names,
           count(*)::int as children,
           count(pr.id)::int as answered
      from (${eligibleChildren(sql`${e.categoryId}::uuid`)}) k
      join parents p on p.id = k.parent_id
      left join preferences pr on pr.event_id = ${e.id} and pr.child_id = k.child_id
     group by p.id
     order by p.name, p.id`);
  return result.rows;
}

export async function eventMessages(db: DbOrTx, eventId: string): Promise<MessageRow[]> {
  const result = await db.execute<MessageRow>(sql`
    select id, parent_id, kind, channel, recipient, status, delivery_status, failure_reason, fallback_of, attempts,
           created_at, coalesce(delivery_updated_at, sent_at) as updated_at
      from outbox_messages
     where event_id = ${eventId} and kind in ('inquiry', 'reminder') and parent_id is not null
     order by created_at, id`);
  return result.rows;
}

/**
 * GET emergency-event/{id}/delivery: every inquiry and reminder message of the event per channel
 * and state, each family with its state and the reason of a failure, the fan-out's progress with
 * the expected end from the SMS rate, and the reminder.
 */
export async function eventDelivery(
  db: DbOrTx,
  e: EventRow & { remindersEnabled: boolean; reminderSentAt: Date | null },
  opts: { now: Date; smsRatePerSecond: number },
): Promise<EventDelivery> {
  const [families, messages, queue] = await Promise.all([
    eventFamilies(db, e),
    eventMessages(db, e.id),
    // The SMS queue is shared by every event: the expected end counts what is ahead of this one too.
    db.execute<{ n: number }>(sql`select count(*)::int as n from outbox_messages where channel = 'sms' and status in ('pending', 'sending')`),
  ]);
  const byParent = new Map<string, MessageRow[]>();
  const channels = { email: zero(), sms: zero() };
  let total = 0;
  let done = 0;
  for (const m of messages) {
    const state = messageState(m);
    channels[m.channel][state]++;
    if (m.kind === 'inquiry') {
      total++;
      if (state !== 'pending') done++;
    }
    const list = byParent.get(m.parent_id) ?? [];
    list.push(m);
    byParent.set(m.parent_id, list);
  }

  const counts = { ...zero(), noChannel: 0, total: families.length, answered: 0 };
  const rows: DeliveryFamily[] = families.map((f) => {
    const own = byParent.get(f.parent_id) ?? [];
    const reachable = contactOf(f);
    const state = own.length === 0 && !reachable ? 'no_channel' : familyState(own);
    const lastFailed = [...own].reverse().find((m) => m.kind === 'inquiry' && messageState(m) === 'failed');
    const answered = f.children > 0 && f.answered >= f.children;
    if (state === 'no_channel') counts.noChannel++;
    else counts[state]++;
    if (answered) counts.answered++;
    const fellBack = own.some((m) => m.kind === 'inquiry' && m.fallback_of);
    const reminder = own.find((m) => m.kind === 'reminder' && !m.fallback_of);
    return {
      parentId: f.parent_id,
      parentName: f.parent_name,
      childNames: f.child_names,
      state,
      failureReason: state === 'failed' ? ((lastFailed?.failure_reason as FailureReason | null) ?? 'unknown') : null,
      answered,
      needsCall: state === 'no_channel' || (state === 'failed' && (fellBack || !lastFailed || !otherChannel(f, lastFailed.channel))),
      remindedAt: reminder ? toIso(reminder.created_at) : null,
      messages: own.map(
        (m): DeliveryMessage => ({
          messageId: m.id,
          kind: m.kind,
          channel: m.channel,
          recipient: maskRecipient(m.recipient),
          state: messageState(m),
          failureReason: (m.failure_reason as FailureReason | null) ?? null,
          isFallback: !!m.fallback_of,
          attempts: Number(m.attempts),
          createdAt: toIso(m.created_at),
          updatedAt: m.updated_at ? toIso(m.updated_at) : null,
        }),
      ),
    };
  });

  const smsQueued = Number(queue.rows[0]?.n ?? 0);
  const open = e.status === 'open';
  const remindedFamilies = new Set(messages.filter((m) => m.kind === 'reminder' && !m.fallback_of).map((m) => m.parent_id)).size;
  return {
    eventId: e.id,
    channels,
    families: counts,
    progress: {
      total,
      done,
      smsQueued,
      smsRatePerSecond: opts.smsRatePerSecond,
      expectedEndAt: smsQueued > 0 ? new Date(opts.now.getTime() + (smsQueued / opts.smsRatePerSecond) * 1000).toISOString() : null,
    },
    reminder: {
      enabled: e.remindersEnabled,
      dueAt: open && e.remindersEnabled && !e.reminderSentAt && e.notifiedAt ? reminderDueAt(e).toISOString() : null,
      sentAt: e.reminderSentAt ? e.reminderSentAt.toISOString() : null,
      families: remindedFamilies,
    },
    canResend: open,
    rows,
  };
}
