/**
 * Credit ledger entries (domain.md "Allocation and credits" table). Pure: the caller books them in
 * the same transaction as the allocation change. A family's balance is the sum of its entries.
 */
import type { ChildAllocation, LedgerEntry, LedgerReason } from './types.js';

type Outcome = Pick<ChildAllocation, 'childId' | 'parentId' | 'preferenceType' | 'hasSlot'>;

/**
 * Entries for an event's outcome, one per answered child: slot -1 ('slot'), red/yellow without a
 * slot +1 ('no_slot'), green +1 ('green'). Unanswered children earn nothing, so no entry is made
 * (a zero row would only clutter the ledger).
 */
export function creditEntriesFor(outcome: readonly Outcome[]): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  for (const o of outcome) {
    if (o.preferenceType === null) continue;
    // Blue always keeps its place, so a blue child without a slot means the row was altered.
    if (o.preferenceType === 'blue' && !o.hasSlot) throw new RangeError(`blue child ${o.childId} without a slot`);
    const reason: LedgerReason = o.hasSlot ? 'slot' : o.preferenceType === 'green' ? 'green' : 'no_slot';
    entries.push({ parentId: o.parentId, childId: o.childId, amount: o.hasSlot ? -1 : 1, reason });
  }
  return entries;
}

type SlotRow = Pick<ChildAllocation, 'childId' | 'parentId' | 'hasSlot'> & { releasedAt?: Date | null };

/** A released slot: the -1 is reversed and +1 booked as if the child had answered green. */
export function releaseEntries(row: SlotRow): LedgerEntry[] {
  if (!row.hasSlot) throw new RangeError(`child ${row.childId} has no slot to release`);
  if (row.releasedAt) throw new RangeError(`slot of child ${row.childId} was already released`);
  const ids = { parentId: row.parentId, childId: row.childId };
  return [
    { ...ids, amount: 1, reason: 'release_reverse' },
    { ...ids, amount: 1, reason: 'release_green' },
  ];
}

type WaitRow = Pick<ChildAllocation, 'childId' | 'parentId' | 'hasSlot' | 'waitlistPosition'> & {
  promotedAt?: Date | null;
};

/** A child moved up from the waitlist: its +1 ('no_slot') is reversed and -1 booked for the slot. */
export function promoteEntries(row: WaitRow): LedgerEntry[] {
  if (row.hasSlot || row.waitlistPosition === null || row.promotedAt) {
    throw new RangeError(`child ${row.childId} is not waiting for a slot`);
  }
  const ids = { parentId: row.parentId, childId: row.childId };
  return [
    { ...ids, amount: -1, reason: 'promote_reverse' },
    { ...ids, amount: -1, reason: 'promote_slot' },
  ];
}

/** The first child on the frozen waitlist that has not moved up yet, or null when nobody waits. */
export function nextOnWaitlist<T extends WaitRow>(allocations: readonly T[]): T | null {
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
