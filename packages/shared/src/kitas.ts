import { z } from 'zod';
import { categoryNameSchema, roleSchema } from './common.js';
import { emailSchema, nameSchema, optionalContact, passwordSchema, phoneSchema, uuidSchema } from './validation.js';

export const kitaInputSchema = z.object({
  kitaName: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  location: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
  description: optionalContact(z.string().max(2000, 'validation.tooLong')).optional(),
  timezone: z.string().min(1).max(64).optional(),
});
export type KitaInput = z.infer<typeof kitaInputSchema>;

export const kitaOptionSchema = z.object({ kitaId: z.string(), kitaName: z.string(), location: z.string() });
export type KitaOption = z.infer<typeof kitaOptionSchema>;

export const groupSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  categoryId: z.string(),
  categoryName: categoryNameSchema,
});
export type Group = z.infer<typeof groupSchema>;

export const categorySchema = z.object({
  categoryId: z.string(),
  categoryName: categoryNameSchema,
  kitaId: z.string(),
  groups: z.array(groupSchema),
});
export type Category = z.infer<typeof categorySchema>;

export const managerSchema = z.object({ userId: z.string(), name: z.string(), email: z.string() });

export const kitaSchema = kitaOptionSchema.extend({
  description: z.string().nullable(),
  timezone: z.string(),
});
export type Kita = z.infer<typeof kitaSchema>;

export const kitaDetailsSchema = kitaSchema.extend({
  categories: z.array(categorySchema),
  registrationLink: z.string(),
  registeredParents: z.number().int(),
  qrCode: z.string(),
  managers: z.array(managerSchema),
});
export type KitaDetails = z.infer<typeof kitaDetailsSchema>;

export const categoryInputSchema = z.object({ categoryName: categoryNameSchema, kitaId: uuidSchema });
export const groupInputSchema = z.object({ groupName: nameSchema, categoryId: uuidSchema });

export const userSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: roleSchema,
  kitaId: z.string().nullable(),
  kita: z.object({ kitaId: z.string(), kitaName: z.string() }).nullable(),
});
export type User = z.infer<typeof userSchema>;

const staffRoleSchema = z.enum(['Admin', 'KitaManager'], { error: 'validation.role' });

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
