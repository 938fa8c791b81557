import { z } from 'zod';
import { emailSchema, languageSchema, mobilePhoneSchema, text, uuidSchema } from './validation.js';

/**
 * Delivery status of an event's messages: what the manager sees on the event page
 * while the inquiry runs, and the resend action. Scoped like the event.
 */

/** Why a message did not reach the family, in the words the UI shows (i18n `delivery.reasons.*`). */
export const FAILURE_REASONS = [
  'landline',
  'invalid_number',
  'unreachable',
  'blocked',
  'filtered',
  'mailbox_full',
  'no_such_address',
  'rejected',
  'expired',
  'too_many_attempts',
  /** Not handed over before the answer deadline: not sent late. */
  'not_sent_in_time',
  /** A push message: every device of the family was gone (the push services answered 404/410). */
  'push_expired',
  /** A push message while push is switched off (PUSH=off) at send time. */
  'push_off',
  'unknown',
] as const;
export const failureReasonSchema = z.enum(FAILURE_REASONS);
export type FailureReason = z.infer<typeof failureReasonSchema>;

/**
 * One message's state for the manager: `pending` (queued or being sent), `sent` (the provider
 * accepted it, no report yet), `delivered` (the provider reported delivery), `failed` (refused,
 * retries used up, or reported undelivered).
 */
export const DELIVERY_STATES = ['pending', 'sent', 'delivered', 'failed'] as const;
export const deliveryStateSchema = z.enum(DELIVERY_STATES);
export type DeliveryState = z.infer<typeof deliveryStateSchema>;

/** A family's state: the best of its inquiry messages, or `no_channel` (the manager phones). */
export const familyDeliveryStateSchema = z.enum([...DELIVERY_STATES, 'no_channel']);
export type FamilyDeliveryState = z.infer<typeof familyDeliveryStateSchema>;

const countsSchema = z.object({ pending: z.number().int(), sent: z.number().int(), delivered: z.number().int(), failed: z.number().int() });
export type DeliveryCounts = z.infer<typeof countsSchema>;

/**
 * The family-facing message kinds of an inquiry that the delivery card and the dashboard follow:
 * each falls back to the family's other verified channel when it fails.
 */
export const EVENT_MESSAGE_KINDS = ['inquiry', 'reminder', 'results', 'slot_offered', 'slot_released'] as const;
export const eventMessageKindSchema = z.enum(EVENT_MESSAGE_KINDS);
export type EventMessageKind = z.infer<typeof eventMessageKindSchema>;

/**
 * A family's push (push first, docs/domain.md): `pending` (queued), `sent` (a push service accepted
 * it), `opened` (the family opened it or the link), `escalated` (not opened in time or failed: the
 * SMS or e-mail followed), `failed` (no subscription took it and nothing followed yet).
 */
export const PUSH_STATES = ['pending', 'sent', 'opened', 'escalated', 'failed'] as const;
export const pushStateSchema = z.enum(PUSH_STATES);
export type PushState = z.infer<typeof pushStateSchema>;

export const deliveryMessageSchema = z.object({
  messageId: text(),
  kind: eventMessageKindSchema,
  channel: z.enum(['email', 'sms', 'push']),
  /** A push the family opened (the notification or the link). */
  opened: z.boolean(),
  /** This SMS or e-mail followed a push that was not opened in time (or failed). */
  isEscalation: z.boolean(),
  /** Masked (+49 170 ••• 67, j•••@example.org): enough to recognise, not to copy. */
  recipient: text(),
  state: deliveryStateSchema,
  failureReason: failureReasonSchema.nullable(),
  /** This message went out on the other channel because an earlier one failed. */
  isFallback: z.boolean(),
  attempts: z.number().int(),
  createdAt: text(),
  updatedAt: text().nullable(),
});
export type DeliveryMessage = z.infer<typeof deliveryMessageSchema>;

export const deliveryFamilySchema = z.object({
  parentId: text(),
  parentName: text(),
  /** The family's language: messages go out in it, and staff who phone need to know it. */
  language: languageSchema,
  childNames: z.array(text()),
  state: familyDeliveryStateSchema,
  /** Reason of the latest failure when the family is `failed`. */
  failureReason: failureReasonSchema.nullable(),
  /** Every child of the family has an answer for this event. */
  answered: z.boolean(),
  /** The family failed and has no other verified channel: only a phone call reaches it. */
  needsCall: z.boolean(),
  remindedAt: text().nullable(),
  /** The family's push for this inquiry (its best push of any kind); null: no push went to it. */
  push: pushStateSchema.nullable(),
  /**
   * Per message kind the family was sent (inquiry, reminder, results, place offered, place given
   * back): the best state of its messages including the fallback, the reason of the latest failure,
   * and whether only a phone call still reaches the family with it.
   */
  kinds: z.array(
    z.object({ kind: eventMessageKindSchema, state: deliveryStateSchema, failureReason: failureReasonSchema.nullable(), needsCall: z.boolean() }),
  ),
  messages: z.array(deliveryMessageSchema),
});
export type DeliveryFamily = z.infer<typeof deliveryFamilySchema>;

export const eventDeliverySchema = z.object({
  eventId: text(),
  /** Inquiry and reminder messages per channel (every row counted once). */
  channels: z.object({ email: countsSchema, sms: countsSchema }),
  /** Families by their state (each family counted once). */
  families: countsSchema.extend({ noChannel: z.number().int(), total: z.number().int(), answered: z.number().int() }),
  /** The fan-out: messages still queued and when the SMS rate lets the last one go out. */
  progress: z.object({
    total: z.number().int(),
    done: z.number().int(),
    smsQueued: z.number().int(),
    smsRatePerSecond: z.number(),
    expectedEndAt: text().nullable(),
  }),
  reminder: z.object({
    enabled: z.boolean(),
    /** When it is due (null once the event is closed or when disabled). */
    dueAt: text().nullable(),
    sentAt: text().nullable(),
    families: z.number().int(),
  }),
  /**
   * Push first: families sent a push, by their push's state, and SMS saved (pushes to families whose
   * usual channel is SMS, sent alone and not escalated).
   */
  push: z.object({
    families: z.number().int(),
    pending: z.number().int(),
    sent: z.number().int(),
    opened: z.number().int(),
    escalated: z.number().int(),
    failed: z.number().int(),
    smsSaved: z.number().int(),
  }),
  /** The event still accepts answers, so a resend makes sense. */
  canResend: z.boolean(),
  rows: z.array(deliveryFamilySchema),
});
export type EventDelivery = z.infer<typeof eventDeliverySchema>;

/** `POST emergency-event/{id}/resend`: one family, or every failed family when parentId is left out. */
export const resendInputSchema = z.object({ parentId: uuidSchema.optional() }).strict();
export type ResendInput = z.infer<typeof resendInputSchema>;
export const resendResultSchema = z.object({ queued: z.number().int() });

/**
 * Events of the caller's scope with failed messages (the dashboard's warning): open inquiries with
 * unanswered families whose inquiry failed, and finished ones (until the end of care) with
 * families whose result, place offered or place given back failed on every channel.
 */
export const failedDeliveryEventSchema = z.object({
  eventId: text(),
  kitaId: text(),
  eventDate: text(),
  timezone: text(),
  category: text(),
  failedFamilies: z.number().int(),
  /** The inquiry is closed: the failed messages are results or later ones. */
  finished: z.boolean(),
});
export type FailedDeliveryEvent = z.infer<typeof failedDeliveryEventSchema>;

/**
 * Message cost budgets (server notify/budget.ts): how much of each budget is used in its
 * window and how many messages wait for it. Admins see every budget; a manager sees the Kita's
 * daily budget and any budget that holds messages of the Kita.
 */
export const MESSAGE_BUDGETS = ['deployment_hour', 'kita_day', 'anonymous_hour', 'anonymous_day'] as const;
export const messageBudgetSchema = z.object({
  budget: z.enum(MESSAGE_BUDGETS),
  kitaId: text().nullable(),
  used: z.number().int(),
  limit: z.number().int(),
  held: z.number().int(),
  state: z.enum(['ok', 'near', 'over']),
  resetsAt: text(),
});
export type MessageBudgetStatus = z.infer<typeof messageBudgetSchema>;
/**
 * Account-level provider problems: the channel pauses for everyone instead of failing
 * each family. The UI words them through i18n `delivery.pause.problems.*`.
 */
export const ACCOUNT_PROBLEMS = ['auth', 'sender', 'credit', 'trial', 'region', 'sender_id', 'suspended'] as const;
export const accountProblemSchema = z.enum(ACCOUNT_PROBLEMS);
export type AccountProblemCode = z.infer<typeof accountProblemSchema>;

/** A paused delivery channel as the banner shows it (Admins; managers of Kitas with waiting messages). */
export const channelPauseSchema = z.object({
  channel: z.enum(['email', 'sms']),
  transport: text(),
  problem: accountProblemSchema,
  /** The provider's own code (Twilio error code, seven.io return code). */
  providerCode: text(),
  /** The provider's answer as it came (for the Admin). */
  detail: text(),
  pausedAt: text(),
  nextProbeAt: text(),
  /** Messages waiting on this channel (the caller's Kita for a manager). */
  waiting: z.number().int(),
});
export type ChannelPauseView = z.infer<typeof channelPauseSchema>;
export const channelParamsSchema = z.object({ channel: z.enum(['email', 'sms']) });

/** POST admin/test-message: one SMS and/or one e-mail to a number/address the Admin enters. */
export const testMessageInputSchema = z
  .object({
    phone: mobilePhoneSchema.optional(),
    email: emailSchema.optional(),
  })
  .refine((v) => !!(v.phone || v.email), { message: 'validation.required', path: ['phone'] });
export type TestMessageInput = z.infer<typeof testMessageInputSchema>;

/** One operator test message and what the provider said about it. */
export const testMessageSchema = z.object({
  id: uuidSchema,
  channel: z.enum(['email', 'sms']),
  recipient: text(),
  createdAt: text(),
  state: deliveryStateSchema,
  transport: text().nullable(),
  providerMessageId: text().nullable(),
  /** The provider's answer when it refused or failed (or a note), verbatim. */
  providerAnswer: text().nullable(),
  /** The delivery report's own status word (Twilio MessageStatus, seven.io DLR status), when one arrived. */
  providerStatus: text().nullable(),
  failureReason: failureReasonSchema.nullable(),
});
export type TestMessage = z.infer<typeof testMessageSchema>;
