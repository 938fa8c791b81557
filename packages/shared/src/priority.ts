import { z } from 'zod';
import { isoDateSchema, text, uuidSchema } from './validation.js';

/**
 * Verified priority (rule version 3, docs/fairness.md "Confirmed priority"): a Kita's ordered
 * priority groups and the families it has confirmed for one of them. The group of a confirmation
 * is for the Kita's managers and Admins only; the family sees that it is confirmed and until when.
 */

/** At most a handful of groups: each one is a promise the Kita has to check certificates for. */
export const PRIORITY_GROUPS_MAX = 5;
/** A confirmation runs at most this many days ahead; then the Kita looks at the certificate again. */
export const PRIORITY_VALID_DAYS_MAX = 366;
/** Confirmations ending within this many days are listed as "ending soon" for the managers. */
export const PRIORITY_ENDING_SOON_DAYS = 14;

export const priorityGroupSchema = z.object({
  groupId: text(),
  /** 1 = served first. */
  position: z.number().int(),
  name: text(),
  description: text(),
  /** Confirmations in force now (a group with any cannot be removed). */
  confirmations: z.number().int(),
});
export type PriorityGroup = z.infer<typeof priorityGroupSchema>;

export const priorityGroupInputSchema = z.object({
  /** An existing group keeps its id (and its confirmations); without one a new group is added. */
  groupId: uuidSchema.optional(),
  name: text().trim().min(1, 'validation.required').max(80, 'validation.tooLong'),
  description: text().trim().max(300, 'validation.tooLong').default(''),
});

/** `PUT kitas/{kitaId}/priority-groups`: the whole list in the order of service. */
export const priorityGroupsInputSchema = z.object({
  groups: z
    .array(priorityGroupInputSchema)
    .max(PRIORITY_GROUPS_MAX, 'validation.priorityGroupsMax')
    .refine((gs) => new Set(gs.map((g) => g.name.toLocaleLowerCase('de'))).size === gs.length, 'validation.priorityGroupsUnique'),
});
export type PriorityGroupsInput = z.input<typeof priorityGroupsInputSchema>;

export const priorityKitaParamsSchema = z.object({ kitaId: uuidSchema });
export const priorityParentParamsSchema = z.object({ parentId: uuidSchema });

/** `POST parents/{parentId}/priority`: confirm the family (or one child) for a group; replaces one in force. */
export const priorityConfirmInputSchema = z.object({
  groupId: uuidSchema,
  /** Last day (in the Kita's time zone) the confirmation counts; inquiries closing after it ignore it. */
  validUntil: isoDateSchema,
  /** Internal note ("Bescheinigung Arbeitgeber gesehen"); no document is uploaded or stored. */
  note: text().trim().max(500, 'validation.tooLong').nullish(),
  /** Only this child is confirmed; without it the whole family. */
  childId: uuidSchema.nullish(),
});
export type PriorityConfirmInput = z.infer<typeof priorityConfirmInputSchema>;

/**
 * A family's confirmation as the caller may see it. Staff of the Kita get the group and the note;
 * the family itself gets only `validUntil` and the child (both null for `group` and `note`).
 */
export const priorityConfirmationSchema = z.object({
  confirmationId: text(),
  parentId: text(),
  parentName: text(),
  childId: text().nullable(),
  childName: text().nullable(),
  validUntil: text(),
  /** False once `validUntil` has passed (it drops out by itself). */
  active: z.boolean(),
  /** Active and ending within PRIORITY_ENDING_SOON_DAYS days. */
  endingSoon: z.boolean(),
  group: z.object({ groupId: text(), name: text(), position: z.number().int() }).nullable(),
  note: text().nullable(),
  confirmedAt: text(),
});
export type PriorityConfirmation = z.infer<typeof priorityConfirmationSchema>;

/** `GET parents/{parentId}/priority`: the confirmation not yet ended (it may have run out), or null. */
export const parentPriorityResultSchema = z.object({ confirmation: priorityConfirmationSchema.nullable() });
export type ParentPriorityResult = z.infer<typeof parentPriorityResultSchema>;
