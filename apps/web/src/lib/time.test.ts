import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromTimeParts, toTimeParts } from './time';

describe('12-hour time parts', () => {
  it.each([
    ['00:00', { hour12: 12, minute: 0, period: 'AM' }],
    ['00:05', { hour12: 12, minute: 5, period: 'AM' }],
    ['09:30', { hour12: 9, minute: 30, period: 'AM' }],
    ['11:55', { hour12: 11, minute: 55, period: 'AM' }],
    ['12:00', { hour12: 12, minute: 0, period: 'PM' }],
    ['13:07', { hour12: 1, minute: 5, period: 'PM' }],
    ['23:59', { hour12: 11, minute: 55, period: 'PM' }],
  ] as const)('%s -> %o', (value, parts) => {
    expect(toTimeParts(value)).toEqual(parts);
  });

  it.each(['', '7', '24:00', '12:60', 'ab:cd', '1200'])('rejects %j', (value) => {
    expect(toTimeParts(value)).toBeUndefined();
  });

  it('12 AM is midnight and 12 PM is noon', () => {
    expect(fromTimeParts({ hour12: 12, minute: 0, period: 'AM' })).toBe('00:00');
    expect(fromTimeParts({ hour12: 12, minute: 0, period: 'PM' })).toBe('12:00');
    expect(fromTimeParts({ hour12: 1, minute: 5, period: 'PM' })).toBe('13:05');
  });

  it('round-trips every time on the 5-minute grid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 11 }), (hours, step) => {
        const value = `${String(hours).padStart(2, '0')}:${String(step * 5).padStart(2, '0')}`;
        const parts = toTimeParts(value);
        expect(parts).toBeDefined();
        expect(parts!.hour12).toBeGreaterThanOrEqual(1);
        expect(parts!.hour12).toBeLessThanOrEqual(12);
        expect(fromTimeParts(parts!)).toBe(value);
      }),
    );
  });
});
