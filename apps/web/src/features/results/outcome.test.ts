import { describe, expect, it } from 'vitest';
import { canReleaseRow, hasReleaseData, historyKind, parseBucket, toChartBuckets } from './outcome';

const now = new Date('2026-03-10T10:00:00Z');
const finishedFuture = { eventType: 'future' as const, status: 'finished' as const, expireDate: '2026-03-11T06:00:00Z' };

describe('canReleaseRow', () => {
  it('offers the release for a slot of a finished future event before its expire date', () => {
    expect(canReleaseRow(finishedFuture, { hasSlot: 'JA' }, now)).toBe(true);
  });

  it('refuses without a slot, before closing, for immediate events and once expired', () => {
    expect(canReleaseRow(finishedFuture, { hasSlot: 'NEIN' }, now)).toBe(false);
    expect(canReleaseRow(finishedFuture, { hasSlot: null }, now)).toBe(false);
    expect(canReleaseRow({ ...finishedFuture, status: 'open' }, { hasSlot: 'JA' }, now)).toBe(false);
    expect(canReleaseRow({ ...finishedFuture, eventType: 'immediate' }, { hasSlot: 'JA' }, now)).toBe(false);
    expect(canReleaseRow({ ...finishedFuture, expireDate: '2026-03-10T10:00:00Z' }, { hasSlot: 'JA' }, now)).toBe(false);
  });
});

describe('hasReleaseData', () => {
  const full = { eventId: 'e', childId: 'c', preferenceId: 'p', parentId: 'a' };
  it('needs all four ids', () => {
    expect(hasReleaseData(full)).toBe(true);
    for (const key of Object.keys(full) as (keyof typeof full)[]) {
      expect(hasReleaseData({ ...full, [key]: null })).toBe(false);
      expect(hasReleaseData({ ...full, [key]: '' })).toBe(false);
    }
  });
});

describe('historyKind', () => {
  it('names red needed, yellow preferred, everything else home care', () => {
    expect(historyKind('red')).toBe('needed');
    expect(historyKind('yellow')).toBe('preferred');
    expect(historyKind('green')).toBe('homeCare');
    expect(historyKind('blue')).toBe('inKita');
    expect(historyKind(null)).toBe('homeCare');
  });
});

describe('parseBucket', () => {
  it('reads both ends, negative ones included', () => {
    expect(parseBucket('3-4')).toEqual({ lo: 3, hi: 4 });
    expect(parseBucket('-1-0')).toEqual({ lo: -1, hi: 0 });
    expect(parseBucket('-5--4')).toEqual({ lo: -5, hi: -4 });
    expect(parseBucket('0-0')).toEqual({ lo: 0, hi: 0 });
  });

  it('answers null for other shapes', () => {
    expect(parseBucket('abc')).toBeNull();
    expect(parseBucket('1-')).toBeNull();
  });
});

describe('toChartBuckets', () => {
  it('labels the buckets and marks exactly the parent\'s one', () => {
    const bars = toChartBuckets(
      { pieData: [{ name: '-5--4', value: 4 }, { name: '0-0', value: 2 }, { name: '1-2', value: 12 }], yourParentName: '1-2' },
      (lo, hi) => `${lo} bis ${hi}`,
    );
    expect(bars).toEqual([
      { name: '-5--4', label: '-5 bis -4', value: 4, yours: false },
      { name: '0-0', label: '0', value: 2, yours: false },
      { name: '1-2', label: '1 bis 2', value: 12, yours: true },
    ]);
  });

  it('gives no bars without data', () => {
    expect(toChartBuckets(undefined, () => '')).toEqual([]);
  });
});
