import { describe, expect, it } from 'vitest';
import { EMPTY, formatDate, formatDateTime, formatHistoryDate, fromIsoDate, toDate, toIsoDate } from './format';

describe('date formatting (spec section 9)', () => {
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
});
