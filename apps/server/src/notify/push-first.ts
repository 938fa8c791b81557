import { sql } from 'drizzle-orm';
import { pushKey } from '@kita/shared/message-keys';
import type { DbOrTx } from '../db/client.js';
import { PUSH_KINDS, type Language, type PushKind } from '@kita/shared';
import { storedLanguage } from './messages.js';
import type { MessageKind, OutboxMessage } from './outbox.js';
import { pushNotification } from './push-payload.js';
import { sealMessage, type SecretKey } from './secrets.js';

/**
 * Push first (docs/domain.md "Push first"): which families of a batch get a push before (or beside)
 * their usual SMS or e-mail. A family with at least one push subscription, in a Kita whose push
 * mode is 'first', gets the push alone and the usual message only when the escalation job finds
 * the push failed or not opened in time (modules/delivery/escalation.ts); with 'extra' it gets both
 * at once. A family without a subscription is unchanged.
 */
export const PUSH_FIRST_KINDS: ReadonlySet<MessageKind> = new Set<MessageKind>(PUSH_KINDS);

export interface PushRouting {
  mode: 'first' | 'extra';
  /** The families of the batch with at least one push subscription. */
  subscribed: ReadonlySet<string>;
}

/** The Kita's push mode and which of these families have a push subscription (two statements). */
export async function pushRouting(db: DbOrTx, kitaId: string, parentIds: readonly string[]): Promise<PushRouting | null> {
  if (parentIds.length === 0) return null;
  const kita = await db.execute<{ push_mode: 'first' | 'extra' }>(sql`select push_mode from kitas where id = ${kitaId}`);
  const mode = kita.rows[0]?.push_mode;
  if (!mode) return null;
  const subscribed = new Set<string>();
  const unique = [...new Set(parentIds)];
  for (let i = 0; i < unique.length; i += 5000) {
    const ids = sql.join(unique.slice(i, i + 5000).map((id) => sql`${id}::uuid`), sql`, `);
    const r = await db.execute<{ parent_id: string }>(sql`
      select distinct parent_id from push_subscriptions where parent_id in (${ids})`);
    for (const row of r.rows) subscribed.add(row.parent_id);
  }
  return subscribed.size === 0 ? null : { mode, subscribed };
}

/**
 * The push row of a family message, in the shape `enqueuePush` (notify/push.ts) writes: channel
 * 'push', the parent as recipient, the notification's title as subject and the notification
 * (push-payload.ts) as JSON in body_text, an inquiry's or reminder's link token sealed like every
 * message secret; keyed `push:<usual key>`. Also the usual message's variables (its escalation is
 * composed again from them) and the app's clock as created_at (the escalation is timed from it).
 * Built here so a fan-out writes its pushes in one batch.
 */
export function pushMessage(usual: {
  key: string;
  kind: PushKind;
  language: Language;
  kitaId: string;
  kitaName: string;
  parentId: string;
  eventId: string;
  /** inquiry and reminder: the raw preference link token, and the key that seals it. */
  link?: { token: string; secretKey: SecretKey } | null;
  vars?: OutboxMessage['vars'];
  now: Date;
}): OutboxMessage {
  const notification = pushNotification({
    kind: usual.kind,
    language: usual.language,
    kitaName: usual.kitaName,
    parentId: usual.parentId,
    eventId: usual.eventId,
    linkToken: usual.link?.token ?? null,
  });
  const text = { subject: notification.title, bodyText: JSON.stringify(notification), bodyHtml: null };
  return {
    ...(usual.link ? sealMessage(text, usual.link.token, usual.link.secretKey) : text),
    idempotencyKey: pushKey(usual.key),
    kind: usual.kind,
    channel: 'push',
    recipient: usual.parentId,
    language: usual.language,
    kitaId: usual.kitaId,
    parentId: usual.parentId,
    eventId: usual.eventId,
    vars: usual.vars ?? null,
    createdAt: usual.now,
  };
}

/**
 * The stand-in recipient of a family without SMS or e-mail: its message is composed (as an e-mail,
 * for the variables) with no address and goes out only as a push; without a push it is dropped.
 */
export function pushOnlyRecipient(language: string | null | undefined) {
  return { channel: 'email' as const, recipient: '', language: storedLanguage(language) };
}

/**
 * Routes results and "place offered" messages (one per family, already composed for the usual
 * channel): a subscribed family gets the push to its own page, and the usual message too only in
 * 'extra' mode. The push keeps the usual message's variables, so the escalation composes it again.
 */
export async function routePushFirst(db: DbOrTx, kitaId: string, messages: OutboxMessage[], now: Date): Promise<OutboxMessage[]> {
  const candidates = messages.filter((m) => PUSH_FIRST_KINDS.has(m.kind) && m.parentId && m.eventId);
  const routing = await pushRouting(db, kitaId, candidates.map((m) => m.parentId!));
  const out: OutboxMessage[] = [];
  for (const m of messages) {
    if (!routing || !PUSH_FIRST_KINDS.has(m.kind) || !m.parentId || !m.eventId || !routing.subscribed.has(m.parentId)) {
      // A push-only message of a family without push: nobody to send it to.
      if (m.recipient !== '') out.push(m);
      continue;
    }
    out.push(
      pushMessage({
        key: m.idempotencyKey,
        kind: m.kind as PushKind,
        language: m.language,
        kitaId,
        kitaName: String(m.vars?.kitaName ?? ''),
        parentId: m.parentId,
        eventId: m.eventId,
        vars: m.vars ?? null,
        now,
      }),
    );
    if (routing.mode === 'extra' && m.recipient !== '') out.push(m);
  }
  return out;
}
