import { createHash } from 'node:crypto';
import { translate } from '@kita/shared/i18n';
import type { Language, PushKind, PushPayload } from '@kita/shared';

/** What a push payload may weigh at most: push services accept 4 KB of ciphertext; we stay far below. */
export const PUSH_PAYLOAD_MAX_BYTES = 3072;

export interface PushPayloadInput {
  kind: PushKind;
  language: Language;
  kitaName: string;
  parentId: string;
  eventId: string;
  /** inquiry and reminder: the preference link's raw token (the notification opens `/p/<token>`). */
  linkToken?: string | null;
}

/**
 * The notification of a push message, without its `ref` (added at send time): the Kita's name as
 * title, a generic text per kind in the family's language (never a child's name: the text passes
 * the browser vendor's push service, encrypted, and shows on a locked screen), the app URL it
 * opens and its tag (`<kind>:<eventId>`: a newer notification of the same message replaces it).
 * Inquiry and reminder open the answer page through a fresh preference link; results and a freed
 * place open the family's own page (login first when the browser has no session).
 */
export function pushNotification(input: PushPayloadInput): Omit<PushPayload, 'ref'> {
  const needsLink = input.kind === 'inquiry' || input.kind === 'reminder';
  if (needsLink && !input.linkToken) throw new Error(`pushNotification: a ${input.kind} push needs its preference link token`);
  return {
    title: input.kitaName.slice(0, 200),
    body: translate(input.language, `messages.push.${input.kind}`),
    url: needsLink ? `/p/${input.linkToken}` : `/parents/${input.parentId}`,
    tag: `${input.kind}:${input.eventId}`,
  };
}

/** The payload as sent: the notification plus its `ref`, as JSON (at most PUSH_PAYLOAD_MAX_BYTES). */
export function pushPayloadJson(notification: Omit<PushPayload, 'ref'>, ref: string): string {
  const json = JSON.stringify({ ...notification, ref } satisfies PushPayload);
  if (Buffer.byteLength(json) > PUSH_PAYLOAD_MAX_BYTES) throw new Error('push payload too large');
  return json;
}

/**
 * The Topic header of a push (RFC 8030 5.4: at most 32 base64url characters): derived from the
 * tag, so the push service keeps only the newest undelivered push of one message for a device.
 */
export const pushTopic = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);
