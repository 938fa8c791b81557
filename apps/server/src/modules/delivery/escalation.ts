import { sql } from 'drizzle-orm';
import { ESCALATION_PREFIX, escalationKey, PUSH_PREFIX } from '@kita/shared/message-keys';
import type { Services } from '../../lib/context.js';
import { storedLanguage, type MessageVars } from '../../notify/messages.js';
import { composeWithCalendar } from '../../notify/calendar-link.js';
import { enqueueMessages } from '../../notify/outbox.js';
import { enqueueInvitations, parentColumns, type ParentRow } from '../events/fanout.js';
import { findEvent } from '../events/queries.js';
import { contactOf } from '../events/contact.js';
import { escalationDueAt, type PushFirstKind } from './escalation-delay.js';

type DuePush = {
  id: string;
  idempotency_key: string;
  kind: PushFirstKind;
  language: string;
  vars: MessageVars | null;
  kita_id: string;
  parent_id: string;
  event_id: string;
  status: string;
  created_at: Date | string;
  event_type: 'immediate' | 'future';
  answers_close_at: Date | string;
  care_starts_at: Date | string;
  immediate_minutes: number;
  planned_minutes: number;
};

/**
 * Push first, then the paid channels (docs/domain.md "Push first"): a push of an inquiry,
 * reminder, results or place offered that went alone (push mode 'first') escalates to the family's
 * usual SMS or e-mail, exactly once (key `escalation:<push key>`, `escalation_of` = the push), when
 * - the push failed (every subscription gone, or the push services refused it), at once; or
 * - its escalation time (escalation-delay.ts) has come and the family has not opened it (opened_at:
 *   the notification or a preference link of that inquiry was opened).
 * Inquiry and reminder only while the inquiry is open and the family has a child without an answer
 * (a fresh link, like a fallback); results and place offered until the care period ends (composed
 * again from the push's stored variables). Safe on several processes: each push is claimed with
 * a row lock (SKIP LOCKED) and the key is unique. Returns the number of messages written.
 */
export async function escalatePushes(ctx: Services, limit = 500): Promise<number> {
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const due = await ctx.db.execute<DuePush>(sql`
    select m.id, m.idempotency_key, m.kind, m.language, m.vars, m.kita_id, m.parent_id, m.event_id, m.status, m.created_at,
           e.event_type, e.answers_close_at, e.care_starts_at,
           k.push_escalation_immediate_minutes as immediate_minutes, k.push_escalation_planned_minutes as planned_minutes
      from outbox_messages m
      join events e on e.id = m.event_id
      join kitas k on k.id = e.kita_id
     where m.channel = 'push' and m.kind in ('inquiry', 'reminder', 'results', 'slot_offered')
       and m.parent_id is not null and m.opened_at is null
       and m.idempotency_key like ${PUSH_PREFIX + '%'}
       -- Not before the least escalation time, unless the push failed.
       and (m.status = 'failed'
            or m.created_at <= ${nowIso}::timestamptz - make_interval(mins => k.push_escalation_immediate_minutes))
       and case when m.kind in ('inquiry', 'reminder')
                then e.status = 'open' and e.answers_close_at > ${nowIso}::timestamptz
                     -- the family still has a child without an answer
                     and exists (select 1 from event_children ec
                                  where ec.event_id = m.event_id and ec.parent_id = m.parent_id and ec.left_at is null
                                    and not exists (select 1 from preferences pr where pr.event_id = ec.event_id and pr.child_id = ec.child_id))
                     -- a preference link of this inquiry was opened
                     and not exists (select 1 from sessions s where s.kind = 'link' and s.event_id = m.event_id and s.parent_id = m.parent_id)
                else e.care_ends_at > ${nowIso}::timestamptz end
       -- 'extra' mode: the usual message went at once.
       and not exists (select 1 from outbox_messages u where u.idempotency_key = substr(m.idempotency_key, ${PUSH_PREFIX.length + 1}))
       and not exists (select 1 from outbox_messages x where x.idempotency_key = ${ESCALATION_PREFIX} || m.idempotency_key)
     order by m.created_at
     limit ${limit}`);
  let written = 0;
  for (const m of due.rows) {
    const dueAt = escalationDueAt(
      {
        kind: m.kind,
        eventType: m.event_type,
        sentAt: new Date(m.created_at),
        answersCloseAt: new Date(m.answers_close_at),
        careStartsAt: new Date(m.care_starts_at),
      },
      { immediateMinutes: m.immediate_minutes, plannedCapMinutes: m.planned_minutes },
    );
    if (m.status !== 'failed' && dueAt > now) continue;
    written += await ctx.db.transaction(async (tx) => {
      // Claim the push: a second process skips it; after this one commits, its escalation exists.
      const claimed = await tx.execute(sql`
        select id from outbox_messages where id = ${m.id} and opened_at is null for update skip locked`);
      if (claimed.rows.length === 0) return 0;
      const key = escalationKey(m.idempotency_key);
      const done = await tx.execute(sql`select 1 from outbox_messages where idempotency_key = ${key}`);
      if (done.rows.length > 0) return 0;
      const parents = await tx.execute<ParentRow>(sql`select ${parentColumns} from parents p where p.id = ${m.parent_id}`);
      const parent = parents.rows[0];
      if (!parent) return 0;
      if (m.kind === 'inquiry' || m.kind === 'reminder') {
        const e = await findEvent(tx, m.event_id);
        if (!e) return 0;
        return enqueueInvitations(tx, e, [{ parent, key, escalationOf: m.id }], ctx.config, m.kind, { now });
      }
      const to = contactOf(parent);
      // No SMS or e-mail: the push was all (the delivery card shows it).
      if (!to || !m.vars) return 0;
      await enqueueMessages(tx, [
        {
          // A granted place's calendar link is not stored (only `calendar: 1`): built and sealed again here.
          ...composeWithCalendar(
            m.kind,
            { language: storedLanguage(m.language), channel: to.channel, recipient: to.recipient, vars: m.vars },
            { eventId: m.event_id, parentId: m.parent_id },
            ctx.config,
          ),
          idempotencyKey: key,
          kitaId: m.kita_id,
          parentId: m.parent_id,
          eventId: m.event_id,
          escalationOf: m.id,
          createdAt: now,
        },
      ]);
      return 1;
    });
  }
  if (written > 0) ctx.outbox.kick();
  return written;
}
