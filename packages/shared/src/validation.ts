import { z } from 'zod';
import { isMobilePhone, normalizePhone } from './phone.js';

/**
 * Text PostgreSQL cannot store or that is not valid Unicode: the NUL character and UTF-16
 * surrogates without their partner (such input gave 500s). Refused in every text field.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isSafeText = (s: string): boolean => !UNSAFE_TEXT.test(s);

/**
 * THE string schema of every contract (use it instead of z.string()): a string without NUL and
 * unpaired surrogates ('validation.invalidText'). Chain .trim(), .min(), .max(), .regex() as usual.
 */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(isSafeText, { error: 'validation.invalidText' });

/**
 * Validation rules of docs/domain.md "Validation". Messages are i18n keys (namespace `validation`), so the
 * web shows them in the user's language and the server translates them for the error body.
 */

/** First character: letter (incl. umlauts, ß and other Latin letters), space, apostrophe or hyphen; later also digits. */
export const NAME_PATTERN = /^[\p{L} '-][\p{L}\p{M}0-9 '.-]*$/u;

/** A stored phone number: E.164 with +49 and a non-zero first digit (what `phoneSchema` outputs). */
export const PHONE_PATTERN = /^\+49[1-9]\d{6,12}$/;

export const PASSWORD_MIN = 6;
export const OTP_LENGTH = 6;

export const nameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(100, 'validation.tooLong')
  .regex(NAME_PATTERN, 'validation.name');

export const emailSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .min(1, 'validation.required')
  .max(254, 'validation.tooLong')
  .pipe(z.email('validation.email'));

/**
 * Any German phone number as people type it (`0170 1234567`, `+49 (0)170 1234567`, `0049 …`,
 * landlines too); the parsed value is E.164 (`+491701234567`). See `phone.ts`.
 */
export const phoneSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .transform((value, ctx) => {
    const e164 = normalizePhone(value);
    if (e164) return e164;
    ctx.addIssue({ code: 'custom', message: 'validation.phone' });
    return z.NEVER;
  });

/** A number that receives SMS: a German mobile number; a landline gets its own message. */
export const mobilePhoneSchema = phoneSchema.refine((value) => isMobilePhone(value), 'validation.phoneNotMobile');

/** Cross-field rule: the number used for SMS must be a mobile number (path names the field). */
export function checkMobileForSms(phone: string | null | undefined, ctx: z.RefinementCtx, path: (string | number)[]): void {
  if (phone && !isMobilePhone(phone)) ctx.addIssue({ code: 'custom', path, message: 'validation.phoneNotMobile' });
}

export const passwordSchema = z
  .string({ error: 'validation.required' })
  .min(PASSWORD_MIN, 'validation.passwordMin')
  .max(200, 'validation.tooLong');

export const otpSchema = text().regex(/^\d{6}$/, 'validation.otp');

export const uuidSchema = z.uuid('validation.uuid');
/** A group chosen in a select: a missing one asks for a group (it said "Ungültige Auswahl"). */
export const groupIdSchema = z
  .string({ error: 'validation.groupRequired' })
  .trim()
  .min(1, 'validation.groupRequired')
  .pipe(uuidSchema);

/** Trims a contact field; an empty string becomes null (contact fields trimmed, empty -> null). */
export const optionalContact = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v ?? null),
    schema.nullable(),
  );

/** yyyy-mm-dd calendar date. */
export const isoDateSchema = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');

export const LANGUAGES = ['de', 'en', 'tr', 'uk', 'ar', 'pl', 'ru'] as const;
export const STAFF_LANGUAGES = ['de', 'en'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;
export type StaffLanguage = (typeof STAFF_LANGUAGES)[number];
export const RTL_LANGUAGES: readonly Language[] = ['ar'];
export const LANGUAGE_NAMES: Record<Language, string> = { de: 'Deutsch', en: 'English', tr: 'Türkçe', uk: 'Українська', ar: 'العربية', pl: 'Polski', ru: 'Русский' };
