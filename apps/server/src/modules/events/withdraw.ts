import { sql } from 'drizzle-orm';
import { formatCarePeriod } from '@kita/shared/i18n';
import type { DbOrTx, Tx } from '../../db/client.js';
import { composeMessage } from '../../notify/messages.js';
import { enqueueMessages, type OutboxMessage } from '../../notify/outbox.js';
import { contactOf, PARENT_CONTACT, type ParentContactRow } from './contact.js';
import type { EventRow } from './queries.js';

/**
 * The families that already have an inquiry's link: an inquiry or reminder of the event was
 * handed to the provider for them (sent, or being sent) and not reported undelivered. Queued
 * messages are stopped when the inquiry is deleted, so their families never see the link.
 */
const familiesWithLinkSql = (eventId: string) => sql`
  select distinct m.parent_id
    from outbox_messages m
   where m.event_id = ${eventId} and m.kind in ('inquiry', 'reminder') and m.parent_id is not null
     and m.status in ('sent', 'sending') and coalesce(m.delivery_status, '') <> 'undelivered'`;

export async function countFamiliesWithLink(db: DbOrTx, eventId: string): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${familiesWithLinkSql(eventId)}) f`);
  return Number(r.rows[0]?.n ?? 0);
}

export const withdrawnKey = (eventId: string, parentId: string) => `event_withdrawn:${eventId}:${parentId}`;

/**
 * Deleting an inquiry families already have, inside the deletion's transaction before
 * the event row goes: every family that got the link is told that the Kita withdrew it (message
 * kind event_withdrawn, by its current channel, with the same channel fallback as every family
 * message), and the link tokens are kept by hash in `withdrawn_links` so an old link says
 * "withdrawn by the Kita" instead of "invalid link". Returns the number of messages written.
 */
export async function withdrawInquiry(tx: Tx, e: EventRow, now: Date): Promise<number> {
  await tx.execute(sql`
    insert into withdrawn_links (token_hash, kita_name, care_starts_at, care_ends_at, timezone, withdrawn_at, expires_at)
    select t.token_hash, ${e.kitaName}, ${e.careStartsAt.toISOString()}::timestamptz, ${e.careEndsAt.toISOString()}::timestamptz,
           ${e.timezone}, ${now.toISOString()}::timestamptz, t.expires_at
      from tokens t
     where t.event_id = ${e.id} and t.kind = 'preference'
    on conflict (token_hash) do nothing`);
  const families = await tx.execute<{ parent_id: string; name: string } & ParentContactRow>(sql`
    select p.id as parent_id, p.name, ${PARENT_CONTACT}
      from parents p
     where p.id in (${familiesWithLinkSql(e.id)})`);
  const messages: OutboxMessage[] = [];
  for (const p of families.rows) {
    const to = contactOf(p);
    if (!to) continue;
    messages.push({
      ...composeMessage('event_withdrawn', {
        language: to.language,
        channel: to.channel,
        recipient: to.recipient,
        vars: { name: p.name, kitaName: e.kitaName, careDays: formatCarePeriod(to.language, e.careStartsAt, e.careEndsAt, e.timezone) },
      }),
      idempotencyKey: withdrawnKey(e.id, p.parent_id),
      kitaId: e.kitaId,
      parentId: p.parent_id,
      // The event row is deleted next: the message keeps no reference to it (set null anyway).
      eventId: null,
    });
  }
  await enqueueMessages(tx, messages);
  return messages.length;
}
