import { and, countDistinct, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { formatCarePeriod } from '@kita/shared/i18n';
import { withdrawnKey } from '@kita/shared/message-keys';
import type { DbOrTx, Tx } from '../../db/client.js';
import { outboxMessages, parents, tokens, withdrawnLinks } from '../../db/schema.js';
import { composeMessage, parentRecipient } from '../../notify/messages.js';
import { enqueueMessages, type OutboxMessage } from '../../notify/outbox.js';
import { parentContact } from './contact.js';
import type { EventRow } from './queries.js';

/**
 * The families that already have an inquiry's link: an inquiry or reminder of the event was
 * handed to the provider for them (sent, or being sent) and not reported undelivered. Queued
 * messages are stopped when the inquiry is deleted, so their families never see the link.
 */
const hasLink = (eventId: string) =>
  and(
    eq(outboxMessages.eventId, eventId),
    inArray(outboxMessages.kind, ['inquiry', 'reminder']),
    isNotNull(outboxMessages.parentId),
    inArray(outboxMessages.status, ['sent', 'sending']),
    sql`coalesce(${outboxMessages.deliveryStatus}, '') <> 'undelivered'`,
  );

export async function countFamiliesWithLink(db: DbOrTx, eventId: string): Promise<number> {
  const [r] = await db.select({ n: countDistinct(outboxMessages.parentId) }).from(outboxMessages).where(hasLink(eventId));
  return r?.n ?? 0;
}

/**
 * Deleting an inquiry families already have, inside the deletion's transaction before
 * the event row goes: every family that got the link is told that the Kita withdrew it (message
 * kind event_withdrawn, by its current channel, with the same channel fallback as every family
 * message), and the link tokens are kept by hash in `withdrawn_links` so an old link says
 * "withdrawn by the Kita" instead of "invalid link". Returns the number of messages written.
 */
export async function withdrawEvent(tx: Tx, e: EventRow, now: Date): Promise<number> {
  const instant = (d: Date) => sql<Date>`${d.toISOString()}::timestamptz`;
  await tx
    .insert(withdrawnLinks)
    .select(
      tx
        .select({
          tokenHash: tokens.tokenHash,
          kitaName: sql<string>`${e.kitaName}::text`.as('kita_name'),
          careStartsAt: instant(e.careStartsAt).as('care_starts_at'),
          careEndsAt: instant(e.careEndsAt).as('care_ends_at'),
          timezone: sql<string>`${e.timezone}::text`.as('timezone'),
          withdrawnAt: instant(now).as('withdrawn_at'),
          expiresAt: tokens.expiresAt,
        })
        .from(tokens)
        .where(and(eq(tokens.eventId, e.id), eq(tokens.kind, 'preference'))),
    )
    .onConflictDoNothing({ target: withdrawnLinks.tokenHash });
  const families = await tx
    .select({ parentId: parents.id, name: parents.name, contact: parentContact })
    .from(parents)
    .where(inArray(parents.id, tx.selectDistinct({ id: outboxMessages.parentId }).from(outboxMessages).where(hasLink(e.id))));
  const messages: OutboxMessage[] = [];
  for (const p of families) {
    const to = parentRecipient(p.contact);
    if (!to) continue;
    messages.push({
      ...composeMessage('event_withdrawn', {
        language: to.language,
        channel: to.channel,
        recipient: to.recipient,
        vars: { name: p.name, kitaName: e.kitaName, careDays: formatCarePeriod(to.language, e.careStartsAt, e.careEndsAt, e.timezone) },
      }),
      idempotencyKey: withdrawnKey(e.id, p.parentId),
      kitaId: e.kitaId,
      parentId: p.parentId,
      // The event row is deleted next: the message keeps no reference to it (set null anyway).
      eventId: null,
    });
  }
  await enqueueMessages(tx, messages);
  return messages.length;
}
