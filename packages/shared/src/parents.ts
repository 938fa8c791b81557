import { z } from 'zod';
import { categoryNameSchema, communicationSchema, PARENT_STATUS } from './common.js';
import { checkMobileForSms, emailSchema, languageSchema, nameSchema, optionalContact, phoneSchema, text, uuidSchema } from './validation.js';

/**
 * Parent contracts. The request schemas are used by the server route
 * and by the web form (react-hook-form + zodResolver), so both apply the same rules.
 */

export const parentStatusSchema = z.enum(PARENT_STATUS);
export const accountStatusSchema = z.enum(['active', 'inactive']);

/** '' (an unselected radio/select) and null both mean "no preference". */
const optionalCommunication = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  communicationSchema.nullable(),
);

/** The fields of the parent payload without the cross-field rules (for `.extend`/`.pick`). */
export const parentFieldsSchema = z.object({
  name: nameSchema,
  email: optionalContact(emailSchema).optional(),
  secondaryEmail: optionalContact(emailSchema).optional(),
  primaryPhoneNumber: optionalContact(phoneSchema).optional(),
  secondaryPhoneNumber: optionalContact(phoneSchema).optional(),
  kitaId: uuidSchema,
  preferredCommunication: optionalCommunication.optional(),
  isAnonymous: z.boolean().optional(),
  language: languageSchema,
});

type ParentRuleInput = {
  email?: string | null;
  primaryPhoneNumber?: string | null;
  preferredCommunication?: 'email' | 'sms' | null;
  isAnonymous?: boolean;
};

/**
 * docs/domain.md "Validation": e-mail required unless anonymous; primary phone required for SMS (unless
 * anonymous), and then it must be a mobile number (a landline fails at the SMS provider).
 */
export function checkParentRules(v: ParentRuleInput, ctx: z.RefinementCtx, prefix: (string | number)[] = []): void {
  if (v.isAnonymous) return;
  if (!v.email) ctx.addIssue({ code: 'custom', path: [...prefix, 'email'], message: 'validation.required' });
  if (v.preferredCommunication === 'sms' && !v.primaryPhoneNumber) {
    ctx.addIssue({ code: 'custom', path: [...prefix, 'primaryPhoneNumber'], message: 'validation.phoneRequiredForSms' });
  }
  if (v.preferredCommunication === 'sms') checkMobileForSms(v.primaryPhoneNumber, ctx, [...prefix, 'primaryPhoneNumber']);
}

/** POST parents and the embedded `newParent` of POST children. */
export const parentInputSchema = parentFieldsSchema.superRefine((v, ctx) => checkParentRules(v, ctx));
export type ParentInput = z.infer<typeof parentInputSchema>;
export type ParentFormValues = z.input<typeof parentInputSchema>;

/** PUT parents/{parentId}: the same payload; `parentId` may be repeated in the body and must match. */
export const parentUpdateSchema = parentFieldsSchema
  .extend({ parentId: uuidSchema.optional() })
  .superRefine((v, ctx) => checkParentRules(v, ctx));
export type ParentUpdateInput = z.infer<typeof parentUpdateSchema>;

/**
 * What is stored for a parent payload: an anonymous parent has no contact data and no preferred
 * communication (switching isAnonymous on clears them); a missing preference
 * of a parent with e-mail means e-mail.
 */
export function normalizeParentInput(v: ParentInput) {
  const isAnonymous = v.isAnonymous ?? false;
  if (isAnonymous) {
    return {
      name: v.name,
      kitaId: v.kitaId,
      language: v.language,
      isAnonymous,
      email: null,
      secondaryEmail: null,
      primaryPhoneNumber: null,
      secondaryPhoneNumber: null,
      preferredCommunication: null,
    };
  }
  return {
    name: v.name,
    kitaId: v.kitaId,
    language: v.language,
    isAnonymous,
    email: v.email ?? null,
    secondaryEmail: v.secondaryEmail ?? null,
    primaryPhoneNumber: v.primaryPhoneNumber ?? null,
    secondaryPhoneNumber: v.secondaryPhoneNumber ?? null,
    preferredCommunication: v.preferredCommunication ?? (v.email ? 'email' : null),
  } as const;
}
export type NormalizedParent = ReturnType<typeof normalizeParentInput>;

export const parentVerificationSchema = z.object({
  isEmailVerified: z.boolean(),
  isEmailSecondaryVerified: z.boolean(),
  isPrimaryPhoneVerified: z.boolean(),
  isSecondaryPhoneVerified: z.boolean(),
});

/** A parent as lists and details show it. */
export const parentSchema = z.object({
  parentId: text(),
  name: text(),
  email: text().nullable(),
  secondaryEmail: text().nullable(),
  primaryPhoneNumber: text().nullable(),
  secondaryPhoneNumber: text().nullable(),
  kitaId: text(),
  kitaName: text(),
  location: text(),
  preferredCommunication: communicationSchema.nullable(),
  isAnonymous: z.boolean(),
  language: languageSchema,
  credits: z.number().int(),
  isActive: z.boolean(),
  status: parentStatusSchema,
  accountStatus: accountStatusSchema,
  user: parentVerificationSchema,
  createdAt: text(),
  /** The family took part in an inquiry (its snapshot): deleting it erases it (its rows there stay under a pseudonym). */
  hasHistory: z.boolean(),
});
export type Parent = z.infer<typeof parentSchema>;

/** A child as the parent details list it (with group and category). */
export const parentChildSchema = z.object({
  childId: text(),
  childName: text(),
  dateOfBirth: text(),
  groupId: text(),
  group: z.object({ groupId: text(), groupName: text() }),
  categoryName: categoryNameSchema,
});
export type ParentChild = z.infer<typeof parentChildSchema>;

/** GET parents/{id}: the parent with its children. */
export const parentDetailsSchema = parentSchema.extend({
  /**
   * A new e-mail address the parent entered themselves, waiting for the link sent to it to be
   * opened (48 hours); `email` stays the old address until then. Null when nothing waits.
   */
  pendingEmail: text().nullable(),
  children: z.array(parentChildSchema),
});
export type ParentDetails = z.infer<typeof parentDetailsSchema>;

/** GET parents/kita/{kitaId}/registered: pending registrations with their children's places. */
export const registeredParentSchema = parentSchema.extend({
  children: z.array(
    z.object({ childId: text(), childName: text(), categoryName: categoryNameSchema, groupName: text() }),
  ),
});
export type RegisteredParent = z.infer<typeof registeredParentSchema>;

export const parentListQuerySchema = z.object({ kitaId: uuidSchema.optional() });
export const parentPathSchema = z.object({ id: uuidSchema });
export const parentKitaParamsSchema = z.object({ kitaId: uuidSchema });

/** POST parents/{id}/reject (added): an optional note for the audit log; the body may be absent (Fastify hands over null). */
export const parentRejectSchema = z
  .object({ message: optionalContact(text().max(1000, 'validation.tooLong')).optional() })
  .nullish();
