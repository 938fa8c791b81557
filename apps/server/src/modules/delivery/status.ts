import { sql } from 'drizzle-orm';
import {
  EVENT_MESSAGE_KINDS,
  languageSchema,
  type DeliveryCounts,
  type DeliveryFamily,
  type DeliveryMessage,
  type DeliveryState,
  type EventDelivery,
  type EventMessageKind,
  type FailureReason,
  type FamilyDeliveryState,
  type PushState,
} from '@kita/shared';
import { PUSH_PREFIX } from '@kita/shared/message-keys';
import type { DbOrTx } from '../../db/client.js';
import { reminderDueAt } from '../events/deadline.js';
import { toIso, type EventRow } from '../events/queries.js';
import { eligibleChildren } from '../events/snapshot-records.js';
import { contactOf } from '../events/contact.js';

/** The kinds that try to reach a family during the answer window. */
export const REACH_KINDS = ['inquiry', 'reminder'] as const;

/** The kinds after the answer window (results, place offered, place given back): their failure makes the family failed. */
const LATER_KINDS: ReadonlySet<EventMessageKind> = new Set(['results', 'slot_offered', 'slot_released']);

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
  /** The family's channel as the inquiry's snapshot recorded it (null: none); undefined before the inquiry opened. */
  snapshot_channel?: string | null;
};

export type MessageRow = {
  id: string;
  parent_id: string;
  kind: EventMessageKind;
  channel: 'email' | 'sms' | 'push';
  recipient: string;
  idempotency_key: string;
  opened_at: Date | string | null;
  escalation_of: string | null;
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

/**
 * The family's push (push first): opened beats escalated, which beats failed, pending and sent;
 * null when no push went to the family.
 */
export function pushState(own: Array<Pick<MessageRow, 'id' | 'channel' | 'status' | 'delivery_status' | 'opened_at' | 'escalation_of'>>): PushState | null {
  const pushes = own.filter((m) => m.channel === 'push');
  if (pushes.length === 0) return null;
  if (pushes.some((m) => m.opened_at)) return 'opened';
  const ids = new Set(pushes.map((m) => m.id));
  if (own.some((m) => m.escalation_of && ids.has(m.escalation_of))) return 'escalated';
  const states = new Set(pushes.map(messageState));
  if (states.has('pending')) return 'pending';
  if (states.has('sent') || states.has('delivered')) return 'sent';
  return 'failed';
}

/** A push sent alone to a family whose usual channel is SMS and not escalated: one SMS saved. */
export function smsSaved(own: MessageRow[], usual: 'email' | 'sms' | null): number {
  if (usual !== 'sms') return 0;
  const keys = new Set(own.map((m) => m.idempotency_key));
  return own.filter(
    (m) =>
      m.channel === 'push' &&
      (messageState(m) === 'sent' || messageState(m) === 'delivered') &&
      m.idempotency_key.startsWith(PUSH_PREFIX) &&
      !keys.has(m.idempotency_key.slice(PUSH_PREFIX.length)) &&
      !own.some((x) => x.escalation_of === m.id),
  ).length;
}

const zero = (): DeliveryCounts => ({ pending: 0, sent: 0, delivered: 0, failed: 0 });

/** The other channel a failed family can still be reached on, verified (null: none). */
export function otherChannel(f: Pick<FamilyRow, 'email' | 'email_verified' | 'primary_phone' | 'primary_phone_verified'>, failed: 'email' | 'sms' | 'push'): 'email' | 'sms' | null {
  if (failed === 'push') return f.email && f.email_verified ? 'email' : f.primary_phone && f.primary_phone_verified ? 'sms' : null;
  if (failed === 'sms') return f.email && f.email_verified ? 'email' : null;
  return f.primary_phone && f.primary_phone_verified ? 'sms' : null;
}

/**
 * The families an inquiry asks. Once it has opened, from its snapshot (event_children):
 * a family approved after the close or one that moved away since never changes a finished
 * inquiry's card; the answers of a finished inquiry come from its allocation. Contact
 * data (for the other channel of a fallback) is the family's current one. Before opening, the
 * families eligible now.
 */
export async function eventFamilies(db: DbOrTx, e: EventRow): Promise<FamilyRow[]> {
  if (e.status === 'scheduled') {
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
  const finished = e.status === 'finished';
  const result = await db.execute<FamilyRow>(sql`
    select ec.parent_id, min(ec.parent_name) as parent_name,
           p.email, coalesce(p.email_verified, false) as email_verified, p.primary_phone,
           coalesce(p.primary_phone_verified, false) as primary_phone_verified, p.preferred_communication,
           bool_or(ec.is_anonymous) as is_anonymous, coalesce(p.language, 'de') as language,
           array_agg(ec.child_name order by ec.child_name) as child_names,
           count(*)::int as children,
           count(${finished ? sql`a.preference_type` : sql`pr.id`})::int as answered,
           min(ec.channel) as snapshot_channel
      from event_children ec
      left join parents p on p.id = ec.parent_id
      left join preferences pr on pr.event_id = ec.event_id and pr.child_id = ec.child_id
      left join allocations a on a.event_id = ec.event_id and a.child_id = ec.child_id
     where ec.event_id = ${e.id} and ec.left_at is null
     group by ec.parent_id, p.id
     order by 2, 1`);
  return result.rows;
}

export async function eventMessages(db: DbOrTx, eventId: string): Promise<MessageRow[]> {
  const result = await db.execute<MessageRow>(sql`
    select id, parent_id, kind, channel, recipient, idempotency_key, opened_at, escalation_of, status, delivery_status, failure_reason, fallback_of, attempts,
           created_at, coalesce(delivery_updated_at, sent_at) as updated_at
      from outbox_messages
     where event_id = ${eventId} and parent_id is not null
       and kind in (${sql.join(EVENT_MESSAGE_KINDS.map((k) => sql`${k}`), sql`, `)})
     order by created_at, id`);
  return result.rows;
}

/**
 * Per kind, the best state of the family's messages of that kind (the fallback included), the
 * reason of its latest failure, and whether only a phone call reaches the family with it: every
 * message of the kind failed and either a fallback was tried already or there is no other
 * verified channel.
 */
export function kindStates(own: MessageRow[], f: Pick<FamilyRow, 'email' | 'email_verified' | 'primary_phone' | 'primary_phone_verified'>): DeliveryFamily['kinds'] {
  const out: DeliveryFamily['kinds'] = [];
  for (const kind of EVENT_MESSAGE_KINDS) {
    const list = own.filter((m) => m.kind === kind);
    if (list.length === 0) continue;
    const states = new Set(list.map(messageState));
    const state = (['delivered', 'pending', 'sent', 'failed'] as const).find((s) => states.has(s))!;
    const lastFailed = [...list].reverse().find((m) => messageState(m) === 'failed');
    const fellBack = list.some((m) => m.fallback_of);
    out.push({
      kind,
      state,
      failureReason: state === 'failed' ? ((lastFailed?.failure_reason as FailureReason | null) ?? 'unknown') : null,
      needsCall: state === 'failed' && (fellBack || !lastFailed || !otherChannel(f, lastFailed.channel)),
    });
  }
  return out;
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
    // The channel counts stay those of the answer window (inquiry and reminder).
    if ((m.kind === 'inquiry' || m.kind === 'reminder') && m.channel !== 'push') channels[m.channel][state]++;
    if (m.kind === 'inquiry') {
      total++;
      if (state !== 'pending') done++;
    }
    const list = byParent.get(m.parent_id) ?? [];
    list.push(m);
    byParent.set(m.parent_id, list);
  }

  const counts = { ...zero(), noChannel: 0, total: families.length, answered: 0 };
  const push = { families: 0, pending: 0, sent: 0, opened: 0, escalated: 0, failed: 0, smsSaved: 0 };
  const rows: DeliveryFamily[] = families.map((f) => {
    const own = byParent.get(f.parent_id) ?? [];
    // After opening, "no channel" is what the snapshot recorded (a finished inquiry's card stays
    // as it was); while open, a channel added since counts too (the snapshot follows it).
    const reachable = f.snapshot_channel === undefined ? !!contactOf(f) : !!f.snapshot_channel || (e.status === 'open' && !!contactOf(f));
    const kinds = kindStates(own, f);
    // A result (place offered, place given back) that reached the family on no channel makes the
    // family failed, whatever its inquiry did; otherwise the inquiry decides.
    const laterFailed = [...kinds].reverse().find((k) => LATER_KINDS.has(k.kind) && k.state === 'failed');
    const inquiry = kinds.find((k) => k.kind === 'inquiry');
    const state: FamilyDeliveryState = laterFailed ? 'failed' : own.length === 0 && !reachable ? 'no_channel' : familyState(own);
    const answered = f.children > 0 && f.answered >= f.children;
    if (state === 'no_channel') counts.noChannel++;
    else counts[state]++;
    if (answered) counts.answered++;
    const reminder = own.find((m) => m.kind === 'reminder' && !m.fallback_of && !m.escalation_of);
    const failedKind = laterFailed ?? (state === 'failed' ? inquiry : undefined);
    const familyPush = pushState(own);
    if (familyPush) {
      push.families++;
      push[familyPush]++;
      push.smsSaved += smsSaved(own, contactOf(f)?.channel ?? null);
    }
    return {
      parentId: f.parent_id,
      parentName: f.parent_name,
      language: languageSchema.catch('de').parse(f.language),
      childNames: f.child_names,
      state,
      failureReason: failedKind?.failureReason ?? (state === 'failed' ? 'unknown' : null),
      answered,
      needsCall: state === 'no_channel' || (state === 'failed' && (failedKind?.needsCall ?? true)),
      remindedAt: reminder ? toIso(reminder.created_at) : null,
      push: familyPush,
      kinds,
      messages: own.map(
        (m): DeliveryMessage => ({
          messageId: m.id,
          kind: m.kind,
          channel: m.channel,
          // A push names no address (its recipient is the family itself).
          recipient: m.channel === 'push' ? '' : maskRecipient(m.recipient),
          opened: !!m.opened_at,
          isEscalation: !!m.escalation_of,
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
    push,
    canResend: open,
    rows,
  };
}
