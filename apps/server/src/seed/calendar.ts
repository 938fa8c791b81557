import { zonedDay, zonedInstant } from '@kita/shared';

/**
 * Calendar days of the demo data in the Kita's zone, from the clock they are seeded with (once
 * the open demo strike and a past one fell on a Sunday).
 */
export const DEMO_ZONE = 'Europe/Berlin';

const DAY_MS = 86_400_000;

/** yyyy-mm-dd `n` days after `day`. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Saturday or Sunday. */
export function isWeekend(day: string): boolean {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** The day itself when it is Monday to Friday, else the nearest working day in `direction`. */
export function workday(day: string, direction: 1 | -1): string {
  let d = day;
  while (isWeekend(d)) d = addDays(d, direction);
  return d;
}

/**
 * The open demo strike: the first working day at least three days after `now`, and the day after
 * too when that is a working day.
 */
export function demoStrikeDays(now: Date): { first: string; last: string } {
  const first = workday(addDays(dayOf(now), 3), 1);
  const last = isWeekend(addDays(first, 1)) ? first : addDays(first, 1);
  return { first, last };
}

/** The Kita-zone day of an instant. */
export const dayOf = (at: Date) => zonedDay(at, DEMO_ZONE);
/** The instant of a wall-clock time on a Kita-zone day. */
export const at = (day: string, time: string) => zonedInstant(day, time, DEMO_ZONE);
