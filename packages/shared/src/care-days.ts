import { zonedDay } from './time.js';
import type { Language } from './validation.js';

/**
 * How an inquiry names its dates (domain.md "Emergency events", v2): the care day(s) and the
 * response deadline, separately and in the Kita's time zone. Used by e-mails, SMS, the PDF and the
 * web (preference page, history, event page), so every place says the same.
 *
 * The care period runs from `eventDate` (first care day) to `expireDate` (its end, at least one
 * day later: a one-day strike runs from eventDate to the next day). The last care day is therefore
 * the day of `expireDate - 24 h`, never before the first.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const LOCALE: Record<Language, string> = { de: 'de-DE', en: 'en-GB' };
const cache = new Map<string, Intl.DateTimeFormat>();

function fmt(lang: Language, timeZone: string, kind: 'weekday' | 'date' | 'time'): Intl.DateTimeFormat {
  const key = `${lang}|${timeZone}|${kind}`;
  let f = cache.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'weekday'
        ? { weekday: 'short' }
        : kind === 'time'
          ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
          : lang === 'de'
            ? { day: '2-digit', month: '2-digit' }
            : { day: 'numeric', month: 'short' };
    f = new Intl.DateTimeFormat(LOCALE[lang], { timeZone, ...options });
    cache.set(key, f);
  }
  return f;
}

const asDate = (d: Date | string) => (d instanceof Date ? d : new Date(d));

/** "Mi, 25.11." / "Wed, 25 Nov" */
export function formatCareDay(lang: Language, d: Date | string, timeZone: string): string {
  const at = asDate(d);
  return `${fmt(lang, timeZone, 'weekday').format(at).replace(/\.$/, '')}, ${fmt(lang, timeZone, 'date').format(at)}`;
}

/** The last care day as an instant inside that day (see the module comment). */
export function lastCareDay(eventDate: Date | string, expireDate: Date | string): Date {
  return new Date(Math.max(asDate(eventDate).getTime(), asDate(expireDate).getTime() - DAY_MS));
}

/** The calendar days (yyyy-mm-dd, Kita zone) of the care period. */
export function careDayRange(eventDate: Date | string, expireDate: Date | string, timeZone: string): { first: string; last: string } {
  return {
    first: zonedDay(asDate(eventDate), timeZone),
    last: zonedDay(lastCareDay(eventDate, expireDate), timeZone),
  };
}

/**
 * The care days as the phrases `common.when.single` ("am {{day}}") and `common.when.range`
 * ("vom {{from}} bis {{to}}") fill them: `formatCarePeriod` in @kita/shared/i18n on the server,
 * i18next on the web (which loads the catalogs in parts, so this module imports none).
 */
export function carePeriodParts(
  lang: Language,
  eventDate: Date | string,
  expireDate: Date | string,
  timeZone: string,
): { key: 'common.when.single'; vars: { day: string } } | { key: 'common.when.range'; vars: { from: string; to: string } } {
  const { first, last } = careDayRange(eventDate, expireDate, timeZone);
  const from = formatCareDay(lang, eventDate, timeZone);
  if (first === last) return { key: 'common.when.single', vars: { day: from } };
  return { key: 'common.when.range', vars: { from, to: formatCareDay(lang, lastCareDay(eventDate, expireDate), timeZone) } };
}

/** "Di, 24.11., 18:00" / "Tue, 24 Nov, 18:00" */
export function formatDeadline(lang: Language, d: Date | string, timeZone: string): string {
  return `${formatCareDay(lang, d, timeZone)}, ${fmt(lang, timeZone, 'time').format(asDate(d))}`;
}
