import { z } from 'zod';
import { categoryNameSchema, roleSchema } from './common.js';
import { emailSchema, nameSchema, optionalContact, passwordSchema, phoneSchema, text, uuidSchema } from './validation.js';
import { isTimeZone } from './time.js';

/** Push first or push as an extra (docs/domain.md "Push first"). */
export const PUSH_MODES = ['first', 'extra'] as const;
export type PushMode = (typeof PUSH_MODES)[number];
export const PUSH_IMMEDIATE_MINUTES = { min: 1, max: 60, default: 3 } as const;
export const PUSH_PLANNED_MINUTES = { min: 5, max: 1440, default: 120 } as const;

const minutes = (range: { min: number; max: number }, message: string) =>
  z.number({ error: message }).int(message).min(range.min, message).max(range.max, message);

/** The Kita's push settings; each optional on input (unchanged when left out). */
const pushSettingsShape = {
  /** 'first': push alone, SMS/e-mail only when the push is not opened in time; 'extra': both at once. */
  pushMode: z.enum(PUSH_MODES, { error: 'validation.invalid' }).optional(),
  /** Escalation time of an immediate inquiry, minutes (1..60). */
  pushEscalationImmediateMinutes: minutes(PUSH_IMMEDIATE_MINUTES, 'validation.pushImmediateMinutes').optional(),
  /** The cap of a planned inquiry's escalation time, minutes (5..1440). */
  pushEscalationPlannedMinutes: minutes(PUSH_PLANNED_MINUTES, 'validation.pushPlannedMinutes').optional(),
};

export const kitaInputSchema = z.object({
  kitaName: text().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  location: text().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  description: optionalContact(text().max(2000, 'validation.tooLong')).optional(),
  timezone: text().min(1, 'validation.required').max(64, 'validation.tooLong').refine(isTimeZone, 'validation.timezone').optional(),
  /** One reminder to families without an answer half-way through an inquiry (default on). */
  remindersEnabled: z.boolean().optional(),
  ...pushSettingsShape,
});
export type KitaInput = z.infer<typeof kitaInputSchema>;

/** GET kitas/{id}/delete-impact (added): what goes with a Kita when it is deleted. */
export const kitaDeleteImpactSchema = z.object({
  kitaId: text(),
  kitaName: text(),
  families: z.number().int(),
  children: z.number().int(),
  managers: z.number().int(),
  inquiries: z.number().int(),
  finishedInquiries: z.number().int(),
  /** True when the name must be typed to confirm (the Kita has finished inquiries). */
  confirmNameRequired: z.boolean(),
});
export type KitaDeleteImpact = z.infer<typeof kitaDeleteImpactSchema>;
/** DELETE kitas/{id}?confirmName=: the typed name, required when `confirmNameRequired`. */
export const kitaDeleteQuerySchema = z.object({ confirmName: text().max(200).optional() });

export const kitaOptionSchema = z.object({ kitaId: text(), kitaName: text(), location: text() });
export type KitaOption = z.infer<typeof kitaOptionSchema>;

export const groupSchema = z.object({
  groupId: text(),
  groupName: text(),
  categoryId: text(),
  categoryName: categoryNameSchema,
});
export type Group = z.infer<typeof groupSchema>;

export const categorySchema = z.object({
  categoryId: text(),
  categoryName: categoryNameSchema,
  kitaId: text(),
  groups: z.array(groupSchema),
});
export type Category = z.infer<typeof categorySchema>;

export const managerSchema = z.object({ userId: text(), name: text(), email: text() });
export type Manager = z.infer<typeof managerSchema>;

export const kitaSchema = kitaOptionSchema.extend({
  description: text().nullable(),
  timezone: text(),
  remindersEnabled: z.boolean(),
  pushMode: z.enum(PUSH_MODES),
  pushEscalationImmediateMinutes: z.number().int(),
  pushEscalationPlannedMinutes: z.number().int(),
});
export type Kita = z.infer<typeof kitaSchema>;

export const kitaDetailsSchema = kitaSchema.extend({
  categories: z.array(categorySchema),
  registrationLink: text(),
  registeredParents: z.number().int(),
  qrCode: text(),
  managers: z.array(managerSchema),
});
export type KitaDetails = z.infer<typeof kitaDetailsSchema>;

export const categoryInputSchema = z.object({ categoryName: categoryNameSchema, kitaId: uuidSchema });
export type CategoryInput = z.infer<typeof categoryInputSchema>;
/** PUT categories/{id}: only the name changes; a category never moves to another Kita. */
export const categoryUpdateSchema = z.object({ categoryName: categoryNameSchema });
export type CategoryUpdateInput = z.infer<typeof categoryUpdateSchema>;

/** GET categories/kita/{kitaId} ("response has categories list"). */
export const kitaCategoriesSchema = z.object({
  kitaId: text(),
  kitaName: text(),
  /** The Kita's time zone: the event form reads picked times in it. */
  timezone: text(),
  categories: z.array(categorySchema),
});
export type KitaCategories = z.infer<typeof kitaCategoriesSchema>;

export const groupInputSchema = z.object({ groupName: nameSchema, categoryId: uuidSchema });
export type GroupInput = z.infer<typeof groupInputSchema>;

/** A group in a list, with the Kita it belongs to (GET groups, groups/kita/{id}, groups/parent/{id}). */
export const groupListItemSchema = groupSchema.extend({ kitaId: text() });
export type GroupListItem = z.infer<typeof groupListItemSchema>;

export const groupChildSchema = z.object({
  childId: text(),
  childName: text(),
  /** yyyy-mm-dd */
  dateOfBirth: text(),
  parentName: text(),
});
export type GroupChild = z.infer<typeof groupChildSchema>;

/** GET groups/{id}: the group with its category and children. */
export const groupDetailsSchema = groupListItemSchema.extend({ children: z.array(groupChildSchema) });
export type GroupDetails = z.infer<typeof groupDetailsSchema>;

/** `?kitaId=` on detail and list routes: narrows (never widens) the caller's scope. */
export const kitaQuerySchema = z.object({ kitaId: uuidSchema.optional() });
export const idParamsSchema = z.object({ id: uuidSchema });
export const kitaIdParamsSchema = z.object({ kitaId: uuidSchema });
export const parentIdParamsSchema = z.object({ parentId: uuidSchema });

export const userSchema = z.object({
  userId: text(),
  name: text(),
  email: text().nullable(),
  phoneNumber: text().nullable(),
  role: roleSchema,
  kitaId: text().nullable(),
  kita: z.object({ kitaId: text(), kitaName: text() }).nullable(),
});
export type User = z.infer<typeof userSchema>;

/** The staff roles a user form may choose (only Admin and KitaManager selectable). */
export const STAFF_ROLES = ['Admin', 'KitaManager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'validation.role' });

/** GET users?kitaId=: the managers of one Kita (the managers page). */
export const userListQuerySchema = z.object({ kitaId: uuidSchema.optional() });

const userBase = z.object({
  name: nameSchema,
  email: emailSchema,
  phoneNumber: optionalContact(phoneSchema).optional(),
  role: staffRoleSchema,
  kitaId: uuidSchema.nullable().optional(),
});

const kitaRequiredForManager = (v: { role: string; kitaId?: string | null | undefined }) =>
  v.role !== 'KitaManager' || !!v.kitaId;

export const userCreateSchema = userBase
  .extend({ password: passwordSchema })
  .refine(kitaRequiredForManager, { path: ['kitaId'], message: 'validation.kitaRequired' });
export type UserCreateInput = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = userBase.refine(kitaRequiredForManager, {
  path: ['kitaId'],
  message: 'validation.kitaRequired',
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;
