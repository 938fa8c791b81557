import { z } from 'zod';
import { emailSchema, languageSchema, otpSchema, passwordSchema, text, uuidSchema } from './validation.js';
import { roleSchema } from './common.js';

export const staffLoginSchema = z.object({
  email: emailSchema,
  password: text().min(1, 'validation.required'),
  /** The one-time code after too many failed logins (error LOGIN_CODE_SENT). */
  code: otpSchema.optional(),
});

/** The logged-in user as the web stores it. */
export const sessionUserSchema = z.object({
  userId: uuidSchema,
  name: text(),
  email: text().nullable(),
  role: roleSchema,
  parentId: text().nullable(),
  parent: z.object({ parentId: text(), language: languageSchema }).nullable(),
  kita: z.object({ kitaId: text() }).nullable(),
  language: languageSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResultSchema = z.object({ token: text(), user: sessionUserSchema });
export type LoginResult = z.infer<typeof loginResultSchema>;

/**
 * PUT users/{id}/change-password. For someone else's account `oldPassword` is the CALLER's own
 * password, so "must differ from the old one" cannot be checked here (it compared the
 * new password with the admin's own); it belongs to `ownPasswordChangeSchema` and the server.
 */
export const changePasswordSchema = z
  .object({
    oldPassword: text().min(1, 'validation.required'),
    newPassword: passwordSchema,
    confirmPassword: text().min(1, 'validation.required'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordMismatch',
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The same form for one's own account: the new password must differ from the old one. */
export const ownPasswordChangeSchema = changePasswordSchema.refine((v) => v.newPassword !== v.oldPassword, {
  path: ['newPassword'],
  message: 'validation.passwordSameAsOld',
});
