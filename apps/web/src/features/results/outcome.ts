import type { EventChild, EventDetails, PreferenceType } from '@kita/shared';

/**
 * Pure rules of the results screens (no React), so they can be unit tested: when the release
 * button is offered, how the history names a preference, and how a histogram bucket reads.
 */

/**
 * Release on the event page: a finished future event, the row holds a
 * slot (JA) and the expire date is still ahead. The server checks the same again.
 */
export function canReleaseRow(event: Pick<EventDetails, 'eventType' | 'status' | 'expireDate'>, row: Pick<EventChild, 'hasSlot'>, now: Date): boolean {
  return event.eventType === 'future' && event.status === 'finished' && row.hasSlot === 'JA' && new Date(event.expireDate).getTime() > now.getTime();
}

export interface ReleaseRequest {
  eventId: string | null | undefined;
  childId: string | null | undefined;
  preferenceId: string | null | undefined;
  parentId: string | null | undefined;
}

/** Release needs preferenceId, childId and eventId (else 'missingData'); the body also names the parent. */
export function hasReleaseData(r: ReleaseRequest): r is { eventId: string; childId: string; preferenceId: string; parentId: string } {
  return !!r.eventId && !!r.childId && !!r.preferenceId && !!r.parentId;
}

/**
 * History badge: red = needed, yellow = preferred, green = home care; blue is
 * "already in the Kita" (it was shown as home care next to "place: yes").
 */
export type HistoryKind = 'needed' | 'preferred' | 'homeCare' | 'inKita';
export function historyKind(type: PreferenceType | null | undefined): HistoryKind {
  if (type === 'red') return 'needed';
  if (type === 'yellow') return 'preferred';
  if (type === 'blue') return 'inKita';
  return 'homeCare';
}

/**
 * A bucket name of the credits distribution is "lo-hi" where both ends may be negative
 * ("-5--4", "-1-0", "3-4"). Returns the two ends, or null for a name of another shape.
 */
export function parseBucket(name: string): { lo: number; hi: number } | null {
  const match = /^(-?\d+)-(-?\d+)$/.exec(name.trim());
  if (!match) return null;
  return { lo: Number(match[1]), hi: Number(match[2]) };
}

/** Height of the credits histogram. */
export const HISTOGRAM_HEIGHT = 400;

/** One bar of the credits histogram. */
export interface ChartBucket {
  /** The bucket as the server names it ("lo-hi"). */
  name: string;
  /** The bucket as shown ("-5 bis -4", or "3" for a one-value bucket). */
  label: string;
  value: number;
  /** The bucket holding this parent (orange). */
  yours: boolean;
}

/** The chart's bars from `GET parents/{id}/credits-distribution`; `range` words a two-ended bucket. */
export function toChartBuckets(
  data: { pieData: { name: string; value: number }[]; yourParentName: string } | undefined,
  range: (lo: number, hi: number) => string,
): ChartBucket[] {
  return (data?.pieData ?? []).map((bucket) => {
    const ends = parseBucket(bucket.name);
    const label = !ends ? bucket.name : ends.lo === ends.hi ? String(ends.lo) : range(ends.lo, ends.hi);
    return { name: bucket.name, label, value: bucket.value, yours: bucket.name === data?.yourParentName };
  });
}
