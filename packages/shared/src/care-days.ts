import { zonedDay } from './time.js';
import type { Language } from './validation.js';

/**
 * How an inquiry names its dates (docs/domain.md "Inquiries", v2): the care day(s) and the
 * response deadline, separately and in the Kita's time zone. THE one definition of the care
 * period: e-mails, SMS, reminders, results, "place offered", the PDF, the overlap warning and the
 * web (preference page, event page, events list, history, the form's preview) all call it.
 *
 * The care period is the time from the care start (`eventDate`) up to the care end (`expireDate`,
 * exclusive). Its care days are the calendar days of the Kita's zone it touches:
 * - the first care day is the day of the care start;
 * - the last care day is the day of the care end: care until Wed 17:00 makes Wednesday a care
 *   day. A care end at exactly 00:00 touches no time of its day, so the day before is the last
 *   (care until Thu 00:00 ends with Wednesday; immediate inquiries end at midnight: care today);
 * - never before the first (a one-day strike: Mon 07:00 to Mon 17:00, or to Tue 00:00).
 * Days come from the zone's calendar, not from 24-hour steps, so the clock changes at the end of
 * March and October (23- and 25-hour days) move nothing.
 * (Once the last day was the day of `expireDate - 24 h`, which dropped the last day of
 * every strike entered with its real end, e.g. Mon 07:00 to Wed 17:00 read "Mon to Tue".)
 */

const LOCALE: Record<Language, string> = { de: 'de-DE', en: 'en-GB', tr: 'tr-TR', uk: 'uk-UA', ar: 'ar', pl: 'pl-PL', ru: 'ru-RU' };
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

/**
 * The last care day as an instant inside that day (see the module comment): the last millisecond
 * before the care end, never before the care start.
 */
export function lastCareDay(eventDate: Date | string, expireDate: Date | string): Date {
  return new Date(Math.max(asDate(eventDate).getTime(), asDate(expireDate).getTime() - 1));
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
