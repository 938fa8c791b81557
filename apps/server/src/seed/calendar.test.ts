import { describe, expect, it } from 'vitest';
import { zonedInstant } from '@kita/shared';
import { addDays, demoStrikeDays, isWeekend, workday } from './calendar.js';

describe('demo calendar (the open demo strike fell on a Sunday)', () => {
  it('puts the open strike on working days, whatever day the demo starts', () => {
    // Seven consecutive start days, each at 23:30 Berlin time (the latest hour of the day).
    for (let i = 0; i < 7; i++) {
      const now = zonedInstant(addDays('2026-11-23', i), '23:30', 'Europe/Berlin');
      const { first, last } = demoStrikeDays(now);
      expect(isWeekend(first), first).toBe(false);
      expect(isWeekend(last), last).toBe(false);
      expect(first >= addDays('2026-11-23', i + 3)).toBe(true);
      expect(last === first || last === addDays(first, 1)).toBe(true);
    }
    // Started on Thursday 26.11.2026: Monday and Tuesday (not Sunday 29.11.).
    expect(demoStrikeDays(zonedInstant('2026-11-26', '08:00', 'Europe/Berlin'))).toEqual({ first: '2026-11-30', last: '2026-12-01' });
    // Started on Monday: Thursday and Friday.
    expect(demoStrikeDays(zonedInstant('2026-11-23', '08:00', 'Europe/Berlin'))).toEqual({ first: '2026-11-26', last: '2026-11-27' });
    // Started on Tuesday: Friday only (the day after is a Saturday).
    expect(demoStrikeDays(zonedInstant('2026-11-24', '08:00', 'Europe/Berlin'))).toEqual({ first: '2026-11-27', last: '2026-11-27' });
  });

  it('moves a weekend day to the nearest working day in the given direction', () => {
    expect(workday('2026-11-29', 1)).toBe('2026-11-30');
    expect(workday('2026-11-29', -1)).toBe('2026-11-27');
    expect(workday('2026-11-25', -1)).toBe('2026-11-25');
  });
});
