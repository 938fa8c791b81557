import { sql } from 'drizzle-orm';
import { formatDeadline, type Language } from '@kita/shared';
import { formatCarePeriod } from '@kita/shared/i18n';
import { eventFamilyKeyPrefix, invitationKey, pushKey } from '@kita/shared/message-keys';
import type { Tx } from '../../db/client.js';
import { events, tokens } from '../../db/schema.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import { appLink, composeMessage, storedLanguage } from '../../notify/messages.js';
import { enqueueMessages, type OutboxMessage } from '../../notify/outbox.js';
import { pushMessage, pushRouting } from '../../notify/push-first.js';
import { outboxSecretKey, sealMessage } from '../../notify/secrets.js';
import type { EventRow } from './queries.js';
import { writeSnapshot } from './snapshot-records.js';
import { contactOf } from './contact.js';

export type ParentRow = {
  id: string;
  name: string;
  email: string | null;
  primary_phone: string | null;
  primary_phone_verified: boolean;
  email_verified: boolean;
  preferred_communication: string | null;
  is_anonymous: boolean;
  language: string;
};

/** The columns of ParentRow, for every query that feeds enqueueInvitations (alias p). */
export const parentColumns = sql.raw(
  'p.id, p.name, p.email, p.primary_phone, p.primary_phone_verified, p.email_verified, p.preferred_communication, p.is_anonymous, p.language',
);

/** A per-language value computed on first use (a batch of families speaks a few languages). */
function perLanguage<T>(make: (lang: Language) => T): (lang: Language) => T {
  const made = new Map<Language, T>();
  return (lang) => {
    if (!made.has(lang)) made.set(lang, make(lang));
    return made.get(lang)!;
  };
}

/**
 * Opens an event to the parents (docs/domain.md "Messages", "Links and codes"): records the snapshot of
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
  config: { publicUrl: string; jwtSecret: Uint8Array },
  now: Date,
  opts: { late?: boolean } = {},
): Promise<number> {
  // Opening records who is asked; late joiners were added to the snapshot by the caller.
  if (!opts.late) await writeSnapshot(tx, e, now);
  const result = await tx.execute<ParentRow>(sql`
    select ${parentColumns}
      from parents p
     where exists (select 1 from event_children ec
                    where ec.event_id = ${e.id} and ec.parent_id = p.id and ec.left_at is null)
       and not p.is_anonymous
       and not exists (select 1 from outbox_messages m
                        where m.idempotency_key in (${eventFamilyKeyPrefix('inquiry', e.id)} || p.id::text,
                                                    ${pushKey(eventFamilyKeyPrefix('inquiry', e.id))} || p.id::text))`);
  if (opts.late && result.rows.length === 0) return 0;

  const count = await enqueueInvitations(
    tx,
    e,
    result.rows.map((p) => ({ parent: p, key: invitationKey(e.id, p.id) })),
    config,
    'inquiry',
    { pushFirst: true, now },
  );
  // The eligible count from the snapshot: the parent's view reads its threshold from here (one
  // statement); late joiners and leavers update it too.
  await tx
    .update(events)
    .set({
      ...(opts.late ? {} : { notifiedAt: now }),
      updatedAt: now,
      eligibleCount: sql`(select count(*)::int from event_children ec where ec.event_id = ${e.id} and ec.left_at is null)`,
    })
    .where(sql`${events.id} = ${e.id}`);
  return count;
}

/** One family to write an invitation-like message for (fan-out, resend, reminder, channel fallback). */
export interface InvitationTarget {
  parent: ParentRow;
  /** The message key (`@kita/shared/message-keys`): a second message with the same key is never written. */
  key: string;
  /** Forces this channel (fallback); otherwise the family's preferred reachable channel. */
  channel?: 'email' | 'sms';
  fallbackOf?: string;
  /** The push this message escalates (push first: not opened in time, or failed). */
  escalationOf?: string;
}

export interface InvitationOptions {
  /**
   * Push first (notify/push-first.ts): a family with a push subscription gets the link by push,
   * alone ('first') or beside the usual message ('extra'); a family with push but without SMS or
   * e-mail gets the push alone. Only the first fan-out and the reminder; a resend, a fallback and an
   * escalation go by the usual channel.
   */
  pushFirst?: boolean;
  /** The app's clock: the push's escalation is timed from it. */
  now?: Date;
}

/**
 * Writes invitations (or reminders) with a fresh link each, through the same code
 * path for the first fan-out, a resend, a reminder and a channel fallback. Families without a
 * channel are skipped. Returns the number of messages written.
 */
export async function enqueueInvitations(
  tx: Tx,
  e: EventRow,
  targets: InvitationTarget[],
  config: { publicUrl: string; jwtSecret: Uint8Array },
  kind: 'inquiry' | 'reminder' = 'inquiry',
  opts: InvitationOptions = {},
): Promise<number> {
  const { publicUrl } = config;
  const routing = opts.pushFirst && opts.now ? await pushRouting(tx, e.kitaId, targets.filter((t) => !t.channel).map((t) => t.parent.id)) : null;
  // The link token is stored encrypted beside the message, never in its text.
  const secretKey = outboxSecretKey(config.jwtSecret);
  // Dates in each family's language, worked out once per language of the batch.
  const careDays = perLanguage((l) => formatCarePeriod(l, e.careStartsAt, e.careEndsAt, e.timezone));
  const deadline = perLanguage((l) => formatDeadline(l, e.answersCloseAt, e.timezone));
  const tokenRows: Array<typeof tokens.$inferInsert> = [];
  const messages: OutboxMessage[] = [];
  for (const { parent: p, key, channel, fallbackOf, escalationOf } of targets) {
    const to = channel ? channelRecipient(p, channel) : contactOf(p);
    const push = !channel && !!routing?.subscribed.has(p.id) && !p.is_anonymous;
    // No channel: the manager sees the parent under parentsWithoutChannel and records the answers.
    if (!to && !push) continue;
    const raw = newToken();
    tokenRows.push({
      kind: 'preference',
      tokenHash: sha256(raw),
      parentId: p.id,
      eventId: e.id,
      target: to?.recipient ?? null,
      expiresAt: e.careEndsAt,
    });
    if (push) {
      // The same link as the SMS would carry, sealed; the push opens /p/<token>.
      messages.push(pushMessage({
        key,
        kind,
        language: to?.language ?? storedLanguage(p.language),
        kitaId: e.kitaId,
        kitaName: e.kitaName,
        parentId: p.id,
        eventId: e.id,
        link: { token: raw, secretKey },
        now: opts.now!,
      }));
      // Push first: the usual message only on escalation (modules/delivery/escalation.ts).
      if (routing?.mode !== 'extra') continue;
    }
    if (!to) continue;
    const language: Language = to.language;
    messages.push({
      ...sealMessage(composeMessage(kind, {
        language,
        channel: to.channel,
        recipient: to.recipient,
        vars: {
          name: p.name,
          kitaName: e.kitaName,
          careDays: careDays(language),
          deadline: deadline(language),
          // E-mail only: the description as the Kita typed it, marked as its own words.
          ...(e.description ? { kitaNote: e.description } : {}),
          // The short path keeps the inquiry SMS in one segment; /preference?token= keeps working.
          link: appLink(publicUrl, `/p/${raw}`),
        },
      }), raw, secretKey),
      idempotencyKey: key,
      // The worker sends the link with the PUBLIC_URL of its time (notify/public-url.ts).
      publicUrl,
      kitaId: e.kitaId,
      parentId: p.id,
      eventId: e.id,
      fallbackOf: fallbackOf ?? null,
      escalationOf: escalationOf ?? null,
      // An escalation is timed like its push: by the app's clock.
      ...(escalationOf && opts.now ? { createdAt: opts.now } : {}),
    });
  }
  // 6 bind parameters per token row: 2,000 rows stay far below PostgreSQL's 65,535 limit.
  for (let i = 0; i < tokenRows.length; i += 2000) await tx.insert(tokens).values(tokenRows.slice(i, i + 2000));
  await enqueueMessages(tx, messages);
  return messages.length;
}

/** The family's address on one channel: SMS only to a verified phone, e-mail only when verified. */
export function channelRecipient(p: ParentRow, channel: 'email' | 'sms') {
  const language = storedLanguage(p.language);
  if (p.is_anonymous) return null;
  if (channel === 'sms') return p.primary_phone && p.primary_phone_verified ? { channel, recipient: p.primary_phone, language } : null;
  return p.email && p.email_verified ? { channel, recipient: p.email, language } : null;
}
