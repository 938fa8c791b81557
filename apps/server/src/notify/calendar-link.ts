import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { appLink, composeMessage, type ComposeOptions, type MessageVars } from './messages.js';
import type { MessageKind, OutboxMessage } from './outbox.js';
import { outboxSecretKey, sealMessage } from './secrets.js';

/**
 * The calendar link of a granted place (docs/domain.md "The place in the calendar"): one short
 * address per family and inquiry, `/api/c/<key>`, that answers the family's .ics file without a
 * login. The key is 44 characters: the inquiry id (16 bytes) and an HMAC of inquiry and family
 * (128 bits), both base64url. Nothing is stored: the server finds the family by computing the HMAC
 * for the inquiry's families, so the link can be built again for a fallback or a later message
 * from the ids alone, and it never sits in the outbox in plain text (it is sealed like an inquiry
 * link, notify/secrets.ts).
 */

/** The path of the link below the public URL (the route `GET /api/c/:key`). */
export const CALENDAR_LINK_PREFIX = '/api/c/';

/** The HMAC key: HKDF-SHA256 of the JWT secret, so the link never shares a key with sessions or sealed messages. */
function calendarMacKey(jwtSecret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, Buffer.alloc(0), 'kita-notbetreuung/calendar-link/v1', 32));
}

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');

function mac(jwtSecret: Uint8Array, eventId: string, parentId: string): Buffer {
  return createHmac('sha256', calendarMacKey(jwtSecret)).update(`calendar:${eventId.toLowerCase()}:${parentId.toLowerCase()}`).digest().subarray(0, 16);
}

/** The link key of one family and inquiry. */
export function calendarKey(jwtSecret: Uint8Array, eventId: string, parentId: string): string {
  return uuidBytes(eventId).toString('base64url') + mac(jwtSecret, eventId, parentId).toString('base64url');
}

/** The relative address of the family's calendar file (the web's "add to calendar" link). */
export function calendarPath(jwtSecret: Uint8Array, eventId: string, parentId: string): string {
  return `${CALENDAR_LINK_PREFIX}${calendarKey(jwtSecret, eventId, parentId)}`;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{44}$/;

/** The bytes of a base64url part, or null unless it is their one canonical spelling (the last character's spare bits zero). */
function canonicalBytes(part: string): Buffer | null {
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : null;
}

/** The inquiry id a key names, or null for anything that is not a key's shape. */
export function eventIdOfKey(key: string): string | null {
  if (!KEY_PATTERN.test(key)) return null;
  const hex = canonicalBytes(key.slice(0, 22))?.toString('hex');
  if (hex?.length !== 32) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The family among `parentIds` whose key this is, compared in constant time, with the current
 * JWT secret and, during a rotation, the previous one; null when none.
 */
export function familyOfKey(
  key: string,
  eventId: string,
  parentIds: readonly string[],
  secrets: { jwtSecret: Uint8Array; jwtSecretPrevious?: Uint8Array | null },
): string | null {
  if (!KEY_PATTERN.test(key)) return null;
  const given = canonicalBytes(key.slice(22));
  if (given?.length !== 16) return null;
  const ring = [secrets.jwtSecret, ...(secrets.jwtSecretPrevious ? [secrets.jwtSecretPrevious] : [])];
  let found: string | null = null;
  // Every candidate is compared (no early exit), so the time says nothing about which one matched.
  for (const parentId of parentIds) {
    for (const secret of ring) {
      if (timingSafeEqual(given, mac(secret, eventId, parentId)) && found === null) found = parentId;
    }
  }
  return found;
}

/**
 * The kinds whose message carries the calendar link when the family has a place: the result and
 * "a place is free" (docs/domain.md "Messages"). Their stored variables say so with `calendar: 1`
 * instead of the link, so the fallback composes the link again (modules/delivery/fallback.ts).
 */
export const CALENDAR_KINDS: ReadonlySet<MessageKind> = new Set<MessageKind>(['results', 'slot_offered']);

/**
 * Composes a family message and, when its variables ask for the calendar (`calendar: 1`), adds
 * the family's calendar link as `link` and seals it: the outbox keeps the placeholder and the
 * stored variables keep the flag, never the link. Called where the message is first written
 * (results/close.ts, results/release.ts) and where its fallback composes it again.
 */
export function composeWithCalendar(
  kind: MessageKind,
  opts: ComposeOptions,
  ids: { eventId: string | null; parentId: string | null },
  config: { publicUrl: string; jwtSecret: Uint8Array },
): Omit<OutboxMessage, 'idempotencyKey'> {
  const wantsCalendar = CALENDAR_KINDS.has(kind) && Number(opts.vars.calendar) === 1 && !!ids.eventId && !!ids.parentId;
  if (!wantsCalendar) return composeMessage(kind, opts);
  const key = calendarKey(config.jwtSecret, ids.eventId!, ids.parentId!);
  const link = appLink(config.publicUrl, `${CALENDAR_LINK_PREFIX}${key}`);
  const stored: MessageVars = { ...opts.vars };
  delete stored.link;
  const composed = composeMessage(kind, { ...opts, vars: { ...stored, link } });
  // An SMS that would pass its bound with the link goes without it (messages.ts composeSms).
  if (!composed.bodyText.includes(key)) return { ...composed, vars: stored };
  return { ...sealMessage(composed, key, outboxSecretKey(config.jwtSecret)), vars: stored, publicUrl: config.publicUrl };
}
