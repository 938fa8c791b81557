import { describe, expect, it } from 'vitest';
import { careDayRange, carePeriodParts, formatCareDay, formatDeadline } from './care-days.js';
import { defaultResponseDeadline, endOfZonedDay, eventShapeIssues, zonedInstant } from './events.js';
import { formatCarePeriod } from './i18n/index.js';

const TZ = 'Europe/Berlin';

describe('care days (docs/domain.md "Inquiries", v2)', () => {
  // The instants are built from wall-clock times of the Kita zone (zonedInstant), so the offsets
  // of winter, summer and the change days come from the zone data, not from this test.
  const at = (day: string, time: string) => zonedInstant(day, time, TZ).toISOString();

  it('a strike Mon 07:00 to Wed 17:00 keeps its Wednesday', () => {
    expect(formatCarePeriod('de', at('2026-11-30', '07:00'), at('2026-12-02', '17:00'), TZ)).toBe('vom Mo, 30.11. bis Mi, 02.12.');
    expect(formatCarePeriod('en', at('2026-11-30', '07:00'), at('2026-12-02', '17:00'), TZ)).toBe('from Mon, 30 Nov to Wed, 2 Dec');
    expect(careDayRange(at('2026-11-30', '07:00'), at('2026-12-02', '17:00'), TZ)).toEqual({ first: '2026-11-30', last: '2026-12-02' });
    expect(carePeriodParts('en', at('2026-11-25', '07:00'), at('2026-11-27', '16:30'), TZ)).toEqual({
      key: 'common.when.range',
      vars: { from: 'Wed, 25 Nov', to: 'Fri, 27 Nov' },
    });
  });

  it('one-day strikes: ending the same day, or at the following midnight', () => {
    expect(formatCarePeriod('de', at('2026-11-25', '07:00'), at('2026-11-25', '17:00'), TZ)).toBe('am Mi, 25.11.');
    expect(formatCarePeriod('en', at('2026-11-25', '07:00'), at('2026-11-25', '17:00'), TZ)).toBe('on Wed, 25 Nov');
    expect(formatCarePeriod('de', at('2026-11-25', '07:00'), at('2026-11-26', '00:00'), TZ)).toBe('am Mi, 25.11.');
    // A start at midnight and a start late in the evening are their own days.
    expect(formatCarePeriod('de', at('2026-11-25', '00:00'), at('2026-11-26', '00:00'), TZ)).toBe('am Mi, 25.11.');
    // 23:30Z is already the next day in Berlin.
    expect(formatCareDay('de', '2026-11-24T23:30:00Z', TZ)).toBe('Mi, 25.11.');
    expect(careDayRange('2026-11-24T23:30:00Z', '2026-11-25T16:00:00Z', TZ)).toEqual({ first: '2026-11-25', last: '2026-11-25' });
  });

  it('an end at exactly 00:00 makes the day before the last; a minute later the day itself', () => {
    expect(formatCarePeriod('de', at('2026-11-30', '07:00'), at('2026-12-03', '00:00'), TZ)).toBe('vom Mo, 30.11. bis Mi, 02.12.');
    expect(formatCarePeriod('de', at('2026-11-30', '07:00'), at('2026-12-03', '00:01'), TZ)).toBe('vom Mo, 30.11. bis Do, 03.12.');
    expect(formatCarePeriod('de', at('2026-11-30', '07:00'), at('2026-12-02', '23:59'), TZ)).toBe('vom Mo, 30.11. bis Mi, 02.12.');
    // Midnight of the zone, not of UTC: 23:00Z is Berlin's midnight in winter.
    expect(careDayRange(at('2026-11-30', '07:00'), '2026-12-02T23:00:00Z', TZ).last).toBe('2026-12-02');
    expect(careDayRange(at('2026-11-30', '07:00'), '2026-12-03T00:00:00Z', TZ).last).toBe('2026-12-03');
    // The immediate inquiry's end (endOfZonedDay) names today only.
    const now = new Date(at('2026-11-25', '09:10'));
    expect(formatCarePeriod('de', now, endOfZonedDay(now, TZ), TZ)).toBe('am Mi, 25.11.');
  });

  it('keeps the days across the clock changes (end of March: 23 h, end of October: 25 h)', () => {
    // Sat 28.03. to Mon 30.03.2026: the night to Sunday is one hour shorter.
    expect(formatCarePeriod('de', at('2026-03-28', '07:00'), at('2026-03-30', '17:00'), TZ)).toBe('vom Sa, 28.03. bis Mo, 30.03.');
    expect(formatCarePeriod('de', at('2026-03-28', '07:00'), at('2026-03-30', '00:00'), TZ)).toBe('vom Sa, 28.03. bis So, 29.03.');
    expect(formatCarePeriod('de', at('2026-03-29', '07:00'), at('2026-03-30', '00:00'), TZ)).toBe('am So, 29.03.');
    expect(formatCarePeriod('de', at('2026-03-29', '00:00'), at('2026-03-29', '17:00'), TZ)).toBe('am So, 29.03.');
    // Sat 24.10. to Mon 26.10.2026: the night to Sunday is one hour longer.
    expect(formatCarePeriod('de', at('2026-10-24', '07:00'), at('2026-10-26', '17:00'), TZ)).toBe('vom Sa, 24.10. bis Mo, 26.10.');
    expect(formatCarePeriod('de', at('2026-10-24', '07:00'), at('2026-10-26', '00:00'), TZ)).toBe('vom Sa, 24.10. bis So, 25.10.');
    expect(formatCarePeriod('en', at('2026-10-25', '07:00'), at('2026-10-26', '00:00'), TZ)).toBe('on Sun, 25 Oct');
    expect(formatCarePeriod('de', at('2026-10-25', '00:00'), at('2026-10-25', '23:59'), TZ)).toBe('am So, 25.10.');
    // The day after a 25-hour Sunday: 24 h after Sunday 00:00 is still Sunday (23:00).
    expect(careDayRange(at('2026-10-25', '07:00'), new Date(Date.parse(at('2026-10-25', '00:00')) + 24 * 3600_000), TZ)).toEqual({
      first: '2026-10-25',
      last: '2026-10-25',
    });
  });

  it('names the deadline with weekday, day and time', () => {
    expect(formatDeadline('de', '2026-11-24T17:00:00Z', TZ)).toBe('Di, 24.11., 18:00');
    expect(formatDeadline('en', '2026-11-24T17:00:00Z', TZ)).toBe('Tue, 24 Nov, 18:00');
  });
});

describe('dates of a new inquiry', () => {
  it('defaults the deadline to the evening before the first care day, 18:00 Kita time (winter and summer)', () => {
    expect(defaultResponseDeadline(new Date('2026-11-25T06:00:00Z'), new Date('2026-11-20T10:00:00Z'), TZ).toISOString()).toBe('2026-11-24T17:00:00.000Z');
    expect(defaultResponseDeadline(new Date('2026-07-15T05:00:00Z'), new Date('2026-07-10T10:00:00Z'), TZ).toISOString()).toBe('2026-07-14T16:00:00.000Z');
  });

  it('falls back to half-way when the evening before has passed at sending', () => {
    // Sent on the 24th at 20:00 Berlin for care on the 25th at 07:00: half-way is 01:30 Berlin.
    expect(defaultResponseDeadline(new Date('2026-11-25T06:00:00Z'), new Date('2026-11-24T19:00:00Z'), TZ).toISOString()).toBe('2026-11-25T00:30:00.000Z');
  });

  it('finds wall-clock times across the clock change and the end of the Kita day', () => {
    expect(zonedInstant('2026-03-29', '18:00', TZ).toISOString()).toBe('2026-03-29T16:00:00.000Z');
    expect(zonedInstant('2026-03-28', '18:00', TZ).toISOString()).toBe('2026-03-28T17:00:00.000Z');
    expect(endOfZonedDay(new Date('2026-11-23T22:30:00Z'), TZ).toISOString()).toBe('2026-11-23T23:00:00.000Z');
    expect(endOfZonedDay(new Date('2026-11-23T23:30:00Z'), TZ).toISOString()).toBe('2026-11-24T23:00:00.000Z');
  });

  it('wants the deadline before the first care day and after sending', () => {
    const base = { eventType: 'future' as const, eventDate: '2026-11-25T06:00:00Z', expireDate: '2026-11-26T06:00:00Z' };
    expect(eventShapeIssues({ ...base, responseDeadline: '2026-11-24T17:00:00Z', opensAt: '2026-11-20T10:00:00Z' })).toEqual([]);
    expect(eventShapeIssues({ ...base, responseDeadline: '2026-11-25T06:00:00Z' })).toEqual([
      { path: 'responseDeadline', message: 'validation.deadlineBeforeEvent' },
    ]);
    expect(eventShapeIssues({ ...base, responseDeadline: '2026-11-24T17:00:00Z', opensAt: '2026-11-24T18:00:00Z' })).toEqual([
      { path: 'opensAt', message: 'validation.opensBeforeDeadline' },
    ]);
  });
});
