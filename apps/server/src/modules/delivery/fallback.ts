import { sql } from 'drizzle-orm';
import { fallbackKey, FALLBACK_PREFIX } from '@kita/shared/message-keys';
import type { Services } from '../../lib/context.js';
import { RECOMPOSABLE_KINDS, storedLanguage, type MessageVars } from '../../notify/messages.js';
import { composeWithCalendar } from '../../notify/calendar-link.js';
import { enqueueMessages, type MessageKind } from '../../notify/outbox.js';
import { channelRecipient, parentColumns, type ParentRow } from '../events/fanout.js';

/** How long after it was written a failed family message still gets its fallback (event-less kinds). */
const FALLBACK_WINDOW_MS = 7 * 86_400_000;

/**
 * Channel fallback for every family-facing message kind after the answer window:
 * results, place offered, place given back, inquiry withdrawn and registration declined. A message
 * of such a kind that ended failed or undelivered goes out once more on the family's other
 * verified channel (SMS -> e-mail, e-mail -> SMS), composed again from the variables stored on
 * its row, in the same language, marked with `fallback_of` and keyed `fallback:<its key>` (so at
 * most once per message, never a fallback of a fallback). Only while it still matters: until the
 * end of the inquiry's care period, and for seven days for a message without an inquiry. Inquiry
 * and reminder fall back in `sendFallbacks` (a fresh link each), which calls this. Safe on several
 * processes (idempotency keys).
 */
export async function sendMessageFallbacks(ctx: Services, limit = 200): Promise<number> {
  const now = ctx.clock.now();
  const kinds = [...RECOMPOSABLE_KINDS];
  const due = await ctx.db.execute<{
    id: string;
    idempotency_key: string;
    kind: MessageKind;
    channel: 'email' | 'sms';
    language: string;
    vars: MessageVars;
    kita_id: string | null;
    parent_id: string;
    event_id: string | null;
  }>(sql`
    select m.id, m.idempotency_key, m.kind, m.channel, m.language, m.vars, m.kita_id, m.parent_id, m.event_id
      from outbox_messages m
      left join events e on e.id = m.event_id
     where m.kind in (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})
       and m.vars is not null and m.fallback_of is null and m.parent_id is not null and m.channel in ('email', 'sms')
       and (m.status = 'failed' or m.delivery_status = 'undelivered')
       and case when e.id is null then m.created_at > ${new Date(now.getTime() - FALLBACK_WINDOW_MS).toISOString()}::timestamptz
                else e.care_ends_at > ${now.toISOString()}::timestamptz end
       and not exists (select 1 from outbox_messages f where f.idempotency_key = ${FALLBACK_PREFIX} || m.idempotency_key)
     order by m.created_at
     limit ${limit}`);
  if (due.rows.length === 0) return 0;
  const ids = [...new Set(due.rows.map((m) => m.parent_id))];
  const parents = await ctx.db.execute<ParentRow>(sql`
    select ${parentColumns} from parents p where p.id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
  const byId = new Map(parents.rows.map((p) => [p.id, p]));
  const messages = [];
  for (const m of due.rows) {
    const parent = byId.get(m.parent_id);
    const to = parent ? channelRecipient(parent, m.channel === 'sms' ? 'email' : 'sms') : null;
    // No other verified channel: the delivery card and the dashboard ask the manager to phone.
    if (!to) continue;
    messages.push({
      // The calendar link is not stored (only `calendar: 1`): it is built and sealed again here.
      ...composeWithCalendar(
        m.kind,
        { language: storedLanguage(m.language), channel: to.channel, recipient: to.recipient, vars: m.vars },
        { eventId: m.event_id, parentId: m.parent_id },
        ctx.config,
      ),
      idempotencyKey: fallbackKey(m.idempotency_key),
      kitaId: m.kita_id,
      parentId: m.parent_id,
      eventId: m.event_id,
      fallbackOf: m.id,
    });
  }
  await enqueueMessages(ctx.db, messages);
  if (messages.length > 0) ctx.outbox.kick();
  return messages.length;
}
