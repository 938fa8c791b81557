import { sql } from 'drizzle-orm';
import type { AuditAction, AuditEntity, CategoryName, EventStatus, EventType, PreferenceType, Role } from '@kita/shared';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** The whole domain (docs/domain.md). Instants are timestamptz (UTC on the wire). */

const id = () => uuid('id').primaryKey().defaultRandom();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

export const kitas = pgTable('kitas', {
  id: id(),
  name: text('name').notNull(),
  location: text('location').notNull(),
  description: text('description'),
  timezone: text('timezone').notNull().default('Europe/Berlin'),
  /** One reminder to families without an answer half-way through the answer window. */
  remindersEnabled: boolean('reminders_enabled').notNull().default(true),
  /** The Kita's own daily message budget (notify/budget.ts); null = sized from its families. */
  messageBudgetPerDay: integer('message_budget_per_day'),
  /** 'first': a family with a push subscription gets the push alone, the usual message only on escalation; 'extra': both at once. */
  pushMode: text('push_mode').$type<'first' | 'extra'>().notNull().default('first'),
  /** Escalation time of a push for an immediate inquiry (1..60 min), and the least of any. */
  pushEscalationImmediateMinutes: integer('push_escalation_immediate_minutes').notNull().default(3),
  /** The cap of a planned inquiry's escalation time (5..1440 min): half the remaining window, at most this. */
  pushEscalationPlannedMinutes: integer('push_escalation_planned_minutes').notNull().default(120),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const categories = pgTable(
  'categories',
  {
    id: id(),
    kitaId: uuid('kita_id').notNull().references(() => kitas.id, { onDelete: 'cascade' }),
    name: text('name').$type<CategoryName>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('categories_kita_name_uq').on(t.kitaId, t.name)],
);

export const groups = pgTable(
  'groups',
  {
    id: id(),
    categoryId: uuid('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('groups_category_idx').on(t.categoryId)],
);

export const parents = pgTable(
  'parents',
  {
    id: id(),
    kitaId: uuid('kita_id').notNull().references(() => kitas.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lower-cased; unique among parents so e-mail login is unambiguous. */
    email: text('email'),
    secondaryEmail: text('secondary_email'),
    primaryPhone: text('primary_phone'),
    secondaryPhone: text('secondary_phone'),
    /** 'email' | 'sms' | null */
    preferredCommunication: text('preferred_communication'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /** 'de' | 'en' */
    language: text('language').notNull().default('de'),
    /** 'registered' | 'approved' | 'rejected' */
    status: text('status').notNull().default('approved'),
    isActive: boolean('is_active').notNull().default(true),
    emailVerified: boolean('email_verified').notNull().default(false),
    secondaryEmailVerified: boolean('secondary_email_verified').notNull().default(false),
    primaryPhoneVerified: boolean('primary_phone_verified').notNull().default(false),
    secondaryPhoneVerified: boolean('secondary_phone_verified').notNull().default(false),
    /** Verification codes and activation mails sent for this registration, over its lifetime. */
    verificationSends: integer('verification_sends').notNull().default(0),
    lastVerificationAt: ts('last_verification_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('parents_kita_idx').on(t.kitaId),
    index('parents_kita_status_idx').on(t.kitaId, t.status),
    uniqueIndex('parents_email_uq').on(t.email),
    index('parents_phone_idx').on(t.primaryPhone),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Staff log in with it; lower-cased. Parents' login identity lives on their parent record. */
    email: text('email'),
    phoneNumber: text('phone_number'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** argon2id; null until a parent created by staff sets one. */
    passwordHash: text('password_hash'),
    role: text('role').$type<Role>().notNull(),
    kitaId: uuid('kita_id').references(() => kitas.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => parents.id, { onDelete: 'cascade' }),
    language: text('language').notNull().default('de'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_parent_uq').on(t.parentId),
    index('users_kita_idx').on(t.kitaId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 'user' (login session) | 'link' (preference link session, scoped to parent + event) */
    kind: text('kind').notNull().default('user'),
    parentId: uuid('parent_id').references(() => parents.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references((): AnyPgColumn => events.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Opaque one-time and link tokens (activation, reset, otp, otp-login, preference, phone verification); only SHA-256 hashes are stored. */
export const tokens = pgTable(
  'tokens',
  {
    id: id(),
    /** 'activation' | 'email_change' | 'reset' | 'otp' | 'otp_login' | 'verify_phone' | 'preference' */
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references(() => parents.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references((): AnyPgColumn => events.id, { onDelete: 'cascade' }),
    /** The phone number or e-mail address the token was sent to, where that matters. */
    target: text('target'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tokens_hash_uq').on(t.tokenHash),
    index('tokens_user_kind_idx').on(t.userId, t.kind),
    index('tokens_event_parent_idx').on(t.eventId, t.parentId),
  ],
);

export const children = pgTable(
  'children',
  {
    id: id(),
    parentId: uuid('parent_id').notNull().references(() => parents.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').notNull().references(() => groups.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('children_parent_idx').on(t.parentId), index('children_group_idx').on(t.groupId)],
);

export const events = pgTable(
  'events',
  {
    id: id(),
    kitaId: uuid('kita_id').notNull().references(() => kitas.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').notNull().references(() => categories.id, { onDelete: 'restrict' }),
    /** 'immediate' | 'future' */
    eventType: text('event_type').$type<EventType>().notNull(),
    /** The first day (and time) of emergency care the inquiry is about (docs/domain.md "Inquiries"); on the wire `eventDate`. */
    careStartsAt: ts('care_starts_at').notNull(),
    /** The end of the care period; slots can be released until then. On the wire `expireDate`. */
    careEndsAt: ts('care_ends_at').notNull(),
    /** Answers are accepted until then; the inquiry closes and allocates at it. On the wire `responseDeadline`. */
    answersCloseAt: ts('answers_close_at').notNull(),
    /** When the parents are asked; the event is 'scheduled' until then. */
    opensAt: ts('opens_at').notNull(),
    description: text('description'),
    totalSlots: integer('total_slots').notNull().default(0),
    /** 'scheduled' (notifications at opensAt) | 'open' | 'finished' */
    status: text('status').$type<EventStatus>().notNull().default('open'),
    /** Lottery seed: secret until the event closes; its SHA-256 is shown from creation. */
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    ruleVersion: integer('rule_version').notNull().default(1),
    timezone: text('timezone').notNull().default('Europe/Berlin'),
    notifiedAt: ts('notified_at'),
    /**
     * Eligible children when the inquiry opened (written by the fan-out, again on a category
     * change): the parent's view reads the threshold from here instead of counting per request.
     * Null until the event opens.
     */
    eligibleCount: integer('eligible_count'),
    /** When the reminder round was claimed (at most once per event); null = not yet. */
    reminderSentAt: ts('reminder_sent_at'),
    finishedAt: ts('finished_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_kita_idx').on(t.kitaId),
    index('events_status_answers_close_idx').on(t.status, t.answersCloseAt),
    index('events_status_opens_idx').on(t.status, t.opensAt),
  ],
);

/**
 * The children an inquiry asks (docs/domain.md "Inquiries"): written when the event opens, with
 * the names, group, family and channel as they were; late joiners are added while it is open, a
 * child that stops being eligible leaves with a reason. Results, counts, reports and the PDF read
 * it; it is frozen at close. No foreign keys to children, parents or groups on purpose: a later
 * edit or deletion of those never changes a finished inquiry.
 */
export const eventChildren = pgTable(
  'event_children',
  {
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    childId: uuid('child_id').notNull(),
    parentId: uuid('parent_id').notNull(),
    groupId: uuid('group_id').notNull(),
    childName: text('child_name').notNull(),
    parentName: text('parent_name').notNull(),
    groupName: text('group_name').notNull(),
    /** 'email' | 'sms' | null (no channel: the manager records the answer) as it was when the child joined. */
    channel: text('channel'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    joinedAt: ts('joined_at').notNull(),
    /** 'opening' | 'approved' | 'child_added' | 'group_changed' | 'reactivated' | 'migrated' */
    joinReason: text('join_reason').notNull().default('opening'),
    leftAt: ts('left_at'),
    /** 'child_removed' | 'group_changed' | 'parent_deactivated' | 'parent_removed' */
    leaveReason: text('leave_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.childId] }),
    index('event_children_parent_idx').on(t.parentId),
    index('event_children_child_idx').on(t.childId),
  ],
);

/**
 * The columns of a snapshot row copied from the family as it is (children, groups, parents): at
 * opening, for a late joiner, and again while the inquiry is open. Declared once beside the table;
 * the set-based statements that write the snapshot build their column lists from it
 * (modules/events/snapshot-records.ts).
 */
export const SNAPSHOT_FAMILY_COLUMNS = ['childId', 'parentId', 'groupId', 'childName', 'parentName', 'groupName', 'channel', 'isAnonymous'] as const satisfies ReadonlyArray<
  keyof typeof eventChildren.$inferSelect
>;
export type SnapshotFamilyColumn = (typeof SNAPSHOT_FAMILY_COLUMNS)[number];

/** One answer per (event, child). */
export const preferences = pgTable(
  'preferences',
  {
    id: id(),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    childId: uuid('child_id').notNull().references(() => children.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').notNull().references(() => parents.id, { onDelete: 'cascade' }),
    preferenceType: text('preference_type').$type<PreferenceType>().notNull(),
    /** Staff member who recorded the answer for the family (phone call, anonymous parent); null when the parent answered. */
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('preferences_event_child_uq').on(t.eventId, t.childId)],
);

/** The outcome per eligible child, written once when the event closes (frozen order, waitlist). */
export const allocations = pgTable(
  'allocations',
  {
    id: id(),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    /** No foreign key to children/parents: the allocation outlives a later deletion (event_children has the names). */
    childId: uuid('child_id').notNull(),
    parentId: uuid('parent_id').notNull(),
    preferenceId: uuid('preference_id').references(() => preferences.id, { onDelete: 'set null' }),
    /** The answer at close; null = unanswered. */
    preferenceType: text('preference_type').$type<PreferenceType>(),
    hasSlot: boolean('has_slot').notNull(),
    /** 1-based position in the order of service; null for green/unanswered. */
    rank: integer('rank'),
    /** Family balance used for ordering. */
    creditBalance: integer('credit_balance').notNull().default(0),
    /** Position on the waitlist (1-based) for unplaced red/yellow children. */
    waitlistPosition: integer('waitlist_position'),
    /** Machine-readable reason code plus parameters (tier, balance, lottery position). */
    reason: jsonb('reason').notNull(),
    releasedAt: ts('released_at'),
    promotedAt: ts('promoted_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('allocations_event_child_uq').on(t.eventId, t.childId)],
);

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: id(),
    /** No foreign key: an erased family's entries stay, so its sums and finished reports stay reproducible. */
    parentId: uuid('parent_id').notNull(),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    childId: uuid('child_id').references(() => children.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    /** 'green' | 'no_slot' | 'slot' | 'release_reverse' | 'release_green' | 'promote_reverse' | 'promote_slot' | 'reset' | 'rule_v2' (migration 0005) */
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_parent_idx').on(t.parentId),
    uniqueIndex('credit_ledger_event_child_reason_uq')
      .on(t.eventId, t.childId, t.reason)
      .where(sql`${t.eventId} is not null`),
  ],
);

/** Transactional outbox: the message row is the delivery job (status, attempts, backoff). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** notify/outbox.ts MessageKind: 'activation' | 'email_change' | 'otp' | … | 'inquiry' | 'results' | 'slot_offered' | 'slot_released' | 'event_withdrawn' | 'registration_declined' | 'credits_reset' */
    kind: text('kind').notNull(),
    /** 'email' | 'sms' | 'push' (push: the recipient is the parent id; sent to each of its push_subscriptions) */
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    language: text('language').notNull().default('de'),
    subject: text('subject'),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    /**
     * The link token or code of this message, encrypted with a key outside the database
     * (notify/secrets.ts); subject and bodies hold a placeholder in its place. Blanked once the
     * message is delivered to a real transport or has failed for good (no secrets at rest).
     */
    secret: text('secret'),
    /**
     * The PUBLIC_URL the links in subject and bodies start with; the worker replaces it with the
     * PUBLIC_URL it runs with at send time (notify/public-url.ts). Null: no links, or sent as written.
     */
    publicUrl: text('public_url'),
    /** Billed SMS segments of body_text (GSM-7 160/153, UCS-2 70/67 characters); null for e-mail. */
    smsSegments: integer('sms_segments'),
    kitaId: uuid('kita_id').references(() => kitas.id, { onDelete: 'set null' }),
    parentId: uuid('parent_id').references(() => parents.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    /** 'pending' | 'sending' | 'sent' | 'failed' */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    transport: text('transport'),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    /** What the provider reported after accepting it: 'delivered' | 'undelivered'; null = no report (yet). */
    deliveryStatus: text('delivery_status'),
    /** The provider's own last status word (Twilio MessageStatus, seven.io DLR status). */
    providerStatus: text('provider_status'),
    /** Why it failed, as a reason code the UI words ('landline', 'mailbox_full', 'invalid_number' ...). */
    failureReason: text('failure_reason'),
    deliveryUpdatedAt: ts('delivery_updated_at'),
    /** The failed message this one replaces on the family's other channel (channel fallback). */
    fallbackOf: uuid('fallback_of'),
    /** The push message this SMS or e-mail escalates (push first, docs/domain.md); written once per push. */
    escalationOf: uuid('escalation_of'),
    /**
     * The variables the message was composed from, for kinds whose channel fallback composes the
     * same message again (notify/messages.ts RECOMPOSABLE_KINDS); never a link token or code.
     */
    vars: jsonb('vars').$type<Record<string, string | number>>(),
    /** The budget this message counts against (notify/budget.ts): 'anonymous' | 'kita' | 'inquiry'; null = by kind. */
    budgetClass: text('budget_class'),
    /** The budget that holds this message back while it is over ('deployment_hour', 'kita_day', ...); null = not held. */
    heldBy: text('held_by'),
    /**
     * A push message (channel 'push'): when the family reacted to it, by opening the notification
     * (POST push/opened) or a preference link of the same inquiry; null = not (yet).
     */
    openedAt: ts('opened_at'),
    /** A push message: SHA-256 of the random reference in its encrypted payload (POST push/opened); written at send time. */
    refHash: text('ref_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('outbox_idempotency_uq').on(t.idempotencyKey),
    index('outbox_provider_id_idx').on(t.providerMessageId),
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_event_idx').on(t.eventId),
    uniqueIndex('outbox_ref_hash_uq').on(t.refHash).where(sql`${t.refHash} IS NOT NULL`),
  ],
);

/**
 * The browsers and phones a family allowed to receive push notifications (Web Push, RFC 8030):
 * the push service's endpoint of that browser and its keys for the payload encryption (RFC 8291).
 * At most 10 per family (the oldest is replaced); a subscription the push service reports gone
 * (404/410) is deleted. Deleted with the family.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    parentId: uuid('parent_id')
      .notNull()
      .references(() => parents.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_uq'),
    /** The browser's P-256 public key (65 bytes uncompressed, base64url). */
    p256dh: text('p256dh').notNull(),
    /** The browser's 16-byte authentication secret (base64url). */
    auth: text('auth').notNull(),
    /** A description of the device as the browser gave it ("Chrome · Android"), at most 80 characters. */
    label: text('label').notNull(),
    createdAt: ts('created_at').notNull(),
    /** The last push a push service accepted for it. */
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('push_subscriptions_parent_idx').on(t.parentId)],
);

/**
 * The preference links of a deleted (withdrawn) inquiry: kept by token hash so that an
 * old link says "withdrawn by the Kita" instead of "invalid link"; deleted by the retention job.
 */
export const withdrawnLinks = pgTable('withdrawn_links', {
  tokenHash: text('token_hash').primaryKey(),
  kitaName: text('kita_name').notNull(),
  careStartsAt: ts('care_starts_at').notNull(),
  careEndsAt: ts('care_ends_at').notNull(),
  timezone: text('timezone').notNull(),
  withdrawnAt: ts('withdrawn_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/**
 * Provider status callbacks already applied (Twilio, seven.io): the unique key (signature or
 * nonce) makes a replayed callback recognisable, and the rows are the delivery report trail.
 */
export const deliveryCallbacks = pgTable(
  'delivery_callbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    replayKey: text('replay_key').notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    status: text('status').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('delivery_callbacks_replay_uq').on(t.provider, t.replayKey)],
);

/**
 * Delivery reports that arrived before the worker stored the provider's message id (the report
 * can beat the send's own answer): kept and applied when the id is stored (modules/delivery/callbacks.ts).
 */
export const pendingDeliveryReports = pgTable(
  'pending_delivery_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    status: text('status').notNull(),
    outcome: text('outcome'),
    failureReason: text('failure_reason'),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pending_delivery_reports_uq').on(t.provider, t.providerMessageId, t.status)],
);

/**
 * A delivery channel paused for everyone by an account-level provider error (bad key, invalid
 * sender, no credit, trial, region): messages wait, a probe retries one at next_probe_at, and the
 * row is deleted when a probe succeeds or an Admin resumes (notify/channel-pause.ts).
 */
export const channelPauses = pgTable('channel_pauses', {
  channel: text('channel').primaryKey(),
  transport: text('transport').notNull(),
  problem: text('problem').notNull(),
  providerCode: text('provider_code').notNull(),
  detail: text('detail').notNull(),
  pausedAt: ts('paused_at').notNull(),
  nextProbeAt: ts('next_probe_at').notNull(),
  probes: integer('probes').notNull().default(0),
});

/**
 * A Kita's priority groups (rule version 3), in the order they are served. Every Kita starts with
 * three defaults (migration 0020's trigger); the Kita's managers edit the list.
 */
export const priorityGroups = pgTable(
  'priority_groups',
  {
    id: id(),
    kitaId: uuid('kita_id').notNull().references(() => kitas.id, { onDelete: 'cascade' }),
    /** 1 = served first. */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('priority_groups_kita_position_uq').on(t.kitaId, t.position)],
);

/**
 * A family (or one child of it, `childId`) the Kita has confirmed for a priority group. In force
 * while not ended and the close instant's local date (Kita time zone) is on or before `validUntil`;
 * at most one per family is not ended. The group is seen only by the Kita's managers and Admins.
 */
export const priorityConfirmations = pgTable(
  'priority_confirmations',
  {
    id: id(),
    kitaId: uuid('kita_id').notNull().references(() => kitas.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').notNull().references(() => parents.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').notNull().references(() => priorityGroups.id, { onDelete: 'restrict' }),
    childId: uuid('child_id').references(() => children.id, { onDelete: 'cascade' }),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    /** Internal note of the Kita ("Bescheinigung Arbeitgeber gesehen"); never shown to the family. */
    note: text('note'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    endedAt: ts('ended_at'),
    endedBy: uuid('ended_by'),
  },
  (t) => [
    uniqueIndex('priority_confirmations_parent_active_uq').on(t.parentId).where(sql`${t.endedAt} is null`),
    index('priority_confirmations_kita_idx').on(t.kitaId, t.validUntil),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: uuid('actor_user_id'),
    actorRole: text('actor_role'),
    action: text('action').$type<AuditAction>().notNull(),
    entity: text('entity').$type<AuditEntity>().notNull(),
    entityId: text('entity_id'),
    kitaId: uuid('kita_id'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_entity_idx').on(t.entity, t.entityId)],
);

/**
 * Erasure requests (GDPR Art. 17): asked by the family in the app (requested_by 'parent') or a
 * family with history deleted by staff ('staff', done at once). No foreign key to parents: the row
 * records the erasure after the family is gone, with the pseudonym its rows in finished inquiries
 * carry (family_label, numbered per Kita by family_number).
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: id(),
    parentId: uuid('parent_id'),
    kitaId: uuid('kita_id').notNull().references(() => kitas.id, { onDelete: 'cascade' }),
    requestedBy: text('requested_by').$type<'parent' | 'staff'>().notNull(),
    requestedAt: ts('requested_at').notNull(),
    dueAt: ts('due_at').notNull(),
    doneAt: ts('done_at'),
    doneBy: uuid('done_by').references(() => users.id, { onDelete: 'set null' }),
    familyLabel: text('family_label'),
    familyNumber: integer('family_number'),
  },
  (t) => [
    uniqueIndex('erasure_requests_open_uq').on(t.parentId).where(sql`${t.doneAt} is null`),
    uniqueIndex('erasure_requests_number_uq').on(t.kitaId, t.familyNumber),
    index('erasure_requests_kita_idx').on(t.kitaId, t.doneAt),
  ],
);

/** Fixed-window counters for rate limits that must hold across app processes. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: ts('window_start').notNull(),
  /** Progressive delay (lib/rate-limit.ts reserveAttempt): no further attempt before this instant. */
  notBefore: ts('not_before'),
  /** Whether the attempt that last touched the row was let through (returned by the same statement). */
  lastAllowed: boolean('last_allowed').notNull().default(true),
});

/**
 * Checked password failures per account (the login name as typed), across time windows, until a
 * success deletes the row (at most 100 from unknown devices, NIST SP 800-63B 5.2.2).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    account: text('account').primaryKey(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: ts('last_failure_at').notNull(),
  },
  (t) => [index('login_failures_last_idx').on(t.lastFailureAt)],
);
