import { format, isValid, parseISO } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz';

/** Display formats of spec section 9. */
export const DATE_FORMAT = 'dd.MM.yyyy';
export const DATE_TIME_FORMAT = 'dd.MM.yyyy, HH:mm';
export const HISTORY_FORMAT = 'dd-MM-yyyy hh:mm a';
/** Shown for a missing or unparsable date. */
export const EMPTY = '-';

export type DateInput = Date | string | number | null | undefined;

/** Parses an ISO instant, a yyyy-mm-dd date (as a local calendar day) or a timestamp. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'number' ? new Date(value) : parseISO(value);
  return isValid(date) ? date : null;
}

/**
 * Formats a date with a date-fns pattern. With `timeZone` (an IANA name such as the Kita's
 * 'Europe/Berlin') the wall-clock time of that zone is shown, otherwise the browser's.
 */
export function formatWith(value: DateInput, pattern: string, timeZone?: string | null): string {
  const date = toDate(value);
  if (!date) return EMPTY;
  try {
    return timeZone ? formatInTimeZone(date, timeZone, pattern) : format(date, pattern);
  } catch {
    // An unknown time zone name must not break a table; fall back to the browser's zone.
    return format(date, pattern);
  }
}

export const formatDate = (value: DateInput, timeZone?: string | null) => formatWith(value, DATE_FORMAT, timeZone);
export const formatDateTime = (value: DateInput, timeZone?: string | null) =>
  formatWith(value, DATE_TIME_FORMAT, timeZone);
export const formatHistoryDate = (value: DateInput, timeZone?: string | null) =>
  formatWith(value, HISTORY_FORMAT, timeZone);

/** A local calendar day as yyyy-mm-dd (what the API takes for dates of birth). */
export function toIsoDate(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** A yyyy-mm-dd string as a local date, or undefined. */
export function fromIsoDate(value: string | null | undefined): Date | undefined {
  return toDate(value) ?? undefined;
}
