/** The confirmed-priority worlds of the fairness benchmark and rule version 3 inside it. */
import { describe, expect, it } from 'vitest';
import { figures, runSeason } from './metrics.js';
import { V2, V3 } from './rules.js';
import { CONFIRMED_NEED_PROBABILITY, CONFIRMED_WORLDS, makeWorld, STANDARD_WORLD } from './world.js';
import { worldsFromJson } from './world-file.js';

describe('confirmed-priority worlds', () => {
  it('keep the families of the same season and draw the confirmed ones from a stream of their own', () => {
    const plain = makeWorld('season-3', STANDARD_WORLD);
    const confirmed = makeWorld('season-3', CONFIRMED_WORLDS[0]!);
    expect(plain.confirmed.every((c) => c === null)).toBe(true);
    expect(confirmed.families).toEqual(plain.families);
    const share = confirmed.confirmed.filter((c) => c !== null).length / confirmed.families.length;
    expect(share).toBeCloseTo(0.1, 1);
    // Liars are never confirmed families: a family can answer red, not confirm itself.
    expect(confirmed.cheaters.some((lies, i) => lies && confirmed.confirmed[i] !== null)).toBe(false);
  });

  it('let confirmed families need care more often', () => {
    let needs = 0;
    let chances = 0;
    for (let s = 0; s < 5; s++) {
      const w = makeWorld(`confirmed-20-season-${s}`, CONFIRMED_WORLDS[1]!);
      for (const e of w.events) {
        w.confirmed.forEach((c, i) => {
          if (c === null) return;
          chances += 1;
          if (e.needs[i]) needs += 1;
        });
      }
    }
    expect(needs / chances).toBeGreaterThan(CONFIRMED_NEED_PROBABILITY - 0.05);
  });

  it('version 3 equals version 2 where nobody is confirmed, and serves confirmed families first where they are', () => {
    const plain = makeWorld('season-7', STANDARD_WORLD);
    expect(runSeason(plain, V3, true)).toEqual(runSeason(plain, V2, true));
    const world = makeWorld('confirmed-10-season-7', CONFIRMED_WORLDS[0]!);
    const v3 = figures(world, runSeason(world, V3, false), false);
    const v2 = figures(world, runSeason(world, V2, false), false);
    expect(v3.confirmedShare).toBeGreaterThan(v2.confirmedShare);
    expect(v3.confirmedAllowedShare).toBe(1);
    expect(runSeason(world, V3, false).wasted).toBe(0);
  });

  it('reads confirmations from a world file', () => {
    const [w] = worldsFromJson({
      format: 'kita-fairness-worlds/1',
      worlds: [
        {
          name: 'two',
          slots: 1,
          families: [
            { id: 'a', need: 'low', children: 1 },
            { id: 'b', need: 'high', children: 1 },
          ],
          confirmed: { a: 1 },
          cheaters: ['b'],
          events: [{ type: 'future', needs: ['a', 'b'] }],
        },
      ],
    });
    expect(w!.confirmed).toEqual([1, null]);
    const o = runSeason(w!, V3, true);
    expect(o.met).toEqual([1, 0]);
  });
});
