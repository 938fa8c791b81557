/** Rule version 2 (docs/fairness.md): one test per rule of the new credit table. */
import { describe, expect, it } from 'vitest';
import {
  allocate,
  cappedAmount,
  creditEntriesFor,
  promoteEntries,
  releaseEntries,
  RULE_VERSION,
  V2_CAP,
  type AllocationChild,
  type ChildAllocation,
} from './allocate.js';

const kid = (childId: string, parentId: string, preferenceType: AllocationChild['preferenceType'], creditBalance = 0): AllocationChild => ({
  childId,
  parentId,
  preferenceType,
  creditBalance,
});
const outcome = (o: Partial<ChildAllocation> & Pick<ChildAllocation, 'childId' | 'preferenceType' | 'hasSlot'>) => ({ parentId: 'p', creditBalance: 0, ...o });

describe('rule version 2: the default', () => {
  it('is the version new allocations are made with, and the reasons carry it', () => {
    expect(RULE_VERSION).toBe(2);
    const r = allocate({ seed: 's', totalSlots: 1, eventType: 'future', children: [kid('a', 'pa', 'red')] });
    expect(r.ruleVersion).toBe(2);
    expect(r.allocations[0]!.reason.ruleVersion).toBe(2);
  });

  it('explains an old event under version 1 when asked to, with the same order of service', () => {
    const children = [kid('a', 'pa', 'red', 1), kid('b', 'pb', 'red', 0), kid('y', 'py', 'yellow', 3)];
    const v1 = allocate({ seed: 's', totalSlots: 1, eventType: 'future', children, ruleVersion: 1 });
    const v2 = allocate({ seed: 's', totalSlots: 1, eventType: 'future', children });
    expect(v1.ruleVersion).toBe(1);
    expect(v1.allocations.every((a) => a.reason.ruleVersion === 1)).toBe(true);
    expect(v1.allocations.map((a) => [a.childId, a.hasSlot, a.rank])).toEqual(v2.allocations.map((a) => [a.childId, a.hasSlot, a.rank]));
  });

  it('refuses an unknown rule version', () => {
    expect(() => allocate({ seed: 's', totalSlots: 1, eventType: 'future', children: [], ruleVersion: 3 })).toThrow(/rule version 3/);
    expect(() => creditEntriesFor([], 0)).toThrow(/rule version 0/);
  });
});

describe('rule version 2: credits at close', () => {
  it('books +1 for a red child without a place', () => {
    expect(creditEntriesFor([outcome({ childId: 'r', preferenceType: 'red', hasSlot: false })], 2)).toEqual([
      { parentId: 'p', childId: 'r', amount: 1, reason: 'no_slot' },
    ]);
  });

  it('books -2 for a place of a red or a blue child', () => {
    for (const preferenceType of ['red', 'blue'] as const) {
      expect(creditEntriesFor([outcome({ childId: 'c', preferenceType, hasSlot: true, creditBalance: 1 })], 2)).toEqual([{ parentId: 'p', childId: 'c', amount: -2, reason: 'slot' }]);
    }
  });

  it('books nothing for green, for no answer and for yellow with or without a place', () => {
    const rows = [
      outcome({ childId: 'g', preferenceType: 'green', hasSlot: false }),
      outcome({ childId: 'u', preferenceType: null, hasSlot: false }),
      outcome({ childId: 'y1', preferenceType: 'yellow', hasSlot: false }),
      outcome({ childId: 'y2', preferenceType: 'yellow', hasSlot: true }),
    ];
    expect(creditEntriesFor(rows, 2)).toEqual([]);
  });

  it('keeps the balance within -1..+1: a miss at +1 books 0, a place at 0 books -1, a place at -1 books 0', () => {
    expect(V2_CAP).toBe(1);
    expect(creditEntriesFor([outcome({ childId: 'r', preferenceType: 'red', hasSlot: false, creditBalance: 1 })], 2)).toEqual([
      { parentId: 'p', childId: 'r', amount: 0, reason: 'no_slot' },
    ]);
    expect(creditEntriesFor([outcome({ childId: 'r', preferenceType: 'red', hasSlot: true, creditBalance: 0 })], 2)).toEqual([
      { parentId: 'p', childId: 'r', amount: -1, reason: 'slot' },
    ]);
    expect(creditEntriesFor([outcome({ childId: 'r', preferenceType: 'red', hasSlot: true, creditBalance: -1 })], 2)).toEqual([
      { parentId: 'p', childId: 'r', amount: 0, reason: 'slot' },
    ]);
  });

  it('books siblings one after another from the family balance at close', () => {
    // Balance 1: first child placed (-2, to -1), second placed (0, at the floor), third waits (+1, to 0).
    const rows = [
      outcome({ childId: 'a', preferenceType: 'red', hasSlot: true, creditBalance: 1 }),
      outcome({ childId: 'b', preferenceType: 'red', hasSlot: true, creditBalance: 1 }),
      outcome({ childId: 'c', preferenceType: 'red', hasSlot: false, creditBalance: 1 }),
    ];
    expect(creditEntriesFor(rows, 2).map((e) => e.amount)).toEqual([-2, 0, 1]);
  });

  it('refuses a blue row without a place, as version 1 does', () => {
    expect(() => creditEntriesFor([outcome({ childId: 'b', preferenceType: 'blue', hasSlot: false })], 2)).toThrow(/blue/);
  });

  it('never pushes a balance outside the range further out, but books a move towards it in full', () => {
    expect(cappedAmount(5, 1)).toBe(0);
    expect(cappedAmount(5, -2)).toBe(-2);
    expect(cappedAmount(-4, -2)).toBe(0);
    expect(cappedAmount(-4, 1)).toBe(1);
    expect(cappedAmount(0, 1)).toBe(1);
    expect(cappedAmount(-V2_CAP, -2)).toBe(0);
  });
});

describe('rule version 2: release and move-up', () => {
  const slot = { childId: 'c', parentId: 'p', hasSlot: true };
  it('reverses the booked slot amount on release and books nothing as if green', () => {
    expect(releaseEntries(slot, 2, { booked: -2, balance: -1 })).toEqual([{ parentId: 'p', childId: 'c', amount: 2, reason: 'release_reverse' }]);
    // Reversing a cut -1 gives back 1, not 2.
    expect(releaseEntries(slot, 2, { booked: -1, balance: -1 })).toEqual([{ parentId: 'p', childId: 'c', amount: 1, reason: 'release_reverse' }]);
    // Within the range: at 0 a reversal of -2 brings the balance to +1 only.
    expect(releaseEntries(slot, 2, { booked: -2, balance: 0 })).toEqual([{ parentId: 'p', childId: 'c', amount: 1, reason: 'release_reverse' }]);
    // A yellow place booked nothing: nothing to reverse.
    expect(releaseEntries(slot, 2, { booked: 0, balance: 0 })).toEqual([]);
  });

  it('reverses the booked miss and books the place on a move-up', () => {
    const waiting = { childId: 'c', parentId: 'p', hasSlot: false, waitlistPosition: 1, preferenceType: 'red' as const };
    expect(promoteEntries(waiting, 2, { booked: 1, balance: 1 })).toEqual([
      { parentId: 'p', childId: 'c', amount: -1, reason: 'promote_reverse' },
      { parentId: 'p', childId: 'c', amount: -1, reason: 'promote_slot' },
    ]);
    // A miss cut to 0 at +1: nothing to reverse, the place costs -2 (from +1 to -1).
    expect(promoteEntries(waiting, 2, { booked: 0, balance: 1 })).toEqual([{ parentId: 'p', childId: 'c', amount: -2, reason: 'promote_slot' }]);
    // A yellow child moving up books nothing.
    expect(promoteEntries({ ...waiting, preferenceType: 'yellow' }, 2, { booked: 0, balance: 0 })).toEqual([]);
    expect(() => promoteEntries({ childId: 'c', parentId: 'p', hasSlot: false, waitlistPosition: 1 }, 2, { booked: 1, balance: 0 })).toThrow(/answer/);
  });

  it('keeps version 1 bookings for events closed under version 1', () => {
    expect(releaseEntries(slot, 1).map((e) => `${e.reason}:${e.amount}`)).toEqual(['release_reverse:1', 'release_green:1']);
    expect(promoteEntries({ childId: 'c', parentId: 'p', hasSlot: false, waitlistPosition: 1 }, 1).map((e) => `${e.reason}:${e.amount}`)).toEqual([
      'promote_reverse:-1',
      'promote_slot:-1',
    ]);
  });
});
