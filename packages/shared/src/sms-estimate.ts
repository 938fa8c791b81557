import { z } from 'zod';
import { eventTypeSchema } from './common.js';
import { languageSchema, uuidSchema } from './validation.js';

const instantSchema = z.iso.datetime({ offset: true, error: 'validation.date' });

/**
 * GET emergency-event/sms-estimate: what an inquiry would cost in SMS before it is sent. The
 * event form asks with the Kita, the category and the care dates it shows (an immediate inquiry
 * needs no dates); the answer counts the families the inquiry would reach and, for those reached
 * by SMS, the billed segments of the inquiry text in each family's language.
 */
export const smsEstimateQuerySchema = z.object({
  kitaId: uuidSchema,
  categoryId: uuidSchema,
  eventType: eventTypeSchema.default('immediate'),
  eventDate: instantSchema.optional(),
  expireDate: instantSchema.optional(),
  responseDeadline: instantSchema.optional(),
});
export type SmsEstimateQuery = z.infer<typeof smsEstimateQuerySchema>;

export const smsEstimateSchema = z.object({
  /** Families with a child in the category that the inquiry would reach (e-mail or SMS). */
  families: z.number().int(),
  emailFamilies: z.number().int(),
  smsFamilies: z.number().int(),
  /** Billed SMS segments of the inquiry over all SMS families (reminders cost as much again per unanswered family). */
  segments: z.number().int(),
  /** Per language of the SMS families: the segments one inquiry SMS takes in it. */
  byLanguage: z.array(
    z.object({
      language: languageSchema,
      smsFamilies: z.number().int(),
      segmentsEach: z.number().int(),
      encoding: z.enum(['gsm7', 'ucs2']),
    }),
  ),
});
export type SmsEstimate = z.infer<typeof smsEstimateSchema>;
