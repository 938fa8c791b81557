import { and, eq, isNull, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Language, PushKind } from '@kita/shared';
import { isLoopbackHost, type PushConfig } from '../config.js';
import type { DbOrTx } from '../db/client.js';
import { outboxMessages, tokens } from '../db/schema.js';
import { newToken, sha256 } from '../lib/crypto.js';
import { enqueueMessages } from './outbox.js';
import { pushNotification } from './push-payload.js';
import { outboxSecretKey, sealMessage } from './secrets.js';

/**
 * Web push (RFC 8030, 8291, 8292): one outbox row per family and message on channel 'push'
 * (recipient = the parent id); the outbox worker sends it to every subscription of the family
 * (jobs/outbox-worker.ts). docs/domain.md "Messages".
 */

/** The longest a push waits at the push service for an offline device. */
export const PUSH_TTL_MAX_SECONDS = 24 * 3600;

/**
 * Whether a subscription endpoint may be used: an https URL whose host is one of the allowed
 * push services (exact, or `*.` + suffix), without credentials. Plain http only for a loopback
 * host that the configuration allows (the tests' stand-in; production refuses such hosts).
 * The server sends requests only to such addresses: no request forgery through a made-up endpoint.
 */
export function pushEndpointAllowed(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const listed = hosts.some((h) => (h.startsWith('*.') ? host.endsWith(h.slice(1)) && host.length > h.length - 1 : host === h));
  if (!listed) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLoopbackHost(host);
}

/** A browser's subscription as stored. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSendOptions {
  /** Seconds the push service keeps the message for an offline device. */
  ttlSeconds: number;
  urgency: 'high' | 'normal';
  /** RFC 8030 Topic (≤ 32 base64url characters): replaces an undelivered push with the same topic. */
  topic: string;
}

/** The push service's answer: 201 accepted; 404/410 the subscription is gone; 429/5xx try again later. */
export interface PushResponse {
  status: number;
  /** The push message's address at the push service (Location), when accepted. */
  location: string | null;
  /** A short excerpt of the answer of a refusal, for the row's last_error. */
  text: string;
}

export interface PushSender {
  readonly name: string;
  send(target: PushTarget, payload: string, options: PushSendOptions): Promise<PushResponse>;
}

/**
 * Sends pushes with the VAPID keys of the configuration: `web-push` encrypts the payload
 * (aes128gcm) and signs the VAPID JWT; the request itself goes out through fetch, so the endpoint
 * check above is the only way out, redirects are not followed and a slow push service times out.
 */
export function createPushSender(push: PushConfig, timeoutMs = 10_000): PushSender | null {
  if (!push.enabled) return null;
  return {
    name: 'webpush',
    async send(target, payload, options) {
      const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        vapidDetails: { subject: push.subject, publicKey: push.publicKey, privateKey: push.privateKey },
        TTL: Math.max(0, Math.min(PUSH_TTL_MAX_SECONDS, Math.floor(options.ttlSeconds))),
        urgency: options.urgency,
        topic: options.topic,
        contentEncoding: 'aes128gcm',
      });
      const response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ?? undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = response.status === 201 ? '' : (await response.text().catch(() => '')).slice(0, 300);
      return { status: response.status, location: response.headers.get('location'), text };
    },
  };
}

export interface PushMessageInput {
  /** Unique per logical message (@kita/shared/message-keys). */
  idempotencyKey: string;
  kind: PushKind;
  parentId: string;
  kitaId: string;
  eventId: string;
  /** The family's language (the notification's text). */
  language: Language;
  kitaName: string;
  /** inquiry and reminder: how long the fresh preference link is valid (the end of care, like the SMS/e-mail link). */
  linkExpiresAt?: Date;
  /** What the family's usual message is composed from (results, slot_offered): its escalation is composed again from it. */
  vars?: Record<string, string | number> | null;
  /** When the message was written (the app clock; an escalation is timed from it). Default: the database's now(). */
  createdAt?: Date;
}

/**
 * Writes one push message into the outbox inside the caller's transaction (and, for an inquiry or
 * reminder, a fresh preference link for it, sealed beside the message like every link token).
 * The row's subject is the notification's title, body_text the notification as JSON with the
 * link token replaced by the placeholder. Returns false when the key was already written.
 */
export async function enqueuePush(tx: DbOrTx, m: PushMessageInput, config: { jwtSecret: Uint8Array }): Promise<boolean> {
  const needsLink = m.kind === 'inquiry' || m.kind === 'reminder';
  const [existing] = await tx.select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.idempotencyKey, m.idempotencyKey)).limit(1);
  if (existing) return false;
  let linkToken: string | null = null;
  if (needsLink) {
    if (!m.linkExpiresAt) throw new Error(`enqueuePush: a ${m.kind} push needs linkExpiresAt`);
    linkToken = newToken();
    await tx.insert(tokens).values({ kind: 'preference', tokenHash: sha256(linkToken), parentId: m.parentId, eventId: m.eventId, target: 'push', expiresAt: m.linkExpiresAt });
  }
  const notification = pushNotification({ kind: m.kind, language: m.language, kitaName: m.kitaName, parentId: m.parentId, eventId: m.eventId, linkToken });
  const text = { subject: notification.title, bodyText: JSON.stringify(notification), bodyHtml: null };
  await enqueueMessages(tx, [
    {
      ...(linkToken ? sealMessage(text, linkToken, outboxSecretKey(config.jwtSecret)) : text),
      idempotencyKey: m.idempotencyKey,
      kind: m.kind,
      channel: 'push',
      recipient: m.parentId,
      language: m.language,
      kitaId: m.kitaId,
      parentId: m.parentId,
      eventId: m.eventId,
      vars: m.vars ?? null,
      ...(m.createdAt ? { createdAt: m.createdAt } : {}),
    },
  ]);
  return true;
}

/**
 * POST push/opened: the family opened the notification whose payload carried `ref`. Sets
 * opened_at once; an unknown reference changes nothing. Returns whether a message was marked.
 */
export async function markPushOpenedByRef(db: DbOrTx, ref: string, now: Date): Promise<boolean> {
  const marked = await db
    .update(outboxMessages)
    .set({ openedAt: now })
    .where(and(eq(outboxMessages.refHash, sha256(ref)), eq(outboxMessages.channel, 'push'), isNull(outboxMessages.openedAt)))
    .returning({ id: outboxMessages.id });
  return marked.length > 0;
}

/**
 * The family opened a preference link of this inquiry (a link session began): its push messages
 * of the inquiry count as opened too (the escalation to SMS/e-mail is then not needed).
 */
export async function markPushOpenedForEvent(db: DbOrTx, parentId: string, eventId: string, now: Date): Promise<void> {
  await db.execute(sql`
    update outbox_messages set opened_at = ${now.toISOString()}::timestamptz
     where channel = 'push' and parent_id = ${parentId} and event_id = ${eventId} and opened_at is null`);
}
