import { sql } from 'drizzle-orm';
import type { Language } from '@kita/shared';
import type { Tx } from '../../db/client.js';
import { events, tokens } from '../../db/schema.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import { appLink, composeMessage, parentRecipient } from '../../notify/messages.js';
import { enqueueMessages, type OutboxMessage } from '../../notify/outbox.js';
import { eligibleWhere, type EventRow } from './queries.js';

type ParentRow = {
  id: string;
  name: string;
  email: string | null;
  primary_phone: string | null;
  primary_phone_verified: boolean;
  preferred_communication: string | null;
  is_anonymous: boolean;
  language: string;
}

export const inquiryKey = (eventId: string, parentId: string) => `inquiry:${eventId}:${parentId}`;

/** dd.MM.yyyy and dd.MM.yyyy, HH:mm (spec section 9) in the event's timezone. */
function formatter(timeZone: string, withTime: boolean) {
  const f = new Intl.DateTimeFormat('de-DE', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
  });
  return (d: Date) => f.format(d);
}

/**
 * Opens an event to the parents (domain.md "Notifications", "Tokens"): ONE inquiry per parent with
 * eligible children, by the preferred channel and in the parent's language, carrying a preference
 * link whose token (128 random bits from newToken(), stored as SHA-256, valid until the event ends) is written in
 * the SAME transaction as the message. Parents that already got this inquiry are skipped, so a
 * repeated call (category change, retry) is harmless. Everything is written in a few batched
 * statements, never one round trip per parent. The caller kicks the outbox after commit.
 * Returns the number of messages written.
 */
export async function fanOutInquiry(tx: Tx, e: EventRow, publicUrl: string, now: Date): Promise<number> {
  const result = await tx.execute<ParentRow>(sql`
    select p.id, p.name, p.email, p.primary_phone, p.primary_phone_verified, p.preferred_communication,
           p.is_anonymous, p.language
      from parents p
     where exists (select 1 from children c join groups g on g.id = c.group_id
                    where c.parent_id = p.id and ${eligibleWhere(sql`${e.categoryId}::uuid`)})
       and not p.is_anonymous
       and not exists (select 1 from outbox_messages m
                        where m.idempotency_key = 'inquiry:' || ${e.id} || ':' || p.id::text)`);

  const eventDay = formatter(e.timezone, false)(e.eventDate);
  const deadline = formatter(e.timezone, true)(e.expireDate);
  const tokenRows: Array<typeof tokens.$inferInsert> = [];
  const messages: OutboxMessage[] = [];
  for (const p of result.rows) {
    const to = parentRecipient({
      email: p.email,
      primaryPhone: p.primary_phone,
      primaryPhoneVerified: p.primary_phone_verified,
      preferredCommunication: p.preferred_communication,
      isAnonymous: p.is_anonymous,
      language: p.language,
    });
    // No channel: the manager sees the parent under parentsWithoutChannel and records the answers.
    if (!to) continue;
    const raw = newToken();
    tokenRows.push({
      kind: 'preference',
      tokenHash: sha256(raw),
      parentId: p.id,
      eventId: e.id,
      target: to.recipient,
      expiresAt: e.expireDate,
    });
    const language: Language = to.language;
    messages.push({
      ...composeMessage('inquiry', {
        language,
        channel: to.channel,
        recipient: to.recipient,
        vars: {
          name: p.name,
          kitaName: e.kitaName,
          eventDate: eventDay,
          deadline,
          // The short path keeps the inquiry SMS in one segment; /preference?token= keeps working.
          link: appLink(publicUrl, `/p/${raw}`),
        },
      }),
      idempotencyKey: inquiryKey(e.id, p.id),
      kitaId: e.kitaId,
      parentId: p.id,
      eventId: e.id,
    });
  }
  // 6 bind parameters per token row: 2,000 rows stay far below PostgreSQL's 65,535 limit.
  for (let i = 0; i < tokenRows.length; i += 2000) await tx.insert(tokens).values(tokenRows.slice(i, i + 2000));
  await enqueueMessages(tx, messages);
  await tx.update(events).set({ notifiedAt: now, updatedAt: now }).where(sql`${events.id} = ${e.id}`);
  return messages.length;
}
