import { describe, expect, it } from 'vitest';
import {
  allocate,
  creditEntriesFor,
  nextOnWaitlist,
  promoteEntries,
  releaseEntries,
  resetEntry,
  type AllocationChild,
  type ChildAllocation,
  type LedgerEntry,
} from './allocate.js';

const kid = (childId: string, parentId: string, preferenceType: AllocationChild['preferenceType'], creditBalance = 0): AllocationChild => ({
  childId,
  parentId,
  preferenceType,
  creditBalance,
});
const byParent = (entries: LedgerEntry[]) => {
  const sums: Record<string, number> = {};
  for (const e of entries) sums[e.parentId] = (sums[e.parentId] ?? 0) + e.amount;
  return sums;
};

describe('creditEntriesFor', () => {
  it('books the amounts of the domain table per child', () => {
    const r = allocate({
      seed: 's',
      totalSlots: 2,
      eventType: 'immediate',
      children: [kid('b', 'pb', 'blue'), kid('r', 'pr', 'red', 3), kid('y', 'py', 'yellow'), kid('g', 'pg', 'green'), kid('u', 'pu', null)],
    });
    const entries = creditEntriesFor(r.allocations, 1);
    expect(entries).toEqual(
      expect.arrayContaining([
        { parentId: 'pb', childId: 'b', amount: -1, reason: 'slot' },
        { parentId: 'pr', childId: 'r', amount: -1, reason: 'slot' },
        { parentId: 'py', childId: 'y', amount: 1, reason: 'no_slot' },
        { parentId: 'pg', childId: 'g', amount: 1, reason: 'green' },
      ]),
    );
    expect(entries).toHaveLength(4);
    expect(entries.some((e) => e.childId === 'u')).toBe(false);
  });

  it('books one entry per child, so siblings add up for their family', () => {
    const r = allocate({
      seed: 's',
      totalSlots: 1,
      eventType: 'future',
      children: [kid('a1', 'pa', 'red'), kid('a2', 'pa', 'red'), kid('a3', 'pa', 'green')],
    });
    expect(byParent(creditEntriesFor(r.allocations, 1))).toEqual({ pa: 1 }); // -1 slot, +1 no_slot, +1 green
  });

  it('refuses a blue row without a slot', () => {
    expect(() => creditEntriesFor([{ childId: 'b', parentId: 'p', preferenceType: 'blue', hasSlot: false, creditBalance: 0 }], 1)).toThrow(/blue/);
  });
});

describe('release and promotion', () => {
  const ids = { childId: 'c', parentId: 'p' };

  it('release reverses the -1 and books +1 as if green', () => {
    expect(releaseEntries({ ...ids, hasSlot: true })).toEqual([
      { ...ids, amount: 1, reason: 'release_reverse' },
      { ...ids, amount: 1, reason: 'release_green' },
    ]);
  });

  it('refuses to release a missing or already released slot', () => {
    expect(() => releaseEntries({ ...ids, hasSlot: false })).toThrow(/no slot/);
    expect(() => releaseEntries({ ...ids, hasSlot: true, releasedAt: new Date() })).toThrow(/already released/);
  });

  it('promotion reverses the +1 and books -1 for the slot', () => {
    expect(promoteEntries({ ...ids, hasSlot: false, waitlistPosition: 1 })).toEqual([
      { ...ids, amount: -1, reason: 'promote_reverse' },
      { ...ids, amount: -1, reason: 'promote_slot' },
    ]);
  });

  it('refuses to promote a child that is not waiting', () => {
    expect(() => promoteEntries({ ...ids, hasSlot: true, waitlistPosition: null })).toThrow(/not waiting/);
    expect(() => promoteEntries({ ...ids, hasSlot: false, waitlistPosition: null })).toThrow(/not waiting/);
    expect(() => promoteEntries({ ...ids, hasSlot: false, waitlistPosition: 2, promotedAt: new Date() })).toThrow(/not waiting/);
  });

  it('nextOnWaitlist picks the lowest waiting position not yet promoted', () => {
    type Row = Pick<ChildAllocation, 'childId' | 'parentId' | 'hasSlot' | 'waitlistPosition'> & { promotedAt: Date | null };
    const rows: Row[] = [
      { childId: 'w3', parentId: 'p', hasSlot: false, waitlistPosition: 3, promotedAt: null },
      { childId: 's', parentId: 'p', hasSlot: true, waitlistPosition: null, promotedAt: null },
      { childId: 'w1', parentId: 'p', hasSlot: true, waitlistPosition: 1, promotedAt: new Date() },
      { childId: 'w2', parentId: 'p', hasSlot: false, waitlistPosition: 2, promotedAt: null },
      { childId: 'g', parentId: 'p', hasSlot: false, waitlistPosition: null, promotedAt: null },
    ];
    expect(nextOnWaitlist(rows)?.childId).toBe('w2');
    expect(nextOnWaitlist(rows.filter((r) => r.childId !== 'w2' && r.childId !== 'w3'))).toBeNull();
    expect(nextOnWaitlist([])).toBeNull();
  });

  it('a release followed by a promotion leaves both families as if the final outcome had been allocated', () => {
    const r = allocate({
      seed: 's',
      totalSlots: 1,
      eventType: 'future',
      children: [kid('a', 'pa', 'red', 5), kid('b', 'pb', 'red', 0)],
    });
    const entries = creditEntriesFor(r.allocations, 1);
    const released = r.allocations.find((x) => x.hasSlot);
    const next = nextOnWaitlist(r.allocations);
    if (!released || !next) throw new Error('expected one slot and one waiting child');
    entries.push(...releaseEntries(released), ...promoteEntries(next));
    // pa: -1 +1 +1 = +1 (as green); pb: +1 -1 -1 = -1 (as slot)
    expect(byParent(entries)).toEqual({ pa: 1, pb: -1 });
  });
});

describe('resetEntry', () => {
  it('books the negative balance so the sum becomes 0', () => {
    expect(resetEntry(4)).toEqual({ amount: -4, reason: 'reset' });
    expect(resetEntry(-3)).toEqual({ amount: 3, reason: 'reset' });
    expect(Object.is(resetEntry(0).amount, 0)).toBe(true);
    expect(() => resetEntry(1.5)).toThrow(/integer/);
  });
});
