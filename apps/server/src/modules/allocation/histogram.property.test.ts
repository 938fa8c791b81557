import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditsDistribution } from './histogram.js';

const parse = (name: string) => {
  const m = /^(-?\d+)-(-?\d+)$/.exec(name);
  if (!m) throw new Error(`bad bucket name ${name}`);
  return { lo: Number(m[1]), hi: Number(m[2]) };
};

describe('creditsDistribution: laws (fast-check)', () => {
  it('counts every balance once in the bucket that holds it, and names the own bucket', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -60, max: 60 }), { maxLength: 200 }),
        fc.integer({ min: -60, max: 60 }),
        fc.boolean(),
        (others, own, ownListed) => {
          const balances = ownListed ? [...others, own] : others;
          const { pieData, yourParentName } = creditsDistribution(balances, own);
          const ranges = pieData.map((b) => parse(b.name));
          expect(pieData.reduce((s, b) => s + b.value, 0)).toBe(balances.length);
          pieData.forEach((b, i) => {
            const { lo, hi } = ranges[i]!;
            expect(b.value).toBe(balances.filter((x) => x >= lo && x <= hi).length);
            if (i > 0) expect(lo).toBe(ranges[i - 1]!.hi + 1);
          });
          const width = ranges[0]!.hi - ranges[0]!.lo + 1;
          expect(ranges.every((r) => r.hi - r.lo + 1 === width)).toBe(true);
          expect(ranges[0]!.lo).toBe(Math.min(own, ...balances));
          expect(pieData.length).toBeLessThanOrEqual(7);
          const mine = parse(yourParentName);
          expect(own >= mine.lo && own <= mine.hi).toBe(true);
          expect(pieData.some((b) => b.name === yourParentName)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
