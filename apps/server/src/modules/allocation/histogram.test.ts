import { describe, expect, it } from 'vitest';
import { creditsDistribution } from './histogram.js';

describe('creditsDistribution', () => {
  it('makes buckets of width ceil(range/6) from the lowest balance', () => {
    // range 12 -> width 2 -> 0-1 .. 12-13 (7 buckets)
    const d = creditsDistribution([0, 1, 2, 5, 5, 12], 5);
    expect(d.pieData).toEqual([
      { name: '0-1', value: 2 },
      { name: '2-3', value: 1 },
      { name: '4-5', value: 2 },
      { name: '6-7', value: 0 },
      { name: '8-9', value: 0 },
      { name: '10-11', value: 0 },
      { name: '12-13', value: 1 },
    ]);
    expect(d.yourParentName).toBe('4-5');
  });

  it('uses width 1 for small ranges', () => {
    const d = creditsDistribution([3, 4, 4, 6], 6);
    expect(d.pieData).toEqual([
      { name: '3-3', value: 1 },
      { name: '4-4', value: 2 },
      { name: '5-5', value: 0 },
      { name: '6-6', value: 1 },
    ]);
    expect(d.yourParentName).toBe('6-6');
  });

  it('gives one bucket when every balance is the same', () => {
    expect(creditsDistribution([2, 2, 2], 2)).toEqual({ pieData: [{ name: '2-2', value: 3 }], yourParentName: '2-2' });
  });

  it('handles negative balances and ranges that divide unevenly', () => {
    // range 13 -> width 3: -5..-3, -2..0, 1..3, 4..6, 7..9
    const d = creditsDistribution([-5, -1, 0, 8], -1);
    expect(d.pieData.map((b) => b.name)).toEqual(['-5--3', '-2-0', '1-3', '4-6', '7-9']);
    expect(d.pieData.map((b) => b.value)).toEqual([1, 2, 0, 0, 1]);
    expect(d.yourParentName).toBe('-2-0');
  });

  it('keeps the own balance inside the range even when it is missing from the list', () => {
    expect(creditsDistribution([], 3)).toEqual({ pieData: [{ name: '3-3', value: 0 }], yourParentName: '3-3' });
    const d = creditsDistribution([0, 1], 4);
    expect(d.yourParentName).toBe('4-4');
    expect(d.pieData.reduce((s, b) => s + b.value, 0)).toBe(2);
  });

  it('refuses fractional balances', () => {
    expect(() => creditsDistribution([1.5], 1)).toThrow(/integer/);
  });
});
