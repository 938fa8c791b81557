import { z } from 'zod';
import { categoryNameSchema, eventStatusSchema, eventTypeSchema, HAS_SLOT, preferenceCountsSchema, preferenceTypeSchema } from './common.js';
import { text, uuidSchema } from './validation.js';

/**
 * Results of an emergency event (docs/domain.md "Allocation and credits", "Credits histogram",
 * "Reports"): closing, the outcome per child, releasing a slot, the parent's history, the credits
 * histogram and the report. This file imports only common/validation so events.ts can reuse the
 * outcome fields without an import cycle.
 */

export const hasSlotSchema = z.enum(HAS_SLOT);

/**
 * Why a child got (or did not get) a slot. The first five come from the allocation rule at close;
 * `released` and `promoted` describe what happened after it (a released slot, a move up from the
 * waitlist).
 */
export const REASON_CODES = [
  'blue_keeps_place',
  'slot_by_priority',
  'no_slot_capacity',
  'home_care',
  'unanswered',
  'released',
  'promoted',
] as const;
export const reasonCodeSchema = z.enum(REASON_CODES);
export type ReasonCode = z.infer<typeof reasonCodeSchema>;

/**
 * The outcome fields of one child in one finished event (all null before the allocation). Shared
 * by the event-details rows (`GET emergency-event/{id}`) and the report rows.
 */
export const slotOutcomeSchema = z.object({
  /** 1-based order of service among blue/red/yellow; null for green/unanswered and before close. */
  rank: z.number().int().nullable(),
  /** 1-based place on the waitlist frozen at close (unplaced red/yellow); stays after a move up. */
  waitlistPosition: z.number().int().nullable(),
  reasonCode: reasonCodeSchema.nullable(),
  /** The reason in the caller's language: tier, balance and lottery position (docs/domain.md). */
  reasonText: text().nullable(),
});
export type SlotOutcome = z.infer<typeof slotOutcomeSchema>;


/** What closing produced; the same figures head the report. */
export const resultSummarySchema = z.object({
  eventId: text(),
  status: eventStatusSchema,
  finishedAt: text().nullable(),
  totalSlots: z.number().int(),
  /** Children in the allocation (eligible at close); before close the eligible children now. */
  childrenCount: z.number().int(),
  counts: preferenceCountsSchema,
  /** Children holding a slot now (blue included; after releases and moves up). */
  slotsGiven: z.number().int(),
  /** Blue children beyond totalSlots (a child already in the Kita is not sent home). */
  overflow: z.number().int(),
  /** Red/yellow children still waiting. */
  waitlistCount: z.number().int(),
  /** Revealed once the event is finished, so anyone can recompute the lottery. */
  seed: text().nullable(),
  seedHash: text(),
  ruleVersion: z.number().int(),
});
export type ResultSummary = z.infer<typeof resultSummarySchema>;

/**
 * `POST emergency-event/{id}/close` (added). Idempotent: a second call (or a call racing the
 * scheduled job) answers 200 with the same summary and `closedNow: false`.
 */
export const closeEventResultSchema = resultSummarySchema.extend({
  /** True when this call performed the allocation. */
  closedNow: z.boolean(),
  /** Result messages written to the outbox for this event (one per reachable family). */
  messages: z.number().int(),
});
export type CloseEventResult = z.infer<typeof closeEventResultSchema>;

/**
 * `POST emergency-event/{id}/release-slot` body. The route
 * accepts missing fields so it can answer the spec's own text ('Missing required data to release
 * slot', code RELEASE_MISSING_DATA) instead of a generic validation error; the web validates with
 * `releaseSlotInputSchema` before sending.
 */
export const releaseSlotBodySchema = z.object({
  childId: text().max(100).nullish(),
  preferenceId: text().max(100).nullish(),
  parentId: text().max(100).nullish(),
});
export const releaseSlotInputSchema = z.object({
  childId: uuidSchema,
  preferenceId: uuidSchema,
  parentId: uuidSchema,
});
export type ReleaseSlotInput = z.infer<typeof releaseSlotInputSchema>;

export const releaseSlotResultSchema = z.object({
  eventId: text(),
  childId: text(),
  /** Always NEIN after a release. */
  hasSlot: hasSlotSchema,
  /**
   * The child that moved up from the waitlist into the slot (staff callers), or null when nobody
   * was waiting. Always null for a parent: the other family stays anonymous to them.
   */
  promoted: z
    .object({ childId: text(), childName: text(), parentId: text() })
    .nullable(),
});
export type ReleaseSlotResult = z.infer<typeof releaseSlotResultSchema>;

/** One answer in the parent's history. */
export const historyPreferenceSchema = z.object({
  preferenceId: text(),
  childId: text(),
  eventId: text(),
  eventDate: text(),
  expireDate: text(),
  responseDeadline: text(),
  timezone: text(),
  eventType: eventTypeSchema,
  preferenceType: preferenceTypeSchema,
  /** JA/NEIN once allocated, null before (shown as unknown). */
  hasSlot: hasSlotSchema.nullable(),
  /** The family gave the place back (shown as "returned", not a plain "no"). */
  released: z.boolean(),
  isFinished: z.boolean(),
  /** Future event, slot JA, allocated, before expireDate: the release button is offered. */
  canRelease: z.boolean(),
  /**
   * A place (JA) until the end of care: the address of the family's calendar file (`/api/c/<key>`,
   * served by this app without a login, so a phone's calendar opens it); null otherwise.
   */
  calendarLink: text().nullable(),
});
export type HistoryPreference = z.infer<typeof historyPreferenceSchema>;

/** `GET parents/{id}/children/preferences`: one card per child, answers newest expireDate first. */
export const childHistorySchema = z.object({
  childId: text(),
  childName: text(),
  categoryName: categoryNameSchema,
  kitaName: text(),
  /** The Kita's time zone: dates are shown in it, not in the browser's. */
  timezone: text(),
  preferences: z.array(historyPreferenceSchema),
});
export type ChildHistory = z.infer<typeof childHistorySchema>;
export const parentHistorySchema = z.array(childHistorySchema);

/**
 * `GET parents/{id}/credits-distribution` (docs/domain.md "Credits histogram"): bucket counts of the
 * approved parents' balances in that parent's Kita; `yourParentName` names this parent's bucket.
 */
export const creditsDistributionSchema = z.object({
  pieData: z.array(z.object({ name: text(), value: z.number().int() })),
  yourParentName: text(),
});
export type CreditsDistributionData = z.infer<typeof creditsDistributionSchema>;

/** One child row of the report. */
export const reportRowSchema = slotOutcomeSchema.extend({
  childId: text(),
  childName: text(),
  parentId: text(),
  parentName: text(),
  groupId: text(),
  groupName: text(),
  /** The family balance the allocation used (at close); the current balance before close. */
  credit: z.number().int(),
  preferenceType: preferenceTypeSchema.nullable(),
  hasSlot: hasSlotSchema.nullable(),
  releasedAt: text().nullable(),
  promotedAt: text().nullable(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

/** `GET emergency-event/{id}/report?kitaId=`; the PDF (`.../pdf`) renders the same data. */
export const eventReportSchema = z.object({
  event: z.object({
    eventId: text(),
    kitaId: text(),
    kitaName: text(),
    eventType: eventTypeSchema,
    category: categoryNameSchema,
    eventDate: text(),
    expireDate: text(),
    responseDeadline: text(),
    timezone: text(),
    description: text().nullable(),
  }),
  summary: resultSummarySchema,
  /** Rows grouped by group (group name order); inside a group by rank, then child name. */
  groups: z.array(z.object({ groupId: text(), groupName: text(), rows: z.array(reportRowSchema) })),
  generatedAt: text(),
});
export type EventReport = z.infer<typeof eventReportSchema>;

export { REPORT_FILE_NAME } from './constants.js';

/** The i18n key of the allocation rule text an event closed with `ruleVersion` is explained by. */
export function ruleTextKey(ruleVersion: number | null | undefined): 'results.ruleV3' | 'results.rule' | 'results.ruleV1' {
  if (ruleVersion === 1) return 'results.ruleV1';
  // Version 2's text is `results.rule` (it was the current rule when the key was named).
  if (ruleVersion === 2) return 'results.rule';
  return 'results.ruleV3';
}

/** `GET parents/{parentId}/calendar/{eventId}`: the family and the inquiry of a calendar file. */
export const calendarParamsSchema = z.object({ parentId: uuidSchema, eventId: uuidSchema });
/** `GET c/{key}`: the calendar link's key (anything else answers 404 like a wrong key). */
export const calendarKeyParamsSchema = z.object({ key: text().max(200) });
