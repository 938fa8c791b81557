import { describe, expect, it } from 'vitest';
import { allocate, creditEntriesFor, promoteEntries, releaseEntries, RULE_VERSION, type AllocationChild, type AllocationResult } from './allocate.js';

type Colour = AllocationChild['preferenceType'];
const kid = (childId: string, parentId: string, preferenceType: Colour, creditBalance = 0, priority: number | null = null): AllocationChild => ({
  childId,
  parentId,
  preferenceType,
  creditBalance,
  priority,
});
const run = (children: AllocationChild[], totalSlots: number, eventType: 'immediate' | 'future' = 'future', ruleVersion?: number) =>
  allocate({ seed: 'seed-v3', totalSlots, eventType, children, ruleVersion });
const order = (r: AllocationResult) => r.allocations.filter((a) => a.rank !== null).map((a) => a.childId);
const placed = (r: AllocationResult) => r.allocations.filter((a) => a.hasSlot).map((a) => a.childId);
const row = (r: AllocationResult, childId: string) => {
  const found = r.allocations.find((a) => a.childId === childId);
  if (!found) throw new Error(`no row for ${childId}`);
  return found;
};

describe('rule version 3: confirmed priority', () => {
  it('is the version new allocations are made with', () => {
    expect(RULE_VERSION).toBe(3);
    const r = run([kid('a', 'pa', 'red', 0, 1)], 1);
    expect(r.ruleVersion).toBe(3);
    expect(row(r, 'a').reason).toMatchObject({ ruleVersion: 3, confirmed: true, code: 'slot_by_priority', tier: 'red' });
  });

  it('serves confirmed red children before every other red child, whatever their credits', () => {
    const r = run([kid('rich', 'p1', 'red', 1), kid('conf', 'p2', 'red', -1, 3), kid('mid', 'p3', 'red', 0)], 1);
    expect(order(r)).toEqual(['conf', 'rich', 'mid']);
    expect(placed(r)).toEqual(['conf']);
    expect(row(r, 'rich').reason).toMatchObject({ code: 'no_slot_capacity', balance: 1 });
    expect(row(r, 'rich').reason.confirmed).toBeUndefined();
  });

  it('orders confirmed families by the group position, then by balance and lottery', () => {
    const r = run(
      [kid('g2', 'p1', 'red', 1, 2), kid('g1low', 'p2', 'red', -1, 1), kid('g1high', 'p3', 'red', 1, 1), kid('plain', 'p4', 'red', 1)],
      2,
    );
    expect(order(r)).toEqual(['g1high', 'g1low', 'g2', 'plain']);
    expect(placed(r)).toEqual(['g1high', 'g1low']);
  });

  it('breaks ties inside one group by the published lottery', () => {
    const children = [kid('a', 'pa', 'red', 0, 1), kid('b', 'pb', 'red', 0, 1), kid('c', 'pc', 'red', 0, 1)];
    const r = run(children, 1);
    const positions = ['a', 'b', 'c'].map((id) => row(r, id).reason.lotteryPosition ?? 0);
    const expected = ['a', 'b', 'c'].map((id, i) => [id, positions[i] ?? 0] as const).sort((x, y) => x[1] - y[1]).map(([id]) => id);
    expect(order(r)).toEqual(expected);
  });

  it('keeps blue first: a confirmation never takes a place from a child already in the Kita', () => {
    const r = run([kid('conf', 'p1', 'red', 0, 1), kid('blue', 'p2', 'blue', -1)], 1, 'immediate');
    expect(order(r)).toEqual(['blue', 'conf']);
    expect(placed(r)).toEqual(['blue']);
    expect(row(r, 'conf')).toMatchObject({ hasSlot: false, waitlistPosition: 1 });
  });

  it('changes nothing for a confirmed family that answers yellow or green: its answer decides the need', () => {
    const r = run([kid('confY', 'p1', 'yellow', 1, 1), kid('confG', 'p2', 'green', 1, 1), kid('plain', 'p3', 'red', -1)], 1);
    expect(placed(r)).toEqual(['plain']);
    expect(row(r, 'confY').reason).toMatchObject({ tier: 'yellow', code: 'no_slot_capacity' });
    expect(row(r, 'confY').reason.confirmed).toBeUndefined();
    expect(row(r, 'confG').reason).toMatchObject({ tier: 'green', code: 'home_care' });
  });

  it('keeps siblings of a confirmed family together and splits only at the last place', () => {
    const r = run([kid('s2', 'pf', 'red', 0, 1), kid('s1', 'pf', 'red', 0, 1), kid('x', 'px', 'red', 1)], 2);
    expect(order(r)).toEqual(['s1', 's2', 'x']);
    expect(row(r, 's1').reason).toMatchObject({ familySize: 2, familySplit: false, confirmed: true });
    const tight = run([kid('s2', 'pf', 'red', 0, 1), kid('s1', 'pf', 'red', 0, 1), kid('x', 'px', 'red', 1)], 1);
    expect(placed(tight)).toEqual(['s1']);
    expect(tight.summary.waitlist).toEqual(['s2', 'x']);
    expect(row(tight, 's2').reason).toMatchObject({ familySplit: true, confirmed: true });
  });

  it('puts only the confirmed child first when the Kita confirmed one child of a family', () => {
    const r = run([kid('conf', 'pf', 'red', 0, 1), kid('sib', 'pf', 'red', 0), kid('other', 'po', 'red', 1)], 2);
    expect(order(r)).toEqual(['conf', 'other', 'sib']);
    expect(row(r, 'sib').reason.confirmed).toBeUndefined();
    expect(row(r, 'conf').reason.familySize).toBe(1);
  });

  it('books credits exactly as version 2: a confirmed family pays -2 for its place', () => {
    const r = run([kid('conf', 'p1', 'red', 1, 1), kid('miss', 'p2', 'red', 0)], 1);
    expect(creditEntriesFor(r.allocations, r.ruleVersion)).toEqual([
      { parentId: 'p1', childId: 'conf', amount: -2, reason: 'slot' },
      { parentId: 'p2', childId: 'miss', amount: 1, reason: 'no_slot' },
    ]);
    expect(creditEntriesFor(r.allocations, 3)).toEqual(creditEntriesFor(r.allocations, 2));
  });

  it('books releases and move-ups as version 2, before and after care has begun', () => {
    const placed = { childId: 'c', parentId: 'p', hasSlot: true };
    const waiting = { childId: 'w', parentId: 'q', hasSlot: false, waitlistPosition: 1, preferenceType: 'red' as const };
    for (const careBegun of [false, true]) {
      for (const balance of [-1, 0, 1]) {
        expect(releaseEntries(placed, 3, { booked: -2, balance, careBegun })).toEqual(releaseEntries(placed, 2, { booked: -2, balance, careBegun }));
        expect(promoteEntries(waiting, 3, { booked: 1, balance, careBegun })).toEqual(promoteEntries(waiting, 2, { booked: 1, balance, careBegun }));
      }
    }
    expect(releaseEntries(placed, 3, { booked: -2, balance: -1 })).toEqual([{ parentId: 'p', childId: 'c', amount: 2, reason: 'release_reverse' }]);
  });

  it('keeps the rule of an old inquiry: under version 2 a confirmation is ignored', () => {
    const children = [kid('rich', 'p1', 'red', 1), kid('conf', 'p2', 'red', -1, 1)];
    const v2 = run(children, 1, 'future', 2);
    expect(v2.ruleVersion).toBe(2);
    expect(placed(v2)).toEqual(['rich']);
    expect(row(v2, 'conf').reason.confirmed).toBeUndefined();
    const v1 = run(children, 1, 'future', 1);
    expect(placed(v1)).toEqual(['rich']);
    expect(placed(run(children, 1))).toEqual(['conf']);
  });

  it('refuses a group position that is not a positive integer', () => {
    expect(() => run([kid('a', 'pa', 'red', 0, 0)], 1)).toThrow(/priority of child a/);
    expect(() => run([kid('a', 'pa', 'red', 0, 1.5)], 1)).toThrow(/priority of child a/);
  });
});
