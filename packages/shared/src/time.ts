/**
 * Time in the Kita's zone (docs/domain.md "Time"), one implementation for server, web and contracts.
 * Dates as the product shows them: dd.MM.yyyy and dd.MM.yyyy HH:mm (24 h). Formatters are
 * cached per zone: the report formats hundreds of rows.
 */
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('de-DE', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    });
    cache.set(key, f);
  }
  return f;
}

/** dd.MM.yyyy */
export const formatDay = (d: Date, timeZone: string) => formatter(timeZone, false).format(d);

/** dd.MM.yyyy HH:mm (Intl puts a comma after the date; the report uses the plain form). */
export const formatDateTime = (d: Date, timeZone: string) => formatter(timeZone, true).format(d).replace(',', '');

/** True when `tz` is an IANA zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
/** The calendar day (yyyy-mm-dd) of an instant in a timezone ("today" is judged in the Kita's zone). */
export function zonedDay(instant: Date, timeZone: string): string {
  let f = dayFormatters.get(timeZone);
  if (!f) {
    // en-CA formats as yyyy-mm-dd.
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, f);
  }
  return f.format(instant);
}

const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();
/**
 * What a wall clock in the zone shows at an instant (month 1-12, hour 0-23): the one place that
 * reads a zone's local time, for the calendar file, zoned instants and the tests' offsets.
 */
export function wallClock(instant: Date, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number } {
  let f = wallClockFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    wallClockFormatters.set(timeZone, f);
  }
  const parts = f.formatToParts(instant);
  const get = (t: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === t)!.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}
