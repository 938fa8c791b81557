import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * Phone numbers as people type them (issue 14). Parsing, validation and formatting use
 * libphonenumber-js with its "mobile" metadata build: the smallest build that knows which
 * numbers are mobile numbers (about 24 KB gzipped; the full "max" build is 40 KB). With this
 * build `isValid()` is true only for mobile numbers, which is exactly the SMS rule; any German
 * number (a landline for the Kita's phone, a second number) only has to be possible.
 *
 * Accepted spellings: `0170 1234567`, `0170-123 45 67`, `(0170) 1234567`, `+49 170 1234567`,
 * `+49 (0)170 1234567`, `0049 170 1234567`, `+491701234567`. Stored as E.164 (`+491701234567`).
 * Only German numbers (+49) are accepted (spec section 5).
 */

/** Digits, spaces, `+`, dashes, brackets, dots and slashes: what people write around a number. */
const PHONE_CHARACTERS = /^\+?[\d\s\-()./]+$/;
/** National significant number: German numbers have 7 to 13 digits after the 0 (old short landlines included). */
const MIN_NATIONAL = 7;
const MAX_NATIONAL = 13;

export interface ParsedPhone {
  /** E.164, e.g. `+491701234567`. */
  e164: string;
  /** A mobile number (can receive SMS). */
  mobile: boolean;
}

export function parseGermanPhone(input: string): ParsedPhone | null {
  const text = input.trim();
  if (!PHONE_CHARACTERS.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < MIN_NATIONAL || digits.length > 20) return null;
  const parsed = parsePhoneNumberFromString(text, 'DE');
  if (!parsed || parsed.countryCallingCode !== '49') return null;
  const national = String(parsed.nationalNumber);
  if (national.length < MIN_NATIONAL || national.length > MAX_NATIONAL || national.startsWith('0')) return null;
  if (!parsed.isPossible()) return null;
  return { e164: String(parsed.number), mobile: parsed.isValid() };
}

/** E.164 form of a German number, or null when it is not one. */
export function normalizePhone(input: string): string | null {
  return parseGermanPhone(input)?.e164 ?? null;
}

/** Whether a (stored or typed) number is a German mobile number that can receive SMS. */
export function isMobilePhone(input: string | null | undefined): boolean {
  return !!input && !!parseGermanPhone(input)?.mobile;
}

/** For display: `+49 170 1234567`; anything that does not parse is shown as stored. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = parsePhoneNumberFromString(value, 'DE');
  return parsed ? parsed.formatInternational() : value;
}
