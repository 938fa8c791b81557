import { sql } from 'drizzle-orm';
import type { FailedDeliveryEvent } from '@kita/shared';
import { ESCALATION_PREFIX, eventFamilyKey, fallbackKey, FALLBACK_PREFIX, invitationResendKey, PUSH_PREFIX, reminderKey } from '@kita/shared/message-keys';
import type { DbOrTx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { answerDeadline, reminderDueAt } from '../events/deadline.js';
import { enqueueInvitations, parentColumns, type InvitationTarget, type ParentRow } from '../events/fanout.js';
import { findEvent, toIso, type EventRow } from '../events/queries.js';
import { eventFamilies, eventMessages, familyState } from './status.js';
import { sendMessageFallbacks } from './fallback.js';
import type { RequestContext, Services } from '../../lib/context.js';

export type DeliveryEventRow = EventRow & { remindersEnabled: boolean; reminderSentAt: Date | null };

/** The event with the Kita's reminder setting and the reminder's time. */
export async function withDeliveryFields(db: DbOrTx, e: EventRow): Promise<DeliveryEventRow> {
  const r = await db.execute<{ reminders_enabled: boolean; reminder_sent_at: Date | string | null }>(sql`
    select k.reminders_enabled, e.reminder_sent_at from events e join kitas k on k.id = e.kita_id where e.id = ${e.id}`);
  const row = r.rows[0];
  return {
    ...e,
    remindersEnabled: row?.reminders_enabled ?? true,
    reminderSentAt: row?.reminder_sent_at ? new Date(row.reminder_sent_at) : null,
  };
}

async function parentsByIds(db: DbOrTx, ids: string[]): Promise<ParentRow[]> {
  if (ids.length === 0) return [];
  const r = await db.execute<ParentRow>(sql`
    select ${parentColumns} from parents p where p.id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
  return r.rows;
}

/** Inquiry messages one family gets per inquiry: the first and up to three resends by staff. */
export const MAX_INQUIRY_MESSAGES = 4;

/**
 * A new link for a family revokes its older links for that inquiry: the old tokens no
 * longer open the answer page, and link sessions opened with them end.
 */
export async function revokePreferenceLinks(tx: DbOrTx, eventId: string, parentIds: string[], now: Date): Promise<void> {
  if (parentIds.length === 0) return;
  const ids = sql.join(parentIds.map((id) => sql`${id}::uuid`), sql`, `);
  await tx.execute(sql`
    update tokens set used_at = ${now.toISOString()}::timestamptz
     where kind = 'preference' and event_id = ${eventId} and parent_id in (${ids}) and used_at is null`);
  await tx.execute(sql`
    update sessions set revoked_at = ${now.toISOString()}::timestamptz
     where kind = 'link' and event_id = ${eventId} and parent_id in (${ids}) and revoked_at is null`);
}

/**
 * POST emergency-event/{id}/resend: a fresh invitation (new link, the family's current contact data)
 * to one family of the event, or to every family whose messages all failed. Only while the event
 * accepts answers. Each resend has its own message key (`invitationResendKey`, n =
 * the family's invitation count), so a double click writes one message.
 */
export async function resendInvitation(ctx: RequestContext, e: EventRow, parentId: string | undefined): Promise<number> {
  if (e.status !== 'open') throw conflict('EVENT_FINISHED');
  const queued = await ctx.db.transaction(async (tx) => {
    const families = await eventFamilies(tx, e);
    const messages = await eventMessages(tx, e.id);
    const inquiries = (id: string) => messages.filter((m) => m.parent_id === id && m.kind === 'inquiry');
    let ids: string[];
    if (parentId) {
      if (!families.some((f) => f.parent_id === parentId)) throw notFound();
      ids = [parentId];
    } else {
      ids = families.filter((f) => { const own = inquiries(f.parent_id); return own.length > 0 && familyState(own) === 'failed'; }).map((f) => f.parent_id);
    }
    // Staff resends are capped per family and inquiry: past the cap the manager phones.
    const capped = ids.filter((id) => inquiries(id).length >= MAX_INQUIRY_MESSAGES);
    if (parentId && capped.length > 0) throw new AppError(429, 'RESEND_LIMIT', 'errors.RESEND_LIMIT', { max: MAX_INQUIRY_MESSAGES });
    ids = ids.filter((id) => !capped.includes(id));
    const parents = await parentsByIds(tx, ids);
    const targets: InvitationTarget[] = parents.map((p) => ({ parent: p, key: invitationResendKey(e.id, p.id, inquiries(p.id).length) }));
    // The new link replaces the family's older ones for this inquiry (an address was perhaps corrected).
    await revokePreferenceLinks(tx, e.id, parents.map((p) => p.id), ctx.clock.now());
    const n = await enqueueInvitations(tx, e, targets, ctx.config);
    await audit(tx, ctx.actor, { action: 'resend', entity: 'event', entityId: e.id, kitaId: e.kitaId, details: { parentId: parentId ?? null, queued: n } });
    return n;
  });
  if (queued > 0) ctx.outbox.kick();
  return queued;
}

/**
 * Channel fallback: an inquiry or reminder that ended failed or undelivered goes out once on the
 * family's other verified channel (SMS -> e-mail, e-mail -> SMS), marked with `fallback_of`. At
 * most one fallback per family, kind and event (`fallback:<kind>:<event>:<parent>`), never a
 * fallback of a fallback; only while the event is open. A family without another channel stays
 * listed for the manager (needsCall). Safe on several processes (idempotency keys).
 */
export async function sendFallbacks(ctx: Services, limit = 200): Promise<number> {
  const due = await ctx.db.execute<{ id: string; event_id: string; parent_id: string; kind: 'inquiry' | 'reminder'; channel: 'email' | 'sms' }>(sql`
    select m.id, m.event_id, m.parent_id, m.kind, m.channel
      from outbox_messages m
      join events e on e.id = m.event_id and e.status = 'open'
     where m.kind in ('inquiry', 'reminder') and m.channel in ('email', 'sms') and m.fallback_of is null and m.parent_id is not null
       and (m.status = 'failed' or m.delivery_status = 'undelivered')
       and not exists (select 1 from outbox_messages f
                        where f.idempotency_key = ${FALLBACK_PREFIX} || m.kind || ':' || m.event_id::text || ':' || m.parent_id::text)
     order by m.created_at
     limit ${limit}`);
  let written = 0;
  const events = new Map<string, EventRow | undefined>();
  for (const m of due.rows) {
    if (!events.has(m.event_id)) events.set(m.event_id, await findEvent(ctx.db, m.event_id));
    const e = events.get(m.event_id);
    if (!e) continue;
    const [parent] = await parentsByIds(ctx.db, [m.parent_id]);
    if (!parent) continue;
    const channel = m.channel === 'sms' ? 'email' : 'sms';
    written += await ctx.db.transaction((tx) =>
      enqueueInvitations(tx, e, [{ parent, key: fallbackKey(eventFamilyKey(m.kind, m.event_id, m.parent_id)), channel, fallbackOf: m.id }], ctx.config, m.kind),
    );
  }
  if (written > 0) ctx.outbox.kick();
  // Results, place offered, place given back, inquiry withdrawn, registration declined.
  return written + (await sendMessageFallbacks(ctx, limit));
}

/**
 * The one reminder per event (docs/domain.md "Reminder"): when reminderDueAt has come and the answer
 * window is still open, the event is claimed with a conditional UPDATE (so a second run or a
 * second process does nothing) and, in the same transaction, every family with a channel and a
 * child still without an answer gets a reminder with a fresh link. Kitas can turn it off.
 */
export async function sendDueReminders(ctx: Services): Promise<number> {
  const now = ctx.clock.now();
  const candidates = await ctx.db.execute<{ id: string }>(sql`
    select e.id from events e join kitas k on k.id = e.kita_id
     where e.status = 'open' and e.reminder_sent_at is null and e.notified_at is not null and k.reminders_enabled`);
  let reminded = 0;
  for (const { id } of candidates.rows) {
    const e = await findEvent(ctx.db, id);
    if (!e || now < reminderDueAt(e) || now >= answerDeadline(e)) continue;
    reminded += await ctx.db.transaction(async (tx) => {
      const claimed = await tx.execute(sql`
        update events set reminder_sent_at = ${now.toISOString()}::timestamptz
         where id = ${id} and status = 'open' and reminder_sent_at is null returning id`);
      if (claimed.rows.length === 0) return 0;
      const families = await eventFamilies(tx, e);
      const waiting = families.filter((f) => f.answered < f.children).map((f) => f.parent_id);
      const parents = await parentsByIds(tx, waiting);
      return enqueueInvitations(tx, e, parents.map((p) => ({ parent: p, key: reminderKey(e.id, p.id) })), ctx.config, 'reminder', { pushFirst: true, now });
    });
  }
  if (reminded > 0) ctx.outbox.kick();
  return reminded;
}

/**
 * The dashboard's warning: events in the scope with families a message did not reach on
 * any channel. Open events: families whose inquiry failed and who have not answered. Finished
 * events, until the end of their care period: families whose result, place offered or place given
 * back failed, the fallback included (a message and its fallback share the key after "fallback:").
 */
export async function findEventsWithFailedDelivery(db: DbOrTx, now: Date, kitaId?: string): Promise<FailedDeliveryEvent[]> {
  const r = await db.execute<{ event_id: string; kita_id: string; care_starts_at: Date | string; timezone: string; category: string; status: string; failed: number }>(sql`
    with failed as (
      select m.event_id, m.parent_id
        from outbox_messages m
        join events e on e.id = m.event_id and e.status = 'open'
       where m.kind = 'inquiry' and m.parent_id is not null
         -- a family that answered (perhaps by phone) needs nothing more from the manager
         and not exists (select 1 from preferences pr where pr.event_id = m.event_id and pr.parent_id = m.parent_id)
       group by m.event_id, m.parent_id
      having bool_and(m.status = 'failed' or coalesce(m.delivery_status, '') = 'undelivered')
      union
      select m.event_id, m.parent_id
        from outbox_messages m
        join events e on e.id = m.event_id and e.status = 'finished' and e.care_ends_at > ${now.toISOString()}::timestamptz
       where m.kind in ('results', 'slot_offered', 'slot_released') and m.parent_id is not null
       -- A message, its push, the push's escalation and the fallback share the key after the prefixes.
       group by m.event_id, m.parent_id, regexp_replace(m.idempotency_key, ${`^(${FALLBACK_PREFIX})?(${ESCALATION_PREFIX})?(${PUSH_PREFIX})?`}, '')
      having bool_and(m.status = 'failed' or coalesce(m.delivery_status, '') = 'undelivered'))
    select e.id as event_id, e.kita_id, e.care_starts_at, e.timezone, c.name as category, e.status,
           count(distinct f.parent_id)::int as failed
      from events e
      join categories c on c.id = e.category_id
      join failed f on f.event_id = e.id
     where true ${kitaId ? sql`and e.kita_id = ${kitaId}` : sql``}
     group by e.id, c.name
     order by e.care_starts_at desc`);
  return r.rows.map((row) => ({
    eventId: row.event_id,
    kitaId: row.kita_id,
    eventDate: toIso(row.care_starts_at),
    timezone: row.timezone,
    category: row.category,
    failedFamilies: Number(row.failed),
    finished: row.status === 'finished',
  }));
}
