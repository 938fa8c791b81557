import { sql } from 'drizzle-orm';
import { pushKey } from '@kita/shared/message-keys';
import type { DbOrTx } from '../db/client.js';
import { storedLanguage } from './messages.js';
import type { MessageKind, OutboxMessage } from './outbox.js';

/**
 * Push first (docs/domain.md "Push first"): which families of a batch get a push before (or beside)
 * their usual SMS or e-mail. A family with at least one push subscription, in a Kita whose push
 * mode is 'first', gets the push alone and the usual message only when the escalation job finds
 * the push failed or not opened in time (modules/delivery/escalation.ts); with 'extra' it gets both
 * at once. A family without a subscription is unchanged.
 */
export const PUSH_FIRST_KINDS: ReadonlySet<MessageKind> = new Set<MessageKind>(['inquiry', 'reminder', 'results', 'slot_offered']);

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
 * The push row of a family message: channel 'push', the parent as recipient, the usual
 * message's key after `push:`, the relative app URL to open as its text (a preference link's token
 * sealed like every message secret), and the usual message's variables so that its escalation
 * can be composed again. Written with the app's clock: the escalation is timed from it.
 */
export function pushMessage(usual: {
  key: string;
  kind: MessageKind;
  language: OutboxMessage['language'];
  kitaId: string;
  parentId: string;
  eventId: string;
  /** The relative URL to open (`/p/{{secret}}` with `secret`, or `/parents/<id>`). */
  url: string;
  secret?: string | null;
  publicUrl?: string | null;
  vars?: OutboxMessage['vars'];
  now: Date;
}): OutboxMessage {
  return {
    idempotencyKey: pushKey(usual.key),
    kind: usual.kind,
    channel: 'push',
    recipient: usual.parentId,
    language: usual.language,
    bodyText: usual.url,
    secret: usual.secret ?? null,
    publicUrl: usual.publicUrl ?? null,
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
        kind: m.kind,
        language: m.language,
        kitaId,
        parentId: m.parentId,
        eventId: m.eventId,
        url: `/parents/${m.parentId}`,
        vars: m.vars ?? null,
        now,
      }),
    );
    if (routing.mode === 'extra' && m.recipient !== '') out.push(m);
  }
  return out;
}
