import { z } from 'zod';
import { text } from './validation.js';
import { CATEGORY_NAMES, COMMUNICATION, EVENT_TYPES, HAS_SLOT, PARENT_STATUS, PREFERENCE_TYPES, ROLES } from './constants.js';

export * from './constants.js';

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const categoryNameSchema = z.enum(CATEGORY_NAMES, { error: 'validation.categoryName' });
export type CategoryName = z.infer<typeof categoryNameSchema>;

export const preferenceTypeSchema = z.enum(PREFERENCE_TYPES, { error: 'validation.preferenceType' });
export type PreferenceType = z.infer<typeof preferenceTypeSchema>;

export const eventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof eventTypeSchema>;

export const communicationSchema = z.enum(COMMUNICATION);
export type Communication = z.infer<typeof communicationSchema>;

export type ParentStatus = (typeof PARENT_STATUS)[number];

export type HasSlot = (typeof HAS_SLOT)[number];

/** Error body of every non-2xx answer (docs/wire.md). */
export const errorBodySchema = z.object({
  statusCode: z.number(),
  code: text(),
  message: text(),
  details: z.array(z.object({ path: text(), message: text() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Wraps a payload schema in the `{data: ...}` envelope of docs/wire.md. */
export const envelope = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** The life of an inquiry: scheduled (opens later), open (answers accepted), finished (allocated). */
export const EVENT_STATUS = ['scheduled', 'open', 'finished'] as const;
export const eventStatusSchema = z.enum(EVENT_STATUS);
export type EventStatus = z.infer<typeof eventStatusSchema>;

/** Children per answer colour (and unanswered): the event page and the result summary. */
export const preferenceCountsSchema = z.object({
  red: z.number().int(),
  yellow: z.number().int(),
  green: z.number().int(),
  blue: z.number().int(),
  unanswered: z.number().int(),
});
export type PreferenceCounts = z.infer<typeof preferenceCountsSchema>;
