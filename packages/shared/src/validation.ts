import { z } from 'zod';

/**
 * Text PostgreSQL cannot store or that is not valid Unicode: the NUL character and UTF-16
 * surrogates without their partner (issue 9: such input gave 500s). Refused in every text field.
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
 * Validation rules of spec section 5. Messages are i18n keys (namespace `validation`), so the
 * web shows them in the user's language and the server translates them for the error body.
 */

/** First character: letter (incl. umlauts, ß and other Latin letters), space, apostrophe or hyphen; later also digits. */
export const NAME_PATTERN = /^[\p{L} '-][\p{L}\p{M}0-9 '.-]*$/u;

/** +49, first digit non-zero, 10 to 13 digits after the country code in total. */
export const PHONE_PATTERN = /^\+49[1-9]\d{9,12}$/;

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

export const phoneSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(PHONE_PATTERN, 'validation.phone');

export const passwordSchema = z
  .string({ error: 'validation.required' })
  .min(PASSWORD_MIN, 'validation.passwordMin')
  .max(200, 'validation.tooLong');

export const otpSchema = text().regex(/^\d{6}$/, 'validation.otp');

export const uuidSchema = z.uuid('validation.uuid');

/** Trims a contact field; an empty string becomes null (spec: contact fields trimmed, empty -> null). */
export const optionalContact = <T extends z.ZodType<string>>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v ?? null),
    schema.nullable(),
  );

/** yyyy-mm-dd calendar date. */
export const isoDateSchema = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date');

export const languageSchema = z.enum(['de', 'en']);
export type Language = z.infer<typeof languageSchema>;
