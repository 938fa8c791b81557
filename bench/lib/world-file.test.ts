/** The JSON world format of the fairness benchmark (bench/lib/world-file.ts, docs/fairness.md). */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runSeason } from './metrics.js';
import { ORACLE, V1, V2 } from './rules.js';
import { readWorldFile, worldsFromJson } from './world-file.js';
import { answerOf } from './world.js';

const example = fileURLToPath(new URL('../worlds/example.json', import.meta.url));

describe('fairness worlds from JSON', () => {
  it('reads the example file into the world the rules see: needs, blue, answers, arrival, cheaters', () => {
    const [world] = readWorldFile(example);
    expect(world).toBeDefined();
    const w = world!;
    expect(w.totalSlots).toBe(2);
    expect(w.families.map((f) => f.childIds.length)).toEqual([1, 1, 1, 2]);
    expect(w.cheaters).toEqual([false, false, true, false]);
    const [e1, e2, e3] = w.events;
    const family = (i: number) => w.families[i]!;
    expect(answerOf(w, e1!, family(0), false)).toBe('red');
    expect(answerOf(w, e1!, family(1), false)).toBe('yellow');
    expect(answerOf(w, e1!, family(2), false)).toBe('green');
    expect(answerOf(w, e2!, family(3), false)).toBe('blue');
    expect(answerOf(w, e3!, family(1), false)).toBeNull();
    // The always-red family lies only in the strategy run.
    expect(answerOf(w, e1!, family(2), true)).toBe('red');
    // Arrival: listed first, the others after in file order.
    expect(e1!.arrival).toEqual([3, 0, 1, 2]);
    expect(e2!.arrival).toEqual([1, 0, 2, 3]);
  });

  it('runs through the real allocation module: never more places than slots beyond blue, every need counted', () => {
    const [w] = readWorldFile(example);
    for (const rule of [V2, V1, ORACLE]) {
      const o = runSeason(w!, rule, false);
      const needs = w!.events.reduce((s, e) => s + w!.families.reduce((t, f) => t + (e.needs[f.index] ? f.childIds.length : 0), 0), 0);
      expect(o.needs.reduce((s, n) => s + n, 0)).toBe(needs);
      expect(o.met.every((m, i) => m <= (o.needs[i] ?? 0))).toBe(true);
      expect(o.wasted).toBe(0);
    }
  });

  it('refuses a world that contradicts itself, naming the problem', () => {
    const world = (event: object) => ({
      format: 'kita-fairness-worlds/1',
      worlds: [{ name: 'bad', slots: 1, families: [{ id: 'a', need: 'high', children: 1 }], events: [event] }],
    });
    expect(() => worldsFromJson(world({ type: 'future', needs: ['a'], blue: ['a'] }))).toThrow(/blue on a future event/);
    expect(() => worldsFromJson(world({ type: 'future', needs: ['x'] }))).toThrow(/unknown family x/);
    expect(() => worldsFromJson(world({ type: 'immediate', needs: [], blue: ['a'] }))).toThrow(/has no need/);
    expect(() => worldsFromJson(world({ type: 'future', needs: ['a'], yellow: ['a'] }))).toThrow(/needing family a/);
    expect(() => worldsFromJson({ format: 'other', worlds: [] })).toThrow();
  });
});
