import { wallClock, zonedDay, zonedInstant } from '@kita/shared';

/**
 * Dates for tests, built from the real clock so that every suite passes on any date:
 * a test pins its app clock to one of these, never to a fixed calendar date that will one day lie
 * in the past. Under libfaketime (`.ci/run`'s future-date step) "the real clock" is the faked one.
 */

const DAY = 86_400_000;
export const BERLIN = 'Europe/Berlin';

/** The zone's offset from UTC in minutes at an instant (Berlin: 60 in winter, 120 in summer). */
export function utcOffsetMinutes(instant: Date, timeZone: string): number {
  const c = wallClock(instant, timeZone);
  const shown = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute);
  return Math.round((shown - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The first `weekday` (0 = Sunday … 6 = Saturday) at `time` (HH:mm) in `timeZone`, at least
 * `minDays` after the real now, in standard time with no change of the zone's offset from a week
 * before to `clearDays` after it: tests may then spell the offset (11:00 in Berlin = 10:00Z) and
 * add whole days without meeting a 23- or 25-hour day. At most about a year ahead.
 */
export function nextZonedWeekday(
  weekday: number,
  time: string,
  opts: { timeZone?: string; minDays?: number; clearDays?: number; from?: Date } = {},
): Date {
  const { timeZone = BERLIN, minDays = 7, clearDays = 35 } = opts;
  const from = opts.from ?? new Date();
  for (let i = minDays; i < minDays + 400; i++) {
    const day = zonedDay(new Date(from.getTime() + i * DAY), timeZone);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() !== weekday) continue;
    const at = zonedInstant(day, time, timeZone);
    const standard = utcOffsetMinutes(new Date(`${day.slice(0, 4)}-01-15T12:00:00Z`), timeZone);
    const offsets = [-7 * DAY, 0, clearDays * DAY].map((d) => utcOffsetMinutes(new Date(at.getTime() + d), timeZone));
    if (offsets.every((o) => o === standard)) return at;
  }
  throw new Error(`no ${weekday} at ${time} in standard time within a year after ${from.toISOString()}`);
}

/** The calendar day of an instant in the zone as numbers: { year, month (1-12), day }. */
export function zonedParts(instant: Date, timeZone = BERLIN): { year: number; month: number; day: number } {
  const [year, month, day] = zonedDay(instant, timeZone).split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** dd.MM. of an instant in the zone, as the German texts spell a care day ("09.03."). */
export function ddMM(instant: Date, timeZone = BERLIN): string {
  const { month, day } = zonedParts(instant, timeZone);
  return `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.`;
}

/** dd.MM.yyyy of an instant in the zone ("09.03.2030"). */
export function ddMMyyyy(instant: Date, timeZone = BERLIN): string {
  return `${ddMM(instant, timeZone)}${zonedParts(instant, timeZone).year}`;
}

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** d MMM of an instant in the zone, as the English texts spell a care day ("9 Mar"). */
export function dMMM(instant: Date, timeZone = BERLIN): string {
  const { month, day } = zonedParts(instant, timeZone);
  return `${day} ${EN_MONTHS[month - 1]}`;
}
