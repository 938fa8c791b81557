import { describe, expect, it } from 'vitest';
import { DEFAULT_ESCALATION, escalationDelayMs, escalationDueAt, type EscalationInput } from './escalation-delay.js';

const MIN = 60_000;
const now = new Date();
const at = (minutes: number) => new Date(now.getTime() + minutes * MIN);
const input = (over: Partial<EscalationInput>): EscalationInput => ({
  kind: 'inquiry',
  eventType: 'future',
  sentAt: now,
  answersCloseAt: at(12 * 60),
  careStartsAt: at(24 * 60),
  ...over,
});

describe('escalation delay', () => {
  it('an immediate inquiry escalates after the immediate minutes', () => {
    expect(escalationDelayMs(input({ eventType: 'immediate', answersCloseAt: at(15) }), DEFAULT_ESCALATION)).toBe(3 * MIN);
    expect(escalationDelayMs(input({ eventType: 'immediate' }), { immediateMinutes: 10, plannedCapMinutes: 120 })).toBe(10 * MIN);
  });

  it('a planned inquiry: half the answer window, at most the cap', () => {
    // 12 h window: half is 6 h, capped at 2 h.
    expect(escalationDelayMs(input({}), DEFAULT_ESCALATION)).toBe(120 * MIN);
    // 1 h window: half is 30 min, below the cap.
    expect(escalationDelayMs(input({ answersCloseAt: at(60) }), DEFAULT_ESCALATION)).toBe(30 * MIN);
    expect(escalationDueAt(input({ answersCloseAt: at(60) }), DEFAULT_ESCALATION)).toEqual(at(30));
  });

  it('never less than the immediate minutes', () => {
    expect(escalationDelayMs(input({ answersCloseAt: at(4) }), DEFAULT_ESCALATION)).toBe(3 * MIN);
    // A window already past still waits the least.
    expect(escalationDelayMs(input({ answersCloseAt: at(-5) }), DEFAULT_ESCALATION)).toBe(3 * MIN);
  });

  it('a reminder: half of the remaining window from its own sending', () => {
    const sentAt = at(6 * 60);
    // 6 h remain at the reminder: half is 3 h, capped at 2 h; with a cap of 4 h it is 3 h.
    expect(escalationDelayMs(input({ kind: 'reminder', sentAt }), DEFAULT_ESCALATION)).toBe(120 * MIN);
    expect(escalationDelayMs(input({ kind: 'reminder', sentAt }), { immediateMinutes: 3, plannedCapMinutes: 240 })).toBe(180 * MIN);
  });

  it('results and place offered: half the time until care starts, at most the cap; immediate minutes when immediate', () => {
    const sentAt = at(12 * 60);
    // 12 h until care: capped at 2 h.
    expect(escalationDelayMs(input({ kind: 'results', sentAt }), DEFAULT_ESCALATION)).toBe(120 * MIN);
    // 40 min until care: 20 min.
    expect(escalationDelayMs(input({ kind: 'slot_offered', sentAt, careStartsAt: at(12 * 60 + 40) }), DEFAULT_ESCALATION)).toBe(20 * MIN);
    expect(escalationDelayMs(input({ kind: 'results', eventType: 'immediate', sentAt }), DEFAULT_ESCALATION)).toBe(3 * MIN);
  });
});
