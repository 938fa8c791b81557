import { z } from 'zod';
import { idParamsSchema } from './kitas.js';
import { text } from './validation.js';

/**
 * Web push (docs/domain.md "Messages"): a family's browsers and phones that receive notifications.
 * The subscription is what the browser's PushManager.subscribe() returns (endpoint and keys),
 * plus a device label the web derives from the browser ("Chrome · Android").
 */

/** Devices per family; a further subscription replaces the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
/** Longest device label (longer ones are refused; the web shortens before it sends). */
export const PUSH_LABEL_MAX = 80;

/** The message kinds that can go out as a push (the family-facing kinds of an inquiry). */
export const PUSH_KINDS = ['inquiry', 'reminder', 'results', 'slot_offered'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** A P-256 public key, uncompressed (65 bytes, first byte 0x04), in base64url: 87 characters, optional padding. */
const P256DH_PATTERN = /^B[A-Za-z0-9_-]{86}=?$/;
/** A 16-byte secret in base64url: 22 characters, optional padding. */
const AUTH_PATTERN = /^[A-Za-z0-9_-]{21}[AQgw](==)?$/;

export const pushSubscriptionInputSchema = z.object({
  endpoint: text({ error: 'validation.required' })
    .trim()
    .max(2000, 'validation.tooLong')
    .refine((v) => {
      try {
        // https; plain http passes here only for the server's own check (a loopback test stand-in, modules/push).
        return ['https:', 'http:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, 'validation.invalid'),
  keys: z.object({
    p256dh: text({ error: 'validation.required' }).trim().regex(P256DH_PATTERN, 'validation.invalid'),
    auth: text({ error: 'validation.required' }).trim().regex(AUTH_PATTERN, 'validation.invalid'),
  }),
  label: text({ error: 'validation.required' }).trim().min(1, 'validation.required').max(PUSH_LABEL_MAX, 'validation.tooLong'),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** A family's device as the family sees it (the endpoint and keys are never sent back). */
export const pushSubscriptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PushSubscriptionView = z.infer<typeof pushSubscriptionSchema>;

export const pushPublicKeySchema = z.object({
  /** The VAPID public key (applicationServerKey), base64url. Empty when push is off. */
  publicKey: z.string(),
  enabled: z.boolean(),
});
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

export const pushOpenedInputSchema = z.object({
  /** The reference from the push payload (random, 128 bits, base64url). */
  ref: text({ error: 'validation.required' }).trim().min(1, 'validation.required').max(100, 'validation.tooLong'),
});

export const pushSubscriptionParamsSchema = idParamsSchema;

/**
 * What a push carries (encrypted for the browser, RFC 8291): the Kita's name as title, a generic
 * text per kind in the family's language (never a child's name), the app URL to open, the
 * reference for `POST push/opened` and a tag (`<kind>:<eventId>`) that replaces an older
 * notification of the same message.
 */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  ref: string;
  tag: string;
}
