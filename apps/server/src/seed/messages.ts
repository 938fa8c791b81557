import { sql } from 'drizzle-orm';
import { formatDeadline, type Language } from '@kita/shared';
import { formatCarePeriod } from '@kita/shared/i18n';
import type { DbOrTx } from '../db/client.js';
import { outboxMessages } from '../db/schema.js';
import { contactOf, PARENT_CONTACT, type ParentContactRow } from '../modules/events/contact.js';
import { inquiryKey } from '../modules/events/fanout.js';
import { resultsKey } from '../modules/results/close.js';
import { composeMessage, resultLines } from '../notify/messages.js';
import { SECRET_PLACEHOLDER } from '../notify/secrets.js';

const MINUTE_MS = 60_000;

type FamilyRow = ParentContactRow & {
  parent_id: string;
  parent_name: string;
  children: Array<{ name: string; has_slot: boolean | null }>;
};

/**
 * The messages of the demo season's finished inquiries (they had none, so their delivery
 * cards showed every family as "Kein Kanal"): per family with a channel the inquiry at opening and
 * the result at closing, written as delivered long ago, the way the outbox keeps a delivered
 * message at rest (link token blanked: `…/p/{{secret}}`, no secret). In the first inquiry that
 * has such a family, one e-mail bounced and the SMS fallback reached it, so the card shows that case too. Being
 * old, they sort below everything new in the dev mailbox.
 */
export async function seedSeasonMessages(tx: DbOrTx, eventIds: string[], publicUrl = 'http://localhost:3000'): Promise<number> {
  let written = 0;
  let bounced = false;
  for (const eventId of eventIds) {
    const events = await tx.execute<{
      kita_id: string;
      kita_name: string;
      care_starts_at: Date | string;
      care_ends_at: Date | string;
      answers_close_at: Date | string;
      opens_at: Date | string;
      timezone: string;
    }>(sql`
      select e.kita_id, k.name as kita_name, e.care_starts_at, e.care_ends_at, e.answers_close_at, e.opens_at, e.timezone
        from events e join kitas k on k.id = e.kita_id
       where e.id = ${eventId} and e.status = 'finished'`);
    const e = events.rows[0];
    if (!e) continue;
    const families = await tx.execute<FamilyRow>(sql`
      select ec.parent_id, min(ec.parent_name) as parent_name, ${PARENT_CONTACT},
             json_agg(json_build_object('name', ec.child_name, 'has_slot', a.has_slot) order by ec.child_name) as children
        from event_children ec
        join parents p on p.id = ec.parent_id
        left join allocations a on a.event_id = ec.event_id and a.child_id = ec.child_id
       where ec.event_id = ${eventId} and ec.left_at is null and ec.channel is not null
       group by ec.parent_id, p.id
       order by min(ec.parent_name), ec.parent_id`);
    const opened = new Date(e.opens_at);
    const closed = new Date(e.answers_close_at);
    const care = (language: Language) => formatCarePeriod(language, new Date(e.care_starts_at), new Date(e.care_ends_at), e.timezone);
    for (const [i, f] of families.rows.entries()) {
      const to = contactOf(f);
      if (!to) continue;
      const language: Language = to.language;
      const base = { kitaId: e.kita_id, parentId: f.parent_id, eventId, status: 'sent', attempts: 1, transport: 'dev', deliveryStatus: 'delivered' };
      const at = new Date(opened.getTime() + Math.min(i, 30) * 1000);
      const vars = {
        name: f.parent_name,
        kitaName: e.kita_name,
        careDays: care(language),
        deadline: formatDeadline(language, closed, e.timezone),
        link: `${publicUrl.replace(/\/$/, '')}/p/${SECRET_PLACEHOLDER}`,
      };
      const inquiry = composeMessage('inquiry', { language, channel: to.channel, recipient: to.recipient, vars });
      // The family's other channel, for the one failure of the season.
      const other =
        to.channel === 'email'
          ? f.primary_phone && f.primary_phone_verified ? { channel: 'sms' as const, recipient: f.primary_phone } : null
          : f.email ? { channel: 'email' as const, recipient: f.email } : null;
      if (!bounced && other) {
        // The first message failed (e-mail: mailbox full; SMS: phone unreachable); the other
        // channel reached the family a minute later.
        bounced = true;
        const failure = to.channel === 'email' ? { failureReason: 'mailbox_full', lastError: '552 5.2.2 mailbox full' } : { failureReason: 'unreachable', lastError: 'phone switched off (expired after 48 h)' };
        const [failed] = await tx
          .insert(outboxMessages)
          .values({
            ...inquiry,
            ...base,
            idempotencyKey: inquiryKey(eventId, f.parent_id),
            status: 'failed',
            deliveryStatus: 'undelivered',
            ...failure,
            sentAt: at,
            createdAt: at,
            deliveryUpdatedAt: at,
          })
          .returning({ id: outboxMessages.id });
        const fallback = composeMessage('inquiry', { language, channel: other.channel, recipient: other.recipient, vars });
        const later = new Date(at.getTime() + MINUTE_MS);
        await tx.insert(outboxMessages).values({
          ...fallback,
          ...base,
          idempotencyKey: `${inquiryKey(eventId, f.parent_id)}:fallback`,
          fallbackOf: failed!.id,
          sentAt: later,
          createdAt: later,
          deliveryUpdatedAt: later,
        });
        written += 2;
      } else {
        await tx.insert(outboxMessages).values({ ...inquiry, ...base, idempotencyKey: inquiryKey(eventId, f.parent_id), sentAt: at, createdAt: at, deliveryUpdatedAt: at });
        written += 1;
      }
      const result = composeMessage('results', {
        language,
        channel: to.channel,
        recipient: to.recipient,
        vars: {
          name: f.parent_name,
          kitaName: e.kita_name,
          careDays: care(language),
          results: resultLines(language, f.children.map((c) => ({ childName: c.name, hasSlot: c.has_slot === true }))),
        },
      });
      const done = new Date(closed.getTime() + Math.min(i, 30) * 1000);
      await tx.insert(outboxMessages).values({ ...result, ...base, idempotencyKey: resultsKey(eventId, f.parent_id), sentAt: done, createdAt: done, deliveryUpdatedAt: done });
      written += 1;
    }
  }
  return written;
}
