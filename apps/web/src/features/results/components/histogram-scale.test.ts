import { describe, expect, it } from 'vitest';
import { bandLayout, barPath, niceTicks } from './histogram-scale';

describe('niceTicks', () => {
  it('covers the largest count in whole steps from 0', () => {
    expect(niceTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(12)).toEqual([0, 5, 10, 15]);
    expect(niceTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(90)).toEqual([0, 25, 50, 75, 100]);
  });

  it('never gives a fractional tick for small counts and has an axis without data', () => {
    expect(niceTicks(1)).toEqual([0, 1]);
    expect(niceTicks(2)).toEqual([0, 1, 2]);
    expect(niceTicks(0)).toEqual([0, 1]);
    for (const max of [1, 3, 5, 9, 13, 27, 101]) {
      const ticks = niceTicks(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
    }
  });
});

describe('bandLayout', () => {
  it('leaves a gap of 30 % of each category on either side of its bar', () => {
    const bands = bandLayout(4, 40, 400, 0.3);
    expect(bands.map((b) => b.start)).toEqual([40, 140, 240, 340]);
    expect(bands[0]!.barSize).toBeCloseTo(40);
    expect(bands[0]!.barStart).toBeCloseTo(70);
    expect(bands[3]!.centre).toBe(390);
  });
});

describe('barPath', () => {
  it('draws a bar with rounded top corners, flat bottom at the baseline', () => {
    expect(barPath(10, 20, 30, 100, 4)).toBe('M10,120 V24 A4,4 0 0 1 14,20 H36 A4,4 0 0 1 40,24 V120 Z');
  });

  it('shrinks the radius for a low bar and draws nothing visible for zero', () => {
    expect(barPath(0, 98, 30, 2, 4)).toContain('A2,2');
    expect(barPath(0, 100, 30, 0, 4)).toBe('M0,100h0');
  });
});
