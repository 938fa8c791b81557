import { z } from 'zod';
import { categoryNameSchema, eventStatusSchema, eventTypeSchema, preferenceCountsSchema, preferenceTypeSchema, HAS_SLOT, type EventType } from './common.js';
import { languageSchema, text, uuidSchema } from './validation.js';
import { slotOutcomeSchema } from './results.js';
import { isTimeZone, wallClock, zonedDay } from './time.js';

/**
 * Inquiries (Bedarfsabfragen; `emergency-event` on the wire) and answers: docs/domain.md "Inquiries",
 * "Validation" and docs/wire.md "Routes". The same schemas validate the web form and the server routes; the rules that
 * need "now" (not in the past, not before today) live in `eventDateIssues`, which both sides call
 * with their clock and the Kita's timezone.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
/** docs/domain.md "Validation": inquiry years up to the current year plus 5. */
export const EVENT_MAX_YEARS_AHEAD = 5;

const instantSchema = z.iso.datetime({ offset: true, error: 'validation.date' });
const slotsSchema = z
  .number({ error: 'validation.slots' })
  .int('validation.slots')
  .min(0, 'validation.slots')
  .max(100_000, 'validation.slots')
  .nullish();

/**
 * The event form of docs/domain.md "Validation" (create and update). Dates are ISO instants in UTC; the
 * timezone (the zone the user picked them in, as the spec sends it) is checked but the server
 * judges and shows dates in the Kita's zone. Immediate events get their dates from the server
 * (now, now + IMMEDIATE_EVENT_MINUTES), so the dates are needed only for future events.
 */
export const eventInputSchema = z
  .object({
    kitaId: uuidSchema,
    categoryId: text({ error: 'validation.required' }).min(1, 'validation.required').pipe(uuidSchema),
    eventType: eventTypeSchema,
    /** First day (and time) of care. */
    eventDate: instantSchema.nullish(),
    /** End of the care period (after eventDate; its day is the last care day, care-days.ts). */
    expireDate: instantSchema.nullish(),
    /** Answers until then; the inquiry closes and allocates at it. Future: default the day before eventDate, 18:00. */
    responseDeadline: instantSchema.nullish(),
    /** When the parents are asked (future only); default now. */
    opensAt: instantSchema.nullish(),
    /** Confirms a second open inquiry for the same category and overlapping care days (409 EVENT_OVERLAP otherwise). */
    confirmOverlap: z.boolean().optional(),
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
  path: 'eventDate' | 'expireDate' | 'responseDeadline' | 'opensAt';
  message: string;
}

type EventDates = {
  eventType: EventType;
  eventDate?: string | null;
  expireDate?: string | null;
  responseDeadline?: string | null;
  opensAt?: string | null;
};

/**
 * Rules that need no clock (docs/domain.md "Inquiries"): a future event has a care start and a
 * care end after it (the care days are the days they span, care-days.ts: a one-day strike may end
 * on its own day; the specification's first "at least one day later" was dropped, which only fit the old
 * reading of the end as the morning after the last care day); the response deadline, when given, lies
 * before the first care day and after the sending time.
 */
export function eventShapeIssues(v: EventDates): EventIssue[] {
  if (v.eventType !== 'future') return [];
  const issues: EventIssue[] = [];
  if (!v.eventDate) issues.push({ path: 'eventDate', message: 'validation.eventDateRequired' });
  if (!v.expireDate) issues.push({ path: 'expireDate', message: 'validation.expireDateRequired' });
  if (v.eventDate && v.expireDate && Date.parse(v.expireDate) <= Date.parse(v.eventDate)) {
    issues.push({ path: 'expireDate', message: 'validation.expireAfterEvent' });
  }
  if (v.responseDeadline && v.eventDate && Date.parse(v.responseDeadline) >= Date.parse(v.eventDate)) {
    issues.push({ path: 'responseDeadline', message: 'validation.deadlineBeforeEvent' });
  }
  if (v.responseDeadline && v.opensAt && Date.parse(v.opensAt) >= Date.parse(v.responseDeadline)) {
    issues.push({ path: 'opensAt', message: 'validation.opensBeforeDeadline' });
  }
  return issues;
}

/**
 * The instant of a wall-clock time (`HH:mm`) on a calendar day (`yyyy-mm-dd`) in a time zone:
 * 18:00 in Berlin is 17:00Z in winter and 16:00Z in summer.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wanted = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wanted;
  // Two rounds settle any offset, including the days the clocks change.
  for (let i = 0; i < 2; i++) {
    const c = wallClock(new Date(guess), timeZone);
    const shown = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute);
    guess += wanted - shown;
  }
  return new Date(guess);
}

/** The calendar day before `day` (yyyy-mm-dd). */
const dayBefore = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

/**
 * The default response deadline of a future event: the day before its first care day at 18:00 in
 * the Kita's zone; when that is not after the sending time (care starts tomorrow morning and it is
 * already evening), half-way between sending and care, to the minute.
 */
export function defaultResponseDeadline(eventDate: Date, opensAt: Date, timeZone: string): Date {
  const evening = zonedInstant(dayBefore(zonedDay(eventDate, timeZone)), '18:00', timeZone);
  if (evening.getTime() > opensAt.getTime() && evening.getTime() < eventDate.getTime()) return evening;
  const mid = opensAt.getTime() + (eventDate.getTime() - opensAt.getTime()) / 2;
  return new Date(Math.floor(mid / 60_000) * 60_000);
}

/** The end of the Kita's calendar day of `now` (immediate events: care today). */
export function endOfZonedDay(now: Date, timeZone: string): Date {
  const tomorrow = new Date(Date.parse(`${zonedDay(now, timeZone)}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return zonedInstant(tomorrow, '00:00', timeZone);
}

/**
 * Rules that need "now" (docs/domain.md "Validation"), judged in the Kita's timezone: a future event's date is
 * not in the past (its day is today or later), its expire date is not before today, and the event
 * year is at most the current year + 5. Only dates that are being set are checked (`check`).
 */
export function eventDateIssues(
  v: EventDates,
  now: Date,
  timeZone: string,
  check: { eventDate: boolean; expireDate: boolean; responseDeadline?: boolean } = { eventDate: true, expireDate: true, responseDeadline: true },
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
  // Answers must be possible: the deadline lies in the future (after the sending time: shape rule).
  if (check.responseDeadline !== false && v.responseDeadline && Date.parse(v.responseDeadline) <= now.getTime()) {
    issues.push({ path: 'responseDeadline', message: 'validation.deadlinePast' });
  }
  return issues;
}

/** The slot count that applies to the event: the input field matching the category. */
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
  /** First care day (docs/domain.md "Inquiries"). */
  eventDate: text(),
  /** End of the care period. */
  expireDate: text(),
  /** Answers until then; the inquiry closes at it. */
  responseDeadline: text(),
  /** When the parents are (or were) asked. */
  opensAt: text(),
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

export const eventDetailsSchema = eventSummarySchema.extend({
  kitaDescription: text().nullable(),
  /** Eligible children that must stay home: max(0, eligible - totalSlots) (docs/domain.md). */
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
  /** Children that joined after opening or left while open (snapshot, docs/domain.md). */
  lateJoiners: z.number().int(),
  leftCount: z.number().int(),
});
export type EventDetails = z.infer<typeof eventDetailsSchema>;

export const recordedBySchema = z.object({ userId: text(), name: text() }).nullable();

/** One answer as staff see it (the `preferance` list of an event child). */
export const eventPreferenceSchema = z.object({
  preferenceId: text(),
  preferenceType: preferenceTypeSchema,
  recordedBy: recordedBySchema,
  updatedAt: text(),
});

/** Event child / response row. */
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
  /** JA/NEIN once allocated, null before (docs/domain.md). */
  hasSlot: z.enum(HAS_SLOT).nullable(),
  eventType: eventTypeSchema,
  /** How the child came into the inquiry: 'opening', or a late join ('approved', 'child_added', 'group_changed', …). */
  joinReason: text(),
  joinedAt: text(),
  /** Set when the child left the inquiry while it was open ('child_removed', 'group_changed', 'parent_deactivated'); such rows are not counted. */
  leftAt: text().nullable(),
  leaveReason: text().nullable(),
  /** Rank, waitlist place and reason once the event is finished (results contract). */
  ...slotOutcomeSchema.shape,
});
export type EventChild = z.infer<typeof eventChildSchema>;

export const eventWithChildrenSchema = z.object({ eventDetails: eventDetailsSchema, children: z.array(eventChildSchema) });
export type EventWithChildren = z.infer<typeof eventWithChildrenSchema>;

/** `POST preference` (docs/wire.md "Routes") and, with recordedBy set by the server, staff answers. */
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

/** `POST auth/verify-token?token=` answer: the link session (docs/wire.md "Auth on the wire"). */
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
    responseDeadline: text(),
    timezone: text(),
    threshold: z.number().int(),
    isFinished: z.boolean(),
    faqUrl: text(),
  }),
  /** The page switches to the parent's language (the parent's language rules the UI). */
  parent: z.object({ parentId: text(), name: text(), language: languageSchema }),
  children: z.array(
    z.object({
      childId: text(),
      childName: text(),
      groupName: text(),
      categoryName: categoryNameSchema,
      preferenceType: preferenceTypeSchema.nullable(),
      preferenceId: text().nullable(),
      /**
       * The child's result once the inquiry is closed (the link shows it after the
       * close); null while it runs. `released`: the place was given back since.
       */
      result: z.object({ hasSlot: z.boolean(), waitlistPosition: z.number().int().nullable(), released: z.boolean() }).nullable().optional(),
    }),
  ),
});
export type ParentEvent = z.infer<typeof parentEventSchema>;
