import { z } from 'zod';
import { loginResultSchema } from './auth.js';
import { categoryNameSchema, communicationSchema } from './common.js';
import { dateOfBirthSchema } from './children.js';
import { parentFieldsSchema } from './parents.js';
import { checkMobileForSms, emailSchema, mobilePhoneSchema, nameSchema, otpSchema, passwordSchema, phoneSchema, groupIdSchema, languageSchema, text, uuidSchema } from './validation.js';

/**
 * Parent account contracts (docs/wire.md "Routes", docs/domain.md "Accounts and login"):
 * login by e-mail or phone, the OTP step, activation, phone verification, password reset,
 * preferred communication and public registration.
 */

/**
 * The one-time code sent after too many failed logins on an account (error LOGIN_CODE_SENT): given
 * together with the password, it makes the browser a known device of the account.
 */
export const loginCodeSchema = otpSchema.optional();

export const parentEmailLoginSchema = z.object({
  email: emailSchema,
  password: text().min(1, 'validation.required'),
  code: loginCodeSchema,
});

export const parentPhoneLoginSchema = z.object({
  phoneNumber: phoneSchema,
  password: text().min(1, 'validation.required'),
  code: loginCodeSchema,
});

/** The first step's answer when a code was sent by SMS. */
export const otpChallengeSchema = z.object({ otpToken: text() });
export type OtpChallenge = z.infer<typeof otpChallengeSchema>;

/** POST auth/login (staff): logged in, or the OTP step for staff with a verified phone. */
export const loginStepSchema = z.union([loginResultSchema, otpChallengeSchema]);
export type LoginStep = z.infer<typeof loginStepSchema>;

export const otpLoginSchema = z.object({
  otpToken: text().min(1, 'validation.required').max(200),
  otp: otpSchema,
});

/** A token from an e-mail link (`?token=`). */
export const linkTokenQuerySchema = z.object({ token: text().min(1, 'validation.required').max(200) });

/**
 * POST auth/activate-account: the e-mail is verified. An account without a password continues
 * to /reset-password with `resetToken`.
 */
export const activationResultSchema = z.object({
  emailVerified: z.literal(true),
  needsPassword: z.boolean(),
  resetToken: text().nullable(),
  /** The account's language: the page speaks it, not the browser's. */
  language: languageSchema,
});

/** GET auth/otp-status?otpToken=: how the code SMS of a challenge fared (the code page shows a failure). */
export const otpStatusQuerySchema = z.object({ otpToken: text().min(1).max(200) });
export const otpDeliverySchema = z.object({
  state: z.enum(['sending', 'sent', 'delivered', 'failed', 'unknown']),
  /** Failure reason code (delivery.reasons), e.g. 'landline'. */
  reason: text().nullable(),
});
export type OtpDelivery = z.infer<typeof otpDeliverySchema>;

/** GET auth/link-language?kind=&token=: the language of the account a link belongs to (null: not a valid link). */
export const linkLanguageQuerySchema = z.object({ kind: z.enum(['reset']), token: text().min(1).max(200) });
export const linkLanguageSchema = z.object({ language: languageSchema.nullable() });
export type LinkLanguage = z.infer<typeof linkLanguageSchema>;
export type ActivationResult = z.infer<typeof activationResultSchema>;

export const emailBodySchema = z.object({ email: emailSchema });
/** POST auth/{id}/otp: the code goes out by SMS, so the number must be a mobile number. */
export const phoneBodySchema = z.object({ phoneNumber: mobilePhoneSchema });
/** POST auth/verify-phone: the code plus the otpToken that POST auth/{id}/otp (or registration) returned. */
export const verifyPhoneSchema = z.object({
  otp: otpSchema,
  otpToken: text().min(1, 'validation.required').max(200),
});
export const verifyPhoneResultSchema = z.object({ phoneNumber: text(), verified: z.literal(true) });

/** Anonymous flows answer alike whether or not the account exists. */
export const okSchema = z.object({ ok: z.literal(true) });

export const resetPasswordSchema = z
  .object({
    token: text().min(1, 'validation.required').max(200),
    newPassword: passwordSchema,
    confirmPassword: text().min(1, 'validation.required'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'validation.passwordMismatch' });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** PUT auth/{parentId}/preferred-communication: SMS needs a phone. */
export const preferredCommunicationSchema = z
  .object({
    preferredCommunication: communicationSchema,
    phoneNumber: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), phoneSchema.nullable().optional()),
  })
  .superRefine((v, ctx) => {
    if (v.preferredCommunication === 'sms' && !v.phoneNumber) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: 'validation.phoneRequiredForSms' });
    }
    if (v.preferredCommunication === 'sms') checkMobileForSms(v.phoneNumber, ctx, ['phoneNumber']);
  });
export type PreferredCommunicationInput = z.input<typeof preferredCommunicationSchema>;

/** New session token and user; `otpToken` when an unverified phone was chosen for SMS (a code was sent). */
export const preferredCommunicationResultSchema = loginResultSchema.extend({ otpToken: text().nullable() });

/** GET auth/kita-groups/{kitaId}: what the public registration form needs. */
export const kitaGroupsSchema = z.object({
  kitaId: text(),
  kitaName: text(),
  location: text(),
  categories: z.array(
    z.object({
      categoryId: text(),
      categoryName: categoryNameSchema,
      groups: z.array(z.object({ groupId: text(), groupName: text() })),
    }),
  ),
});
export type KitaGroups = z.infer<typeof kitaGroupsSchema>;

export const registerChildSchema = z.object({
  childName: nameSchema,
  dateOfBirth: dateOfBirthSchema,
  groupId: groupIdSchema,
});

/**
 * POST auth/register: the parent payload (never anonymous), a password and one or more
 * children. An e-mail or a mobile number is required; SMS needs the mobile number.
 */
export const registerSchema = parentFieldsSchema
  .omit({ isAnonymous: true })
  .extend({
    password: passwordSchema,
    confirmPassword: text().optional(),
    children: z.array(registerChildSchema).min(1, 'validation.childRequired').max(10, 'validation.tooLong'),
  })
  .superRefine((v, ctx) => {
    if (!v.email && !v.primaryPhoneNumber) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.emailOrPhone' });
    }
    if (v.preferredCommunication === 'sms' && !v.primaryPhoneNumber) {
      ctx.addIssue({ code: 'custom', path: ['primaryPhoneNumber'], message: 'validation.phoneRequiredForSms' });
    }
    // Without an e-mail the phone is verified by an SMS code, so it too must be a mobile number.
    if (v.preferredCommunication === 'sms' || !v.email) checkMobileForSms(v.primaryPhoneNumber, ctx, ['primaryPhoneNumber']);
    if (v.confirmPassword !== undefined && v.confirmPassword !== v.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordMismatch' });
    }
  });
export type RegisterInput = z.infer<typeof registerSchema>;
export type RegisterFormValues = z.input<typeof registerSchema>;

/** `otpToken` for a phone-only registration: the code sent by SMS verifies the number. */
export const registerResultSchema = z.object({
  parentId: text(),
  status: z.literal('registered'),
  otpToken: text().nullable(),
});
export type RegisterResult = z.infer<typeof registerResultSchema>;

/** GET dev/messages (added, never in production): the dev mailbox. */
export const devMessageSchema = z.object({
  id: text(),
  recipient: text(),
  channel: communicationSchema,
  kind: text(),
  language: text(),
  subject: text().nullable(),
  bodyText: text(),
  bodyHtml: text().nullable(),
  /** Billed SMS segments; null for e-mail. */
  smsSegments: z.number().int().nullable(),
  status: text(),
  attempts: z.number().int(),
  lastError: text().nullable(),
  transport: text().nullable(),
  createdAt: text(),
  sentAt: text().nullable(),
});
export type DevMessage = z.infer<typeof devMessageSchema>;
export const devMessagesQuerySchema = z.object({
  recipient: text().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  /** The next page: messages older than this one (the last of the previous page). */
  before: uuidSchema.optional(),
});

export const accountIdParamsSchema = z.object({ id: uuidSchema });
export const accountParentParamsSchema = z.object({ parentId: uuidSchema });
export const registrationKitaParamsSchema = z.object({ kitaId: text().max(100) });
