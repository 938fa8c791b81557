import { sql } from 'drizzle-orm';
import { formatDeadline, type Language } from '@kita/shared';
import { formatCarePeriod } from '@kita/shared/i18n';
import type { Tx } from '../../db/client.js';
import { events, tokens } from '../../db/schema.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import { appLink, composeMessage, parentRecipient } from '../../notify/messages.js';
import { enqueueMessages, type OutboxMessage } from '../../notify/outbox.js';
import type { EventRow } from './queries.js';
import { writeSnapshot } from './snapshot.js';

type ParentRow = {
  id: string;
  name: string;
  email: string | null;
  primary_phone: string | null;
  primary_phone_verified: boolean;
  preferred_communication: string | null;
  is_anonymous: boolean;
  language: string;
};

export const inquiryKey = (eventId: string, parentId: string) => `inquiry:${eventId}:${parentId}`;

/**
 * Opens an event to the parents (domain.md "Notifications", "Tokens"): records the snapshot of
 * eligible children (event_children), then ONE inquiry per parent with children in the snapshot, by the preferred channel and in the parent's language, carrying a preference
 * link whose token (128 random bits from newToken(), stored as SHA-256, valid until the event ends) is written in
 * the SAME transaction as the message. Parents that already got this inquiry are skipped, so a
 * repeated call (category change, retry) is harmless. Everything is written in a few batched
 * statements, never one round trip per parent. The caller kicks the outbox after commit.
 * Returns the number of messages written.
 */
export async function fanOutInquiry(
  tx: Tx,
  e: EventRow,
  publicUrl: string,
  now: Date,
  opts: { late?: boolean } = {},
): Promise<number> {
  // Opening records who is asked; late joiners were added to the snapshot by the caller.
  if (!opts.late) await writeSnapshot(tx, e, now);
  const result = await tx.execute<ParentRow>(sql`
    select p.id, p.name, p.email, p.primary_phone, p.primary_phone_verified, p.preferred_communication,
           p.is_anonymous, p.language
      from parents p
     where exists (select 1 from event_children ec
                    where ec.event_id = ${e.id} and ec.parent_id = p.id and ec.left_at is null)
       and not p.is_anonymous
       and not exists (select 1 from outbox_messages m
                        where m.idempotency_key = 'inquiry:' || ${e.id} || ':' || p.id::text)`);
  if (opts.late && result.rows.length === 0) return 0;

  const careDays = { de: formatCarePeriod('de', e.eventDate, e.expireDate, e.timezone), en: formatCarePeriod('en', e.eventDate, e.expireDate, e.timezone) };
  const deadline = { de: formatDeadline('de', e.responseDeadline, e.timezone), en: formatDeadline('en', e.responseDeadline, e.timezone) };
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
          careDays: careDays[language],
          deadline: deadline[language],
          link: appLink(publicUrl, '/preference', { token: raw }),
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
  if (!opts.late) await tx.update(events).set({ notifiedAt: now, updatedAt: now }).where(sql`${events.id} = ${e.id}`);
  return messages.length;
}
