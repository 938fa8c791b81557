import { isValid, parseISO } from 'date-fns';

/** The display formats of dates and times in the UI. */
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

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock parts of an instant in an IANA zone (throws a RangeError for an unknown zone). */
function partsIn(date: Date, timeZone: string): Parts {
  let zoneFormat = zoneFormats.get(timeZone);
  if (!zoneFormat) {
    zoneFormat = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    zoneFormats.set(timeZone, zoneFormat);
  }
  const parts: Record<string, number> = {};
  for (const part of zoneFormat.formatToParts(date)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

function localParts(date: Date): Parts {
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
    second: date.getSeconds(),
  };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The tokens of date-fns patterns that the app uses. */
const TOKENS: Record<string, (p: Parts) => string> = {
  yyyy: (p) => pad(p.year, 4),
  MM: (p) => pad(p.month),
  dd: (p) => pad(p.day),
  HH: (p) => pad(p.hour),
  hh: (p) => pad(p.hour % 12 || 12),
  mm: (p) => pad(p.minute),
  ss: (p) => pad(p.second),
  a: (p) => (p.hour < 12 ? 'AM' : 'PM'),
};

function render(parts: Parts, pattern: string): string {
  return pattern.replace(/[A-Za-z]+/g, (token) => {
    const write = TOKENS[token];
    if (!write) throw new Error(`date pattern token '${token}' is not supported (lib/format.ts)`);
    return write(parts);
  });
}

/**
 * Formats a date with a pattern of date-fns tokens (yyyy MM dd HH hh mm ss a). With `timeZone`
 * (an IANA name such as the Kita's 'Europe/Berlin') the wall-clock time of that zone is shown,
 * otherwise the browser's. Written on Intl rather than date-fns' format and date-fns-tz, which
 * cost every page that shows a date about 9 KB gzipped.
 */
export function formatWith(value: DateInput, pattern: string, timeZone?: string | null): string {
  const date = toDate(value);
  if (!date) return EMPTY;
  let parts: Parts;
  try {
    parts = timeZone ? partsIn(date, timeZone) : localParts(date);
  } catch {
    // An unknown time zone name must not break a table; fall back to the browser's zone.
    parts = localParts(date);
  }
  return render(parts, pattern);
}

export const formatDate = (value: DateInput, timeZone?: string | null) => formatWith(value, DATE_FORMAT, timeZone);
export const formatDateTime = (value: DateInput, timeZone?: string | null) =>
  formatWith(value, DATE_TIME_FORMAT, timeZone);
export const formatHistoryDate = (value: DateInput, timeZone?: string | null) =>
  formatWith(value, HISTORY_FORMAT, timeZone);

/** A local calendar day as yyyy-mm-dd (what the API takes for dates of birth). */
export function toIsoDate(date: Date): string {
  return render(localParts(date), 'yyyy-MM-dd');
}

/** A yyyy-mm-dd string as a local date, or undefined. */
export function fromIsoDate(value: string | null | undefined): Date | undefined {
  return toDate(value) ?? undefined;
}
