import { z } from 'zod';
import { categoryNameSchema, eventTypeSchema, preferenceTypeSchema, HAS_SLOT, type EventType } from './common.js';
import { languageSchema, text, uuidSchema } from './validation.js';
import { slotOutcomeSchema } from './results.js';
import { isTimeZone, zonedDay } from './time.js';

/**
 * Emergency events (demand inquiries) and preferences: spec sections 3, 5 and 7, domain.md
 * "Emergency events". The same schemas validate the web form and the server routes; the rules that
 * need "now" (not in the past, not before today) live in `eventDateIssues`, which both sides call
 * with their clock and the Kita's timezone.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** Spec section 5: event years up to the current year plus 5. */
export const EVENT_MAX_YEARS_AHEAD = 5;
export const EVENT_STATUS = ['scheduled', 'open', 'finished'] as const;
export const eventStatusSchema = z.enum(EVENT_STATUS);
export type EventStatus = z.infer<typeof eventStatusSchema>;

const instantSchema = z.iso.datetime({ offset: true, error: 'validation.date' });
const slotsSchema = z
  .number({ error: 'validation.slots' })
  .int('validation.slots')
  .min(0, 'validation.slots')
  .max(100_000, 'validation.slots')
  .nullish();

/**
 * The event form of spec section 5 (create and update). Dates are ISO instants in UTC; the
 * timezone (the zone the user picked them in, as the spec sends it) is checked but the server
 * judges and shows dates in the Kita's zone. Immediate events get their dates from the server
 * (now, now + IMMEDIATE_EVENT_MINUTES), so the dates are needed only for future events.
 */
export const eventInputSchema = z
  .object({
    kitaId: uuidSchema,
    categoryId: text({ error: 'validation.required' }).min(1, 'validation.required').pipe(uuidSchema),
    eventType: eventTypeSchema,
    eventDate: instantSchema.nullish(),
    expireDate: instantSchema.nullish(),
    timezone: text().max(64).refine(isTimeZone, 'validation.timezone').optional(),
    description: text().trim().max(2000, 'validation.tooLong').nullish(),
    totalSlotsKindergarten: slotsSchema,
    totalSlotsKrippe: slotsSchema,
  })
  .superRefine((v, ctx) => {
    for (const issue of eventShapeIssues(v)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type EventInput = z.infer<typeof eventInputSchema>;

export interface EventIssue {
  path: 'eventDate' | 'expireDate';
  message: string;
}

/** Rules that need no clock: a future event has both dates and ends at least one day after it opens. */
export function eventShapeIssues(v: { eventType: EventType; eventDate?: string | null; expireDate?: string | null }): EventIssue[] {
  if (v.eventType !== 'future') return [];
  const issues: EventIssue[] = [];
  if (!v.eventDate) issues.push({ path: 'eventDate', message: 'validation.eventDateRequired' });
  if (!v.expireDate) issues.push({ path: 'expireDate', message: 'validation.expireDateRequired' });
  if (v.eventDate && v.expireDate && Date.parse(v.expireDate) - Date.parse(v.eventDate) < DAY_MS) {
    issues.push({ path: 'expireDate', message: 'validation.expireAfterEvent' });
  }
  return issues;
}

/**
 * Rules that need "now" (spec section 5), judged in the Kita's timezone: a future event's date is
 * not in the past (its day is today or later), its expire date is not before today, and the event
 * year is at most the current year + 5. Only dates that are being set are checked (`check`).
 */
export function eventDateIssues(
  v: { eventType: EventType; eventDate?: string | null; expireDate?: string | null },
  now: Date,
  timeZone: string,
  check: { eventDate: boolean; expireDate: boolean } = { eventDate: true, expireDate: true },
): EventIssue[] {
  if (v.eventType !== 'future') return [];
  const today = zonedDay(now, timeZone);
  const maxYear = Number(today.slice(0, 4)) + EVENT_MAX_YEARS_AHEAD;
  const issues: EventIssue[] = [];
  if (check.eventDate && v.eventDate) {
    const day = zonedDay(new Date(v.eventDate), timeZone);
    if (day < today) issues.push({ path: 'eventDate', message: 'validation.eventDatePast' });
    else if (Number(day.slice(0, 4)) > maxYear) issues.push({ path: 'eventDate', message: 'validation.eventYearTooFar' });
  }
  if (check.expireDate && v.expireDate) {
    const day = zonedDay(new Date(v.expireDate), timeZone);
    if (day < today) issues.push({ path: 'expireDate', message: 'validation.expireBeforeToday' });
    else if (Number(day.slice(0, 4)) > maxYear) issues.push({ path: 'expireDate', message: 'validation.eventYearTooFar' });
  }
  return issues;
}

/** The slot count that applies to the event: the input field matching the category (spec section 3). */
export function slotsForCategory(
  category: z.infer<typeof categoryNameSchema>,
  v: { totalSlotsKindergarten?: number | null; totalSlotsKrippe?: number | null },
): number {
  return (category === 'Krippe' ? v.totalSlotsKrippe : v.totalSlotsKindergarten) ?? 0;
}

/** An event in lists (`GET emergency-event`, `get-by-kita-id`). */
export const eventSummarySchema = z.object({
  eventId: text(),
  kitaId: text(),
  kitaName: text(),
  eventType: eventTypeSchema,
  eventDate: text(),
  expireDate: text(),
  categoryId: text(),
  category: categoryNameSchema,
  description: text().nullable(),
  totalSlotsKindergarten: z.number().int().nullable(),
  totalSlotsKrippe: z.number().int().nullable(),
  totalSlots: z.number().int(),
  isFinished: z.boolean(),
  status: eventStatusSchema,
  timezone: text(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const preferenceCountsSchema = z.object({
  red: z.number().int(),
  yellow: z.number().int(),
  green: z.number().int(),
  blue: z.number().int(),
  unanswered: z.number().int(),
});
export type PreferenceCounts = z.infer<typeof preferenceCountsSchema>;

export const eventDetailsSchema = eventSummarySchema.extend({
  kitaDescription: text().nullable(),
  /** Eligible children that must stay home: max(0, eligible - totalSlots) (domain.md). */
  threshold: z.number().int(),
  requiredHomeCare: z.number().int(),
  availableSlots: z.number().int(),
  eligibleCount: z.number().int(),
  greenPreferencesCount: z.number().int(),
  counts: preferenceCountsSchema,
  seedHash: text(),
  /** Revealed once the event is finished, so anyone can recompute the lottery. */
  seed: text().nullable(),
  ruleVersion: z.number().int(),
  notifiedAt: text().nullable(),
  parentsWithoutChannel: z.array(z.object({ parentId: text(), name: text() })),
});
export type EventDetails = z.infer<typeof eventDetailsSchema>;

export const recordedBySchema = z.object({ userId: text(), name: text() }).nullable();

/** One answer as staff see it (spec: the `preferance` list of an event child). */
export const eventPreferenceSchema = z.object({
  preferenceId: text(),
  preferenceType: preferenceTypeSchema,
  recordedBy: recordedBySchema,
  updatedAt: text(),
});

/** Event child / response row (spec section 3 "Event response row"). */
export const eventChildSchema = z.object({
  childId: text(),
  childName: text(),
  parentId: text(),
  parentName: text(),
  groupId: text(),
  groupName: text(),
  credit: z.number().int(),
  preferance: z.array(eventPreferenceSchema),
  preferenceId: text().nullable(),
  preferenceType: preferenceTypeSchema.nullable(),
  recordedBy: recordedBySchema,
  /** JA/NEIN once allocated, null before (domain.md). */
  hasSlot: z.enum(HAS_SLOT).nullable(),
  eventType: eventTypeSchema,
  /** Rank, waitlist place and reason once the event is finished (results contract). */
  ...slotOutcomeSchema.shape,
});
export type EventChild = z.infer<typeof eventChildSchema>;

export const eventWithChildrenSchema = z.object({ eventDetails: eventDetailsSchema, children: z.array(eventChildSchema) });
export type EventWithChildren = z.infer<typeof eventWithChildrenSchema>;

/** `POST preference` (spec section 7) and, with recordedBy set by the server, staff answers. */
export const preferenceEntrySchema = z.object({
  childId: uuidSchema,
  childName: text().max(200).optional(),
  preferenceType: preferenceTypeSchema,
});
export const preferenceInputSchema = z.object({
  eventId: uuidSchema,
  preferences: z
    .array(preferenceEntrySchema)
    .min(1, 'validation.required')
    .max(50, 'validation.tooLong')
    .refine((list) => new Set(list.map((p) => p.childId)).size === list.length, 'validation.duplicateChild'),
});
export type PreferenceInput = z.infer<typeof preferenceInputSchema>;
export const staffPreferenceInputSchema = preferenceInputSchema.omit({ eventId: true });
export type StaffPreferenceInput = z.infer<typeof staffPreferenceInputSchema>;

export const preferenceSchema = z.object({
  preferenceId: text(),
  eventId: text(),
  childId: text(),
  childName: text(),
  preferenceType: preferenceTypeSchema,
});
export type Preference = z.infer<typeof preferenceSchema>;

/** `POST auth/verify-token?token=` answer: the link session (api.md "Auth on the wire"). */
export const verifyTokenResultSchema = z.object({ eventId: text(), parentId: text(), token: text() });
export type VerifyTokenResult = z.infer<typeof verifyTokenResultSchema>;

/** `GET auth/{eventId}/parents/{parentId}`: what the preference page shows. */
export const parentEventSchema = z.object({
  event: z.object({
    eventId: text(),
    kitaName: text(),
    kitaDescription: text().nullable(),
    /** The manager's note on this inquiry (e.g. "strike"). */
    description: text().nullable(),
    eventType: eventTypeSchema,
    eventDate: text(),
    expireDate: text(),
    timezone: text(),
    threshold: z.number().int(),
    isFinished: z.boolean(),
    faqUrl: text(),
  }),
  /** The page switches to the parent's language (spec section 4: the parent's language rules the UI). */
  parent: z.object({ parentId: text(), name: text(), language: languageSchema }),
  children: z.array(
    z.object({
      childId: text(),
      childName: text(),
      groupName: text(),
      categoryName: categoryNameSchema,
      preferenceType: preferenceTypeSchema.nullable(),
      preferenceId: text().nullable(),
    }),
  ),
});
export type ParentEvent = z.infer<typeof parentEventSchema>;
