import { format } from 'date-fns';
import { formatInTimeZone } from 'date-fns-tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY, formatDate, formatDateTime, formatHistoryDate, formatWith, fromIsoDate, toDate, toIsoDate } from './format';

describe('date formatting', () => {
  const instant = '2025-03-30T22:30:00.000Z'; // 31 March 00:30 in Berlin (summer time), 30 March in UTC

  it('formats in the given time zone', () => {
    expect(formatDate(instant, 'Europe/Berlin')).toBe('31.03.2025');
    expect(formatDate(instant, 'UTC')).toBe('30.03.2025');
    expect(formatDateTime(instant, 'Europe/Berlin')).toBe('31.03.2025, 00:30');
    expect(formatDateTime('2025-01-15T13:05:00Z', 'Europe/Berlin')).toBe('15.01.2025, 14:05');
  });

  it('uses dd-MM-yyyy hh:mm a for the history', () => {
    expect(formatHistoryDate('2025-01-15T13:05:00Z', 'Europe/Berlin')).toBe('15-01-2025 02:05 PM');
    expect(formatHistoryDate('2025-01-15T00:10:00Z', 'UTC')).toBe('15-01-2025 12:10 AM');
  });

  it.each([null, undefined, '', 'not a date', '2025-13-45', Number.NaN])('shows a dash for %j', (value) => {
    expect(formatDate(value)).toBe(EMPTY);
    expect(formatDateTime(value)).toBe(EMPTY);
    expect(formatHistoryDate(value)).toBe(EMPTY);
  });

  it('treats yyyy-mm-dd as a local calendar day, not as UTC midnight', () => {
    const day = toDate('2019-07-01')!;
    expect([day.getFullYear(), day.getMonth(), day.getDate(), day.getHours()]).toEqual([2019, 6, 1, 0]);
    expect(formatDate('2019-07-01')).toBe('01.07.2019');
  });

  it('round-trips local dates through yyyy-mm-dd', () => {
    expect(toIsoDate(new Date(2012, 1, 29))).toBe('2012-02-29');
    expect(toIsoDate(fromIsoDate('2012-02-29')!)).toBe('2012-02-29');
    expect(fromIsoDate('')).toBeUndefined();
  });

  it('falls back to the browser zone for an unknown zone name', () => {
    expect(formatDate('2025-06-01T12:00:00Z', 'Not/AZone')).toBe(formatDate('2025-06-01T12:00:00Z'));
  });

  it('writes what date-fns and date-fns-tz wrote for every pattern the app uses, across DST changes', () => {
    const patterns = ['dd.MM.yyyy', 'dd.MM.yyyy, HH:mm', 'dd-MM-yyyy hh:mm a', 'HH:mm:ss', 'HH:mm', 'yyyy-MM-dd'];
    const zones = ['Europe/Berlin', 'UTC', 'America/New_York', 'Asia/Kolkata'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }),
        fc.constantFrom(...patterns),
        fc.constantFrom(...zones),
        (ms, pattern, zone) => {
          expect(formatWith(ms, pattern, zone)).toBe(formatInTimeZone(new Date(ms), zone, pattern));
          expect(formatWith(ms, pattern)).toBe(format(new Date(ms), pattern));
        },
      ),
      { numRuns: 2000, examples: [[Date.UTC(2025, 9, 26, 0, 30), 'dd.MM.yyyy, HH:mm', 'Europe/Berlin'], [Date.UTC(2025, 9, 26, 1, 30), 'dd-MM-yyyy hh:mm a', 'Europe/Berlin'], [Date.UTC(2025, 2, 30, 1, 0), 'HH:mm:ss', 'Europe/Berlin'], [Date.UTC(2025, 0, 1, 0, 0), 'dd-MM-yyyy hh:mm a', 'UTC']] },
    );
  });

  it('refuses a pattern token it does not know rather than print it', () => {
    expect(() => formatWith('2025-01-15T13:05:00Z', 'EEEE dd.MM.')).toThrow(/EEEE/);
  });
});
