/**
 * Message keys: every outbox row carries a unique key (column `idempotency_key`), and a second
 * insert with the same key is ignored. So a message is written exactly once however often the
 * code that causes it runs (a retried close, two processes, a repeated fan-out). The keys are
 * spelled here and nowhere else: the writers, the SQL that looks for an existing message, the
 * delivery card that pairs a message with its fallback, and the tests all use these functions.
 * docs/glossary.md "Message keys" lists them.
 *
 * Keys are stored, so their spelling is part of the data: a changed spelling would let a new
 * release write a second copy of a message an older release already wrote.
 */

/** The outbox kinds that are sent once per family and event. */
export type EventFamilyKind = 'inquiry' | 'reminder' | 'results' | 'event_withdrawn';

/** `<kind>:<event>:<parent>`: one message of that kind per family and event. */
export const eventFamilyKey = (kind: EventFamilyKind, eventId: string, parentId: string) => `${kind}:${eventId}:${parentId}`;

/** The start every `eventFamilyKey` of this kind and event shares, for SQL that appends the family's id. */
export const eventFamilyKeyPrefix = (kind: EventFamilyKind, eventId: string) => `${kind}:${eventId}:`;

/** The invitation that asks a family to answer (outbox kind `inquiry`). */
export const invitationKey = (eventId: string, parentId: string) => eventFamilyKey('inquiry', eventId, parentId);

/** A staff resend of the invitation: `n` counts the family's invitations for the event so far. */
export const invitationResendKey = (eventId: string, parentId: string, n: number) => `${invitationKey(eventId, parentId)}:${n}`;

/** The one reminder per family and event. */
export const reminderKey = (eventId: string, parentId: string) => eventFamilyKey('reminder', eventId, parentId);

/** The results of a closed event, one per family. */
export const resultsKey = (eventId: string, parentId: string) => eventFamilyKey('results', eventId, parentId);

/** "The Kita withdrew the inquiry", to a family that already had the link. */
export const withdrawnKey = (eventId: string, parentId: string) => eventFamilyKey('event_withdrawn', eventId, parentId);

/** "A place for your child": the child moved up into a place given back. One per child and event. */
export const slotOfferedKey = (eventId: string, childId: string) => `slot_offered:${eventId}:${childId}`;

/** "Your place was given back" to the family of a child whose place staff released. */
export const slotReleasedKey = (eventId: string, childId: string) => `slot_released:${eventId}:${childId}`;

/** What a registration's family is told, once per family and state. */
export const registrationKey = (state: 'received' | 'approved' | 'declined', parentId: string) => `registration_${state}:${parentId}`;

/** "Your data was erased": once per family, to its last address. */
export const erasureDoneKey = (parentId: string) => `erasure_done:${parentId}`;

/** The code SMS of one login or verification step, found again by the hash of its `otpToken`. */
export const otpKey = (otpTokenHash: string) => `otp:${otpTokenHash}`;

/** "Your credits were reset": one per reset. */
export const creditsResetKey = (parentId: string, uuid: string) => `credits_reset:${parentId}:${uuid}`;

/** The start of every fallback key, for SQL that pairs a message with its fallback. */
export const FALLBACK_PREFIX = 'fallback:';

/** The one copy of a failed message on the family's other channel: its key after `fallback:`. */
export const fallbackKey = (key: string) => `${FALLBACK_PREFIX}${key}`;

/** The start of every push key: a push that goes before (or beside) the usual message. */
export const PUSH_PREFIX = 'push:';

/** The push of a family message (channel 'push'): the usual message's key after `push:`. */
export const pushKey = (key: string) => `${PUSH_PREFIX}${key}`;

/** The start of every escalation key, for SQL that pairs a push with its escalation. */
export const ESCALATION_PREFIX = 'escalation:';

/** The usual SMS or e-mail written once when a push was not opened in time: the push's key after `escalation:`. */
export const escalationKey = (pushMessageKey: string) => `${ESCALATION_PREFIX}${pushMessageKey}`;

/** A message that may be sent any number of times (codes, password resets, credit resets, test messages). */
export const uniqueKey = (kind: string, uuid: string) => `${kind}:${uuid}`;
