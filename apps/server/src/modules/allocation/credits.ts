/**
 * Credit ledger entries (docs/domain.md "Allocation and credits"). Pure: the caller books them in the
 * same transaction as the allocation change. A family's balance is the sum of its entries.
 *
 * Every booking follows the rule version the event was closed with (events.rule_version):
 *
 * Version 1 (events closed before rule version 2 became the default): slot -1, red/yellow without a slot +1, green +1;
 * release: the -1 reversed and +1 as if green; move-up: the +1 reversed and -1 for the slot.
 *
 * Version 2 (default): chosen with the season benchmark (docs/fairness.md):
 * - red without a slot: +1 ('no_slot') – a need that could not be met moves the family up;
 * - a slot for a red or blue child: -2 ('slot') – a met need moves it down twice as far;
 * - green, unanswered, yellow without a slot: nothing (no need, no credit: credits can no longer be
 *   banked by answering green);
 * - a slot for a yellow child: nothing (yellow is only served when no red child wanted the place);
 * - the balance stays within [-1, +1] (V2_CAP): an amount that would leave that range is cut, and
 *   the entry keeps the cut amount (possibly 0), so the ledger sum is always the balance shown.
 * - release: the booked slot amount is reversed (within the range); move-up: the booked no_slot
 *   amount is reversed and the slot booked as at close (within the range).
 */
import type { ChildAllocation, LedgerEntry, LedgerReason } from './types.js';

export const V2_CAP = 1;
export const V2_MISS = 1;
export const V2_SLOT = -2;

/** Rule versions this module can book and explain. */
export const RULE_VERSIONS = [1, 2] as const;
export type RuleVersion = (typeof RULE_VERSIONS)[number];

export function assertRuleVersion(v: number): asserts v is RuleVersion {
  if (!(RULE_VERSIONS as readonly number[]).includes(v)) throw new RangeError(`unknown rule version ${v}`);
}

/** Version 2 keeps balances within [-V2_CAP, V2_CAP]: the amount that actually moves `balance` by `delta`. */
export function cappedAmount(balance: number, delta: number): number {
  // A balance already outside the range (a manual fix, say) is never pushed further out, but a
  // move towards the range is booked in full.
  const next = delta >= 0 ? Math.min(balance + delta, Math.max(balance, V2_CAP)) : Math.max(balance + delta, Math.min(balance, -V2_CAP));
  const amount = next - balance;
  return amount === 0 ? 0 : amount;
}

type Outcome = Pick<ChildAllocation, 'childId' | 'parentId' | 'preferenceType' | 'hasSlot' | 'creditBalance'>;

/**
 * Entries for an event's outcome. Version 1: one per answered child (slot -1, red/yellow without a
 * slot +1, green +1). Version 2: red without a slot +1, red/blue slot -2, within [-1, +1] starting
 * from the family's balance at close (`creditBalance`), siblings one after another in the given
 * order. Unanswered children never get an entry.
 */
export function creditEntriesFor(outcome: readonly Outcome[], ruleVersion: number): LedgerEntry[] {
  assertRuleVersion(ruleVersion);
  const entries: LedgerEntry[] = [];
  const running = new Map<string, number>();
  for (const o of outcome) {
    if (o.preferenceType === null) continue;
    // Blue always keeps its place, so a blue child without a slot means the row was altered.
    if (o.preferenceType === 'blue' && !o.hasSlot) throw new RangeError(`blue child ${o.childId} without a slot`);
    const reason: LedgerReason = o.hasSlot ? 'slot' : o.preferenceType === 'green' ? 'green' : 'no_slot';
    if (ruleVersion === 1) {
      entries.push({ parentId: o.parentId, childId: o.childId, amount: o.hasSlot ? -1 : 1, reason });
      continue;
    }
    const delta = v2Delta(o.preferenceType, o.hasSlot);
    if (delta === 0) continue;
    const balance = running.get(o.parentId) ?? o.creditBalance;
    const amount = cappedAmount(balance, delta);
    running.set(o.parentId, balance + amount);
    entries.push({ parentId: o.parentId, childId: o.childId, amount, reason });
  }
  return entries;
}

/** Version 2's amount before the range is applied. */
export function v2Delta(preferenceType: Outcome['preferenceType'], hasSlot: boolean): number {
  if (preferenceType === 'red' || preferenceType === 'blue') return hasSlot ? V2_SLOT : V2_MISS;
  return 0;
}

type SlotRow = Pick<ChildAllocation, 'childId' | 'parentId' | 'hasSlot'> & { releasedAt?: Date | null };

/** What version 2 needs to reverse a booking: the amount booked for it and the family's balance now. */
export interface BookedContext {
  /**
   * Amount of the entry being reversed (for a release the place's charge, 'slot' at close or
   * 'promote_slot' after a move-up; 'no_slot' for a move-up); 0 if none was booked.
   */
  booked: number;
  balance: number;
  /**
   * Whether care has begun (the release happens at or after the first care day's start).
   * Version 2 then books nothing: the family that gives the place back keeps its charge (it used
   * the place), and the family that moves up is not charged (it went without on the days past and
   * gets only the rest of the period); its +1 stays.
   */
  careBegun?: boolean;
}

/**
 * A released slot. Version 1: the -1 is reversed and +1 booked as if the child had answered green.
 * Version 2: before care begins, the booked charge of the place (at close or after a move-up, so a
 * family that moved up is treated like any other) is reversed (within the range); green earns
 * nothing. Once care has begun nothing is reversed: the place was used (docs/fairness.md).
 */
export function releaseEntries(row: SlotRow, ruleVersion: number = 1, ctx: BookedContext = { booked: -1, balance: 0 }): LedgerEntry[] {
  assertRuleVersion(ruleVersion);
  if (!row.hasSlot) throw new RangeError(`child ${row.childId} has no slot to release`);
  if (row.releasedAt) throw new RangeError(`slot of child ${row.childId} was already released`);
  const ids = { parentId: row.parentId, childId: row.childId };
  if (ruleVersion === 1) {
    return [
      { ...ids, amount: 1, reason: 'release_reverse' },
      { ...ids, amount: 1, reason: 'release_green' },
    ];
  }
  if (ctx.booked === 0 || ctx.careBegun) return [];
  return [{ ...ids, amount: cappedAmount(ctx.balance, -ctx.booked), reason: 'release_reverse' }];
}

type WaitRow = Pick<ChildAllocation, 'childId' | 'parentId' | 'hasSlot' | 'waitlistPosition'> & {
  /** Needed by version 2 (a yellow child's slot books nothing). */
  preferenceType?: ChildAllocation['preferenceType'];
  promotedAt?: Date | null;
};

/**
 * A child moved up from the waitlist. Version 1: its +1 ('no_slot') is reversed and -1 booked for
 * the slot. Version 2: the booked no_slot amount is reversed and the slot booked as at close, each
 * within the range; once care has begun nothing (the family went without on the days past, its +1
 * stays, and the rest of the period is not charged).
 */
export function promoteEntries(row: WaitRow, ruleVersion: number = 1, ctx: BookedContext = { booked: 1, balance: 0 }): LedgerEntry[] {
  assertRuleVersion(ruleVersion);
  if (row.hasSlot || row.waitlistPosition === null || row.promotedAt) {
    throw new RangeError(`child ${row.childId} is not waiting for a slot`);
  }
  const ids = { parentId: row.parentId, childId: row.childId };
  if (ruleVersion === 1) {
    return [
      { ...ids, amount: -1, reason: 'promote_reverse' },
      { ...ids, amount: -1, reason: 'promote_slot' },
    ];
  }
  if (ctx.careBegun) return [];
  const entries: LedgerEntry[] = [];
  let balance = ctx.balance;
  if (ctx.booked !== 0) {
    const amount = cappedAmount(balance, -ctx.booked);
    balance += amount;
    entries.push({ ...ids, amount, reason: 'promote_reverse' });
  }
  if (row.preferenceType === undefined) throw new RangeError(`child ${row.childId}: the answer is needed to book a move-up`);
  const delta = v2Delta(row.preferenceType, true);
  if (delta !== 0) entries.push({ ...ids, amount: cappedAmount(balance, delta), reason: 'promote_slot' });
  return entries;
}

/** The first child on the frozen waitlist that has not moved up yet, or null when nobody waits. */
export function nextOnWaitlist<T extends Pick<ChildAllocation, 'childId' | 'parentId' | 'hasSlot' | 'waitlistPosition'> & { promotedAt?: Date | null }>(
  allocations: readonly T[],
): T | null {
  let next: T | null = null;
  for (const a of allocations) {
    if (a.hasSlot || a.promotedAt || a.waitlistPosition === null) continue;
    if (next === null || a.waitlistPosition < (next.waitlistPosition ?? Infinity)) next = a;
  }
  return next;
}

/** One entry that brings the family's balance to 0 (manager/admin reset). */
export function resetEntry(balance: number): { amount: number; reason: 'reset' } {
  if (!Number.isInteger(balance)) throw new RangeError(`balance must be an integer, got ${balance}`);
  // Avoid -0, which would print and compare oddly.
  return { amount: balance === 0 ? 0 : -balance, reason: 'reset' };
}
