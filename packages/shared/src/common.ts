import { z } from 'zod';

export const ROLES = ['Admin', 'KitaManager', 'Parent'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const CATEGORY_NAMES = ['Kindergarten', 'Krippe'] as const;
export const categoryNameSchema = z.enum(CATEGORY_NAMES, { error: 'validation.categoryName' });
export type CategoryName = z.infer<typeof categoryNameSchema>;

export const PREFERENCE_TYPES = ['red', 'yellow', 'green', 'blue'] as const;
export const preferenceTypeSchema = z.enum(PREFERENCE_TYPES, { error: 'validation.preferenceType' });
export type PreferenceType = z.infer<typeof preferenceTypeSchema>;

export const EVENT_TYPES = ['immediate', 'future'] as const;
export const eventTypeSchema = z.enum(EVENT_TYPES);
export type EventType = z.infer<typeof eventTypeSchema>;

export const COMMUNICATION = ['email', 'sms'] as const;
export const communicationSchema = z.enum(COMMUNICATION);
export type Communication = z.infer<typeof communicationSchema>;

export const PARENT_STATUS = ['registered', 'approved', 'rejected'] as const;
export type ParentStatus = (typeof PARENT_STATUS)[number];

export const HAS_SLOT = ['JA', 'NEIN'] as const;
export type HasSlot = (typeof HAS_SLOT)[number];

/** Error body of every non-2xx answer (api.md). */
export const errorBodySchema = z.object({
  statusCode: z.number(),
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Wraps a payload schema in the `{data: ...}` envelope of api.md. */
export const envelope = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/** Business constants of spec section 9. */
export const LIMITS = {
  requestTimeoutMs: 100_000,
  copyConfirmMs: 5_000,
  reportUrlReleaseMs: 60_000,
  sidebarCookieDays: 7,
  immediateEventMinutes: 15,
  histogramBuckets: 6,
} as const;
