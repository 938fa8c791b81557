import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { zonedInstant } from '@kita/shared';
import { BERLIN, nextZonedWeekday } from '../../../test/dates.js';
import { carePattern, renderCalendar, type CalendarInput } from './ics.js';

/**
 * The calendar file's shapes (docs/domain.md "The place in the calendar"), parsed back with ical.js.
 * The route, the link and the DST case across a real inquiry are in calendar.test.ts.
 */

const DAY = 86_400_000;
/** A Monday 07:00 in Berlin winter time, a week or more ahead of the real now. */
const MONDAY = nextZonedWeekday(1, '07:00');
const day = (offset: number) => new Date(MONDAY.getTime() + offset * DAY).toISOString().slice(0, 10);

function input(over: Partial<CalendarInput> = {}): CalendarInput {
  return {
    eventId: '11111111-1111-4111-8111-111111111111',
    kitaName: 'Kita Sonnenschein',
    kitaLocation: 'Lindenstraße 3, 10969 Berlin',
    timezone: BERLIN,
    careStartsAt: MONDAY,
    careEndsAt: zonedInstant(day(4), '17:00', BERLIN),
    places: [{ childId: '22222222-2222-4222-8222-222222222222', childName: 'Mia', released: false }],
    language: 'de',
    uidHost: 'kita.example.org',
    now: MONDAY,
    pageUrl: 'https://kita.example.org/parents/p/history',
    ...over,
  };
}

function parse(body: string) {
  const cal = new ICAL.Component(ICAL.parse(body));
  ICAL.TimezoneService.register(cal.getFirstSubcomponent('vtimezone')!);
  return cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

describe('carePattern', () => {
  it('is daily times when the care ends later in the day than it starts, else all-day', () => {
    expect(carePattern(MONDAY, zonedInstant(day(4), '17:00', BERLIN), BERLIN)).toMatchObject({ timed: true, days: 5, from: '07:00', to: '17:00' });
    // Care until Wednesday 00:00 ends with Tuesday: two all-day care days.
    expect(carePattern(MONDAY, zonedInstant(day(2), '00:00', BERLIN), BERLIN)).toMatchObject({ timed: false, days: 2, first: day(0), last: day(1) });
    // An immediate inquiry: from now until midnight.
    expect(carePattern(zonedInstant(day(0), '10:23', BERLIN), zonedInstant(day(1), '00:00', BERLIN), BERLIN)).toMatchObject({ timed: false, days: 1 });
  });
});

describe('renderCalendar', () => {
  it('writes a strike week as one event a day, 07:00 to 17:00, with the Kita as location', () => {
    const [event] = parse(renderCalendar(input()));
    expect(event!.location).toBe('Kita Sonnenschein, Lindenstraße 3, 10969 Berlin');
    expect(event!.component.getFirstPropertyValue('rrule')?.toString()).toBe('FREQ=DAILY;COUNT=5');
    expect(event!.startDate.toJSDate().toISOString()).toBe(MONDAY.toISOString());
    expect(event!.endDate.toJSDate().toISOString()).toBe(zonedInstant(day(0), '17:00', BERLIN).toISOString());
    expect(event!.description).toContain('https://kita.example.org/parents/p/history');
  });

  it('writes all-day care days as one all-day event with an exclusive end', () => {
    const [event] = parse(renderCalendar(input({ careEndsAt: zonedInstant(day(2), '00:00', BERLIN) })));
    expect(event!.startDate.isDate).toBe(true);
    expect(event!.startDate.toString()).toBe(day(0));
    expect(event!.endDate.toString()).toBe(day(2));
    expect(event!.component.getFirstPropertyValue('rrule')).toBeNull();
  });

  it('speaks the family language (right to left texts included) and cancels a place given back', () => {
    const events = parse(
      renderCalendar(
        input({
          language: 'ar',
          places: [
            { childId: '22222222-2222-4222-8222-222222222222', childName: 'Mia', released: false },
            { childId: '33333333-3333-4333-8333-333333333333', childName: 'Max', released: true },
          ],
        }),
      ),
    );
    expect(events.map((e) => e.summary)).toEqual(['الرعاية الطارئة Mia – Kita Sonnenschein', 'ملغى: الرعاية الطارئة Max – Kita Sonnenschein']);
    expect(events.map((e) => [e.sequence, e.component.getFirstPropertyValue('status')])).toEqual([
      [0, 'CONFIRMED'],
      [1, 'CANCELLED'],
    ]);
    expect(events[1]!.uid).toBe('11111111-1111-4111-8111-111111111111-33333333-3333-4333-8333-333333333333@kita.example.org');
  });

  it('names only the Kita when it has no location', () => {
    const [event] = parse(renderCalendar(input({ kitaLocation: '  ' })));
    expect(event!.location).toBe('Kita Sonnenschein');
  });
});
