import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { allocate, hashSeed, lotteryKey, newSeed, RULE_VERSION, type AllocationChild } from './allocate.js';

type Colour = AllocationChild['preferenceType'];
const kid = (childId: string, parentId: string, preferenceType: Colour, creditBalance = 0): AllocationChild => ({
  childId,
  parentId,
  preferenceType,
  creditBalance,
});
const run = (children: AllocationChild[], totalSlots: number, eventType: 'immediate' | 'future' = 'immediate', seed = 's1') =>
  allocate({ seed, totalSlots, eventType, children });
const placed = (r: ReturnType<typeof run>) => r.allocations.filter((a) => a.hasSlot).map((a) => a.childId);
const row = (r: ReturnType<typeof run>, childId: string) => {
  const found = r.allocations.find((a) => a.childId === childId);
  if (!found) throw new Error(`no row for ${childId}`);
  return found;
};

describe('allocate: blue', () => {
  it('keeps every blue child even past totalSlots and reports the overflow', () => {
    const r = run([kid('b1', 'p1', 'blue'), kid('b2', 'p2', 'blue'), kid('b3', 'p3', 'blue'), kid('r1', 'p4', 'red', 9)], 2);
    expect(placed(r).sort()).toEqual(['b1', 'b2', 'b3']);
    expect(r.summary).toMatchObject({ slotsGiven: 3, overflow: 1, slotsFree: 0, waitlist: ['r1'] });
    expect(row(r, 'b1').reason.code).toBe('blue_keeps_place');
    expect(row(r, 'r1')).toMatchObject({ hasSlot: false, rank: 4, waitlistPosition: 1 });
  });

  it('serves blue before red even when red has more credits, and the rest goes to red', () => {
    const r = run([kid('r1', 'p1', 'red', 10), kid('b1', 'p2', 'blue', -3)], 2);
    expect(row(r, 'b1').rank).toBe(1);
    expect(row(r, 'r1')).toMatchObject({ rank: 2, hasSlot: true });
    expect(r.summary.overflow).toBe(0);
  });

  it('refuses blue on a future event', () => {
    expect(() => run([kid('b1', 'p1', 'blue')], 3, 'future')).toThrow(/blue on a future event/);
  });
});

describe('allocate: tiers and balance', () => {
  it('serves red before yellow regardless of balance', () => {
    const r = run([kid('y1', 'p1', 'yellow', 50), kid('r1', 'p2', 'red', -50)], 1, 'future');
    expect(placed(r)).toEqual(['r1']);
    expect(row(r, 'y1')).toMatchObject({ hasSlot: false, rank: 2, waitlistPosition: 1 });
    expect(row(r, 'y1').reason).toMatchObject({ code: 'no_slot_capacity', tier: 'yellow', balance: 50 });
  });

  it('orders families within a tier by balance, higher first', () => {
    const r = run([kid('a', 'p1', 'red', 1), kid('b', 'p2', 'red', 3), kid('c', 'p3', 'red', -2), kid('d', 'p4', 'red', 2)], 2, 'future');
    expect(r.allocations.map((a) => a.childId)).toEqual(['b', 'd', 'a', 'c']);
    expect(placed(r)).toEqual(['b', 'd']);
    expect(r.summary.waitlist).toEqual(['a', 'c']);
  });

  it('gives green and unanswered children nothing, without a rank', () => {
    const r = run([kid('g', 'p1', 'green', 9), kid('u', 'p2', null, 9), kid('r', 'p3', 'red')], 5, 'future');
    expect(placed(r)).toEqual(['r']);
    expect(row(r, 'g')).toMatchObject({ rank: null, waitlistPosition: null, reason: { code: 'home_care', tier: 'green' } });
    expect(row(r, 'u')).toMatchObject({ rank: null, waitlistPosition: null, reason: { code: 'unanswered', tier: 'unanswered' } });
    expect(r.summary).toMatchObject({ slotsGiven: 1, slotsFree: 4, counts: { red: 1, green: 1, unanswered: 1, blue: 0, yellow: 0 } });
  });

  it('gives nobody a slot when there are none, and all red/yellow wait in order', () => {
    const r = run([kid('y', 'p1', 'yellow', 5), kid('r', 'p2', 'red', 0)], 0, 'future');
    expect(placed(r)).toEqual([]);
    expect(r.summary.waitlist).toEqual(['r', 'y']);
  });
});

describe('allocate: seeded lottery', () => {
  const tied = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'].map((p, i) => kid(`c${i}`, p, 'red', 4));
  const expectedOrder = (seed: string) =>
    tied
      .map((c) => ({ p: c.parentId, k: createHash('sha256').update(`${seed}:${c.parentId}`).digest('hex') }))
      .sort((a, b) => (a.k < b.k ? -1 : 1))
      .map((x) => x.p);

  it('breaks ties by SHA-256(seed:parentId) ascending', () => {
    for (const seed of ['alpha', 'beta', 'gamma']) {
      const r = run(tied, 3, 'future', seed);
      expect(r.allocations.map((a) => a.parentId)).toEqual(expectedOrder(seed));
      expect(r.allocations.map((a) => a.reason.lotteryPosition)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    }
  });

  it('is deterministic for a seed and changes with the seed', () => {
    expect(run(tied, 3, 'future', 'alpha')).toEqual(run([...tied].reverse(), 3, 'future', 'alpha'));
    expect(run(tied, 3, 'future', 'alpha').allocations.map((a) => a.parentId)).not.toEqual(
      run(tied, 3, 'future', 'beta').allocations.map((a) => a.parentId),
    );
  });

  it('never lets the lottery override a balance difference', () => {
    for (const seed of ['alpha', 'beta', 'gamma', 'delta']) {
      const r = run([...tied, kid('rich', 'p9', 'red', 5)], 1, 'future', seed);
      expect(placed(r)).toEqual(['rich']);
    }
  });

  it('draws lottery positions only among families asking for care', () => {
    const r = run([kid('g', 'pg', 'green'), kid('u', 'pu', null), kid('a', 'pa', 'red'), kid('b', 'pb', 'yellow')], 1, 'future', 'alpha');
    expect(r.allocations.filter((a) => a.rank !== null).map((a) => a.reason.lotteryPosition).sort()).toEqual([1, 2]);
  });

  it('exposes the lottery key and seed helpers', () => {
    expect(lotteryKey('s', 'p')).toBe(createHash('sha256').update('s:p').digest('hex'));
    const seed = newSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(newSeed()).not.toBe(seed);
    expect(hashSeed(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
  });
});

describe('allocate: siblings', () => {
  it('serves the children of one family in one tier one after another', () => {
    const children = [kid('a1', 'pa', 'red', 2), kid('b1', 'pb', 'red', 2), kid('a2', 'pa', 'red', 2), kid('b2', 'pb', 'red', 2)];
    for (const seed of ['x', 'y', 'z']) {
      const parents = run(children, 4, 'future', seed).allocations.map((a) => a.parentId);
      expect([parents[0], parents[2]]).toEqual([parents[1], parents[3]]);
    }
  });

  it('splits a family only at the end of the slots: the siblings that fit get them, the rest head the waitlist', () => {
    const r = run([kid('a1', 'pa', 'red', 5), kid('a2', 'pa', 'red', 5), kid('b2', 'pb', 'red', 4), kid('b1', 'pb', 'red', 4), kid('c', 'pc', 'red', 1)], 3, 'future');
    expect(placed(r)).toEqual(['a1', 'a2', 'b1']);
    expect(r.summary.waitlist).toEqual(['b2', 'c']);
    expect(row(r, 'b1').reason).toMatchObject({ familySize: 2, familySplit: true });
    expect(row(r, 'b2').reason).toMatchObject({ familySize: 2, familySplit: true, code: 'no_slot_capacity' });
    expect(row(r, 'a1').reason).toMatchObject({ familySize: 2, familySplit: false });
  });

  it('does not let a smaller yellow family overtake a red family that does not fit whole', () => {
    const r = run([kid('r1', 'pr', 'red', 0), kid('r2', 'pr', 'red', 0), kid('y', 'py', 'yellow', 9)], 1, 'future');
    expect(placed(r)).toEqual(['r1']);
    expect(r.summary.waitlist).toEqual(['r2', 'y']);
  });

  it('keeps siblings in different tiers in their own tiers', () => {
    const r = run([kid('r', 'pa', 'red', 0), kid('y', 'pa', 'yellow', 0), kid('o', 'pb', 'red', -4)], 2, 'future');
    expect(r.allocations.slice(0, 3).map((a) => a.childId)).toEqual(['r', 'o', 'y']);
  });
});

describe('allocate: output and validation', () => {
  it('returns ranked rows in order of service, then the rest by childId, with the rule version', () => {
    const r = run([kid('z', 'p1', 'green'), kid('y', 'p2', 'yellow'), kid('b', 'p3', 'blue'), kid('x', 'p4', null), kid('r', 'p5', 'red')], 2);
    expect(r.allocations.map((a) => [a.childId, a.rank])).toEqual([['b', 1], ['r', 2], ['y', 3], ['x', null], ['z', null]]);
    expect(r.ruleVersion).toBe(RULE_VERSION);
    expect(r.allocations.every((a) => a.reason.ruleVersion === RULE_VERSION)).toBe(true);
    expect(r.summary.waitlist).toEqual(['y']);
  });

  it('copies the family balance onto each row', () => {
    const r = run([kid('a', 'p1', 'red', 7), kid('b', 'p1', 'green', 7)], 1);
    expect(r.allocations.map((a) => a.creditBalance)).toEqual([7, 7]);
  });

  it('rejects inconsistent input', () => {
    expect(() => run([kid('a', 'p1', 'red'), kid('a', 'p2', 'red')], 1)).toThrow(/twice/);
    expect(() => run([kid('a', 'p1', 'red', 1), kid('b', 'p1', 'red', 2)], 1)).toThrow(/two different balances/);
    expect(() => run([kid('a', 'p1', 'red')], -1)).toThrow(/totalSlots/);
    expect(() => run([kid('a', 'p1', 'red')], 1.5)).toThrow(/totalSlots/);
    expect(() => run([kid('a', 'p1', 'red', 0.5)], 1)).toThrow(/integer/);
    expect(() => run([kid('a', 'p1', 'red')], 1, 'future', '')).toThrow(/seed/);
  });

  it('handles an event without children', () => {
    const r = run([], 4, 'future');
    expect(r.allocations).toEqual([]);
    expect(r.summary).toMatchObject({ slotsGiven: 0, overflow: 0, slotsFree: 4, waitlist: [] });
  });
});
