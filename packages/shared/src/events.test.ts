import { describe, expect, it } from 'vitest';
import {
  eventDateIssues,
  eventInputSchema,
  preferenceInputSchema,
  slotsForCategory,
} from './events.js';
import { zonedDay } from './time.js';

const kitaId = '6f1c2d1e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
const categoryId = '7a2b3c4d-5e6f-4a1b-9c2d-3e4f5a6b7c8d';
const base = { kitaId, categoryId, eventType: 'future' as const };
const issuesOf = (input: unknown) => {
  const r = eventInputSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('event form schema (docs/domain.md "Validation")', () => {
  it('accepts an immediate event without dates', () => {
    expect(issuesOf({ kitaId, categoryId, eventType: 'immediate' })).toEqual([]);
  });

  it('requires a uuid category and a known type', () => {
    expect(issuesOf({ kitaId, categoryId: '', eventType: 'immediate' })).toContain('categoryId:validation.required');
    expect(issuesOf({ kitaId, categoryId: 'abc', eventType: 'immediate' })).toContain('categoryId:validation.uuid');
    expect(issuesOf({ kitaId, categoryId, eventType: 'someday' })).toHaveLength(1);
  });

  it('requires both dates for a future event', () => {
    expect(issuesOf(base)).toEqual(['eventDate:validation.eventDateRequired', 'expireDate:validation.expireDateRequired']);
  });

  it('requires the care end after the care start (a one-day strike ends on its own day)', () => {
    const eventDate = '2030-03-10T08:00:00.000Z';
    expect(issuesOf({ ...base, eventDate, expireDate: eventDate })).toEqual(['expireDate:validation.expireAfterEvent']);
    expect(issuesOf({ ...base, eventDate, expireDate: '2030-03-10T07:55:00.000Z' })).toEqual(['expireDate:validation.expireAfterEvent']);
    expect(issuesOf({ ...base, eventDate, expireDate: '2030-03-10T16:00:00.000Z' })).toEqual([]);
    expect(issuesOf({ ...base, eventDate, expireDate: '2030-03-11T08:00:00.000Z' })).toEqual([]);
  });

  it('rejects dates that are not ISO instants and slot counts that are not whole numbers >= 0', () => {
    expect(issuesOf({ ...base, eventDate: '10.03.2030', expireDate: '2030-03-12T08:00:00Z' })).toContain('eventDate:validation.date');
    expect(issuesOf({ kitaId, categoryId, eventType: 'immediate', totalSlotsKrippe: -1 })).toEqual(['totalSlotsKrippe:validation.slots']);
    expect(issuesOf({ kitaId, categoryId, eventType: 'immediate', totalSlotsKindergarten: 2.5 })).toEqual(['totalSlotsKindergarten:validation.slots']);
    expect(issuesOf({ kitaId, categoryId, eventType: 'immediate', totalSlotsKindergarten: null })).toEqual([]);
  });

  it('accepts only IANA time zones', () => {
    expect(issuesOf({ kitaId, categoryId, eventType: 'immediate', timezone: 'Europe/Berlin' })).toEqual([]);
    expect(issuesOf({ kitaId, categoryId, eventType: 'immediate', timezone: 'Mars/Olympus' })).toEqual(['timezone:validation.timezone']);
  });
});

describe('date rules with a clock, judged in the Kita timezone', () => {
  // 23:30 UTC on 9 March is already 10 March in Berlin (UTC+1 in winter).
  const now = new Date('2030-03-09T23:30:00.000Z');
  const tz = 'Europe/Berlin';

  it('computes the calendar day in the zone', () => {
    expect(zonedDay(now, tz)).toBe('2030-03-10');
    expect(zonedDay(now, 'UTC')).toBe('2030-03-09');
  });

  it('refuses an event date before today but accepts earlier today', () => {
    const yesterday = { eventType: 'future' as const, eventDate: '2030-03-09T12:00:00.000Z', expireDate: '2030-03-12T08:00:00.000Z' };
    expect(eventDateIssues(yesterday, now, tz)).toEqual([{ path: 'eventDate', message: 'validation.eventDatePast' }]);
    // The same instant is "today" in UTC, so the zone decides.
    expect(eventDateIssues(yesterday, now, 'UTC')).toEqual([]);
    const earlierToday = { ...yesterday, eventDate: '2030-03-09T23:10:00.000Z' };
    expect(eventDateIssues(earlierToday, now, tz)).toEqual([]);
  });

  it('refuses an expire date before today', () => {
    const v = { eventType: 'future' as const, eventDate: '2030-03-11T08:00:00.000Z', expireDate: '2030-03-09T20:00:00.000Z' };
    expect(eventDateIssues(v, now, tz)).toEqual([{ path: 'expireDate', message: 'validation.expireBeforeToday' }]);
  });

  it('allows years up to the current year plus 5', () => {
    const ok = { eventType: 'future' as const, eventDate: '2035-06-01T08:00:00.000Z', expireDate: '2035-06-02T08:00:00.000Z' };
    expect(eventDateIssues(ok, now, tz)).toEqual([]);
    const far = { eventType: 'future' as const, eventDate: '2036-01-02T08:00:00.000Z', expireDate: '2036-01-03T08:00:00.000Z' };
    expect(eventDateIssues(far, now, tz).map((i) => i.message)).toEqual(['validation.eventYearTooFar', 'validation.eventYearTooFar']);
  });

  it('checks only the dates being set and ignores immediate events', () => {
    const past = { eventType: 'future' as const, eventDate: '2030-03-01T08:00:00.000Z', expireDate: '2030-03-12T08:00:00.000Z' };
    expect(eventDateIssues(past, now, tz, { eventDate: false, expireDate: true })).toEqual([]);
    expect(eventDateIssues({ ...past, eventType: 'immediate' }, now, tz)).toEqual([]);
  });
});

describe('slots and preferences', () => {
  it('takes the slot count of the event category', () => {
    expect(slotsForCategory('Krippe', { totalSlotsKindergarten: 5, totalSlotsKrippe: 2 })).toBe(2);
    expect(slotsForCategory('Kindergarten', { totalSlotsKindergarten: 5, totalSlotsKrippe: 2 })).toBe(5);
    expect(slotsForCategory('Krippe', { totalSlotsKindergarten: 5 })).toBe(0);
  });

  it('needs a child id and one of the four colours per entry, each child once', () => {
    const eventId = kitaId;
    const ok = preferenceInputSchema.safeParse({ eventId, preferences: [{ childId: categoryId, childName: 'Mia', preferenceType: 'red' }] });
    expect(ok.success).toBe(true);
    const bad = preferenceInputSchema.safeParse({ eventId, preferences: [{ childId: categoryId, preferenceType: 'purple' }] });
    expect(bad.success).toBe(false);
    const none = preferenceInputSchema.safeParse({ eventId, preferences: [] });
    expect(none.success).toBe(false);
    const twice = preferenceInputSchema.safeParse({
      eventId,
      preferences: [
        { childId: categoryId, preferenceType: 'red' },
        { childId: categoryId, preferenceType: 'green' },
      ],
    });
    expect(twice.success ? [] : twice.error.issues.map((i) => i.message)).toEqual(['validation.duplicateChild']);
  });
});
