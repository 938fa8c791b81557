import { describe, expect, it } from 'vitest';
import { careDayRange, carePeriodParts, formatCareDay, formatDeadline } from './care-days.js';
import { defaultResponseDeadline, endOfZonedDay, eventShapeIssues, zonedInstant } from './events.js';
import { formatCarePeriod } from './i18n/index.js';

const TZ = 'Europe/Berlin';

describe('care days (domain.md "Emergency events", v2)', () => {
  it('names one care day, or the first and last of a longer strike, in the Kita zone', () => {
    // Wed 25.11.2026 07:00 Berlin (06:00Z) to the next day: one care day.
    expect(formatCarePeriod('de', '2026-11-25T06:00:00Z', '2026-11-26T06:00:00Z', TZ)).toBe('am Mi, 25.11.');
    expect(formatCarePeriod('en', '2026-11-25T06:00:00Z', '2026-11-26T06:00:00Z', TZ)).toBe('on Wed, 25 Nov');
    // Three days of strike: Wed to Fri.
    expect(formatCarePeriod('de', '2026-11-25T06:00:00Z', '2026-11-28T06:00:00Z', TZ)).toBe('vom Mi, 25.11. bis Fr, 27.11.');
    expect(carePeriodParts('en', '2026-11-25T06:00:00Z', '2026-11-28T06:00:00Z', TZ)).toEqual({
      key: 'common.when.range',
      vars: { from: 'Wed, 25 Nov', to: 'Fri, 27 Nov' },
    });
    // 23:30Z is already the next day in Berlin.
    expect(formatCareDay('de', '2026-11-24T23:30:00Z', TZ)).toBe('Mi, 25.11.');
    expect(careDayRange('2026-11-24T23:30:00Z', '2026-11-25T23:30:00Z', TZ)).toEqual({ first: '2026-11-25', last: '2026-11-25' });
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
