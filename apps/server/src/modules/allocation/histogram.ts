/**
 * Credits histogram (docs/domain.md "Credits histogram"): counts only, never who is in which bucket.
 *
 * Buckets cover whole credits from the lowest balance upwards, each `width = max(1, ceil(range/6))`
 * wide, where range = highest - lowest. That gives 6 or 7 buckets when the range is at least 5
 * (e.g. 0..6 with width 1 is seven single values), and one bucket per value below that.
 * Edge cases:
 * - all balances equal (range 0): one bucket "v-v";
 * - the parent's own balance is always inside the range, even if the caller left it out of
 *   `balances`, so `yourParentName` always names a bucket (it is not counted then);
 * - no balances at all: one bucket around the own balance with count 0;
 * - negative balances keep the plain "lo-hi" form, e.g. "-3--2";
 * - empty buckets inside the range are kept (value 0), so the x axis has no gaps.
 */
export interface CreditsDistribution {
  pieData: { name: string; value: number }[];
  yourParentName: string;
}

export const HISTOGRAM_TARGET_BUCKETS = 6;

export function creditsDistribution(balances: readonly number[], ownBalance: number): CreditsDistribution {
  for (const b of [...balances, ownBalance]) {
    if (!Number.isInteger(b)) throw new RangeError(`balance must be an integer, got ${b}`);
  }
  let lo = ownBalance;
  let hi = ownBalance;
  for (const b of balances) {
    if (b < lo) lo = b;
    if (b > hi) hi = b;
  }
  const width = Math.max(1, Math.ceil((hi - lo) / HISTOGRAM_TARGET_BUCKETS));
  const bucketCount = Math.floor((hi - lo) / width) + 1;
  const counts = new Array<number>(bucketCount).fill(0);
  const indexOf = (b: number) => Math.floor((b - lo) / width);
  for (const b of balances) counts[indexOf(b)] = (counts[indexOf(b)] ?? 0) + 1;
  const nameOf = (i: number) => `${lo + i * width}-${lo + (i + 1) * width - 1}`;
  return {
    pieData: counts.map((value, i) => ({ name: nameOf(i), value })),
    yourParentName: nameOf(indexOf(ownBalance)),
  };
}
