import ical, { ICalCalendarMethod, ICalEventRepeatingFreq, ICalEventStatus, type ICalDateTimeValue } from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { careDayRange, wallClock, zonedInstant, type Language } from '@kita/shared';
import { formatCarePeriod, translate } from '@kita/shared/i18n';

/**
 * The place in the family's calendar (docs/domain.md "The place in the calendar"): an iCalendar
 * file (RFC 5545, METHOD:PUBLISH) with one VEVENT per child that has or had a place in one
 * inquiry. Pure: the route (calendar.ts) reads the rows, this writes the text.
 *
 * - Times are the Kita's wall-clock times with TZID and the zone's VTIMEZONE, so a calendar shows
 *   07:00 on both sides of a clock change.
 * - The care period of a strike (care from Mon 07:00 until Fri 17:00) is care every day from 07:00
 *   to 17:00: one event with a daily RRULE over the care days (packages/shared care-days.ts). A
 *   care period whose end time of day is not after its start time (an immediate inquiry: now until
 *   midnight; care until Wed 00:00) is one all-day event over the care days.
 * - UID `<inquiry>-<child>@<host of PUBLIC_URL>` stays the same across downloads; SEQUENCE 0 and
 *   CONFIRMED while the place holds, SEQUENCE 1 and CANCELLED once it was given back, so a
 *   calendar that imported the first version replaces it.
 */

export interface CalendarPlace {
  childId: string;
  childName: string;
  /** The place was given back (allocations.released_at). */
  released: boolean;
}

export interface CalendarInput {
  eventId: string;
  kitaName: string;
  kitaLocation: string | null;
  timezone: string;
  careStartsAt: Date;
  careEndsAt: Date;
  places: CalendarPlace[];
  language: Language;
  /** The host of PUBLIC_URL, the right-hand side of every UID. */
  uidHost: string;
  /** DTSTAMP: when this version was made (the app clock). */
  now: Date;
  /** The family's page (where a place is given back), absolute. */
  pageUrl: string;
}

const DAY = 86_400_000;

/** The local time of day of an instant in a zone, `HH:mm`. */
function localTime(instant: Date, timeZone: string): string {
  const c = wallClock(instant, timeZone);
  return `${String(c.hour).padStart(2, '0')}:${String(c.minute).padStart(2, '0')}`;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
const daysBetween = (first: string, last: string) => Math.round((Date.parse(`${last}T12:00:00Z`) - Date.parse(`${first}T12:00:00Z`)) / DAY);

/**
 * A wall-clock date-time in the Kita's zone as the iCalendar library formats it (its documented
 * Luxon-style stub): the library then writes `DTSTART;TZID=<zone>:<yyyymmdd>T<hhmmss>` from the
 * zone's own calendar instead of the process's time zone.
 */
function wallTime(day: string, time: string, timeZone: string): ICalDateTimeValue {
  const instant = zonedInstant(day, time, timeZone);
  const stub = {
    isValid: true,
    zone: { type: 'iana' },
    setZone: () => stub,
    toFormat: (fmt: string) => (fmt === 'yyyyLLdd' ? day.replace(/-/g, '') : fmt === 'HHmmss' ? `${time.replace(':', '')}00` : instant.toISOString()),
    toJSDate: () => instant,
    toJSON: () => instant.toISOString(),
  };
  return stub;
}

/**
 * DTSTAMP in UTC (RFC 5545 3.8.7.2 asks for the UTC form). The library writes it with the
 * calendar's time zone, without the `Z`; this stub gives the UTC digits and the `Z` itself.
 */
function utcStamp(instant: Date): ICalDateTimeValue {
  const iso = instant.toISOString();
  const stub = {
    isValid: true,
    zone: { type: 'utc' },
    setZone: () => stub,
    toFormat: (fmt: string) => (fmt === 'yyyyLLdd' ? iso.slice(0, 10).replace(/-/g, '') : fmt === 'HHmmss' ? `${iso.slice(11, 19).replace(/:/g, '')}Z` : iso),
    toJSDate: () => instant,
    toJSON: () => iso,
  };
  return stub;
}

/** The care period as the calendar shows it: daily times over the care days, or all-day. */
export function carePattern(careStartsAt: Date, careEndsAt: Date, timeZone: string) {
  const { first, last } = careDayRange(careStartsAt, careEndsAt, timeZone);
  const days = daysBetween(first, last) + 1;
  const from = localTime(careStartsAt, timeZone);
  const to = localTime(careEndsAt, timeZone);
  const timed = to !== '00:00' && to > from;
  return { first, last, days, from, to, timed };
}

export function renderCalendar(input: CalendarInput): string {
  const tz = input.timezone;
  const lang = input.language;
  const p = carePattern(input.careStartsAt, input.careEndsAt, tz);
  const careDays = formatCarePeriod(lang, input.careStartsAt, input.careEndsAt, tz);
  const cal = ical({
    prodId: { company: 'Kita Notbetreuung', product: 'Notbetreuung', language: lang.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    name: translate(lang, 'results.calendar.name', { kitaName: input.kitaName }),
    timezone: { name: tz, generator: getVtimezoneComponent },
  });
  const location = input.kitaLocation?.trim() ? `${input.kitaName}, ${input.kitaLocation.trim()}` : input.kitaName;
  for (const place of input.places) {
    const vars = { childName: place.childName, kitaName: input.kitaName, careDays, link: input.pageUrl };
    cal.createEvent({
      id: `${input.eventId}-${place.childId}@${input.uidHost}`,
      sequence: place.released ? 1 : 0,
      status: place.released ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      stamp: utcStamp(input.now),
      timezone: tz,
      allDay: !p.timed,
      start: p.timed ? wallTime(p.first, p.from, tz) : wallTime(p.first, '00:00', tz),
      end: p.timed ? wallTime(p.first, p.to, tz) : wallTime(nextDay(p.last), '00:00', tz),
      ...(p.timed && p.days > 1 ? { repeating: { freq: ICalEventRepeatingFreq.DAILY, count: p.days } } : {}),
      summary: translate(lang, place.released ? 'results.calendar.summaryCancelled' : 'results.calendar.summary', vars),
      description: translate(lang, place.released ? 'results.calendar.descriptionCancelled' : 'results.calendar.description', vars),
      location,
      url: input.pageUrl,
    });
  }
  return cal.toString();
}
