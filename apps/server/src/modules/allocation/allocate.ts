/**
 * The allocation rule (domain.md "Allocation and credits"). Pure: no database, no clock; the only
 * randomness is the event's seed. Stored on every event as `ruleVersion`; bump RULE_VERSION when
 * the order of service changes, so old reports stay explainable.
 *
 * Order of service:
 * 1. blue (immediate events only) keeps its place, even past totalSlots (reported as overflow);
 * 2. red, then 3. yellow: within a tier, families by credit balance (higher first), ties by the
 *    seeded lottery (SHA-256(`seed:parentId`) ascending);
 * 4. green and unanswered get no slot.
 *
 * Siblings stand together: the children of one family in one tier form a unit that is served as
 * one block, one child right after the other (ordered by childId). When the remaining slots run out
 * inside a unit, the siblings that still fit get the slots and the others head the waitlist. We
 * chose this over the alternatives because:
 * - leaving the slots empty (all-or-nothing) wastes places that a family in need could use;
 * - skipping the unit to serve a smaller family further down would let a lower-priority family,
 *   even a yellow one, overtake a red family, breaking the tier and balance order;
 * - the unplaced sibling is first on the waitlist, so the next released slot reunites the family.
 * So the placed blue/red/yellow children are always a prefix of the order of service.
 */
import { compareStrings, lotteryOrder } from './lottery.js';
import type {
  AllocationChild,
  AllocationInput,
  AllocationResult,
  ChildAllocation,
  ReasonCode,
  Tier,
} from './types.js';

export const RULE_VERSION = 1;

export * from './types.js';
export { hashSeed, newSeed, lotteryKey, lotteryOrder } from './lottery.js';
export {
  creditEntriesFor,
  releaseEntries,
  promoteEntries,
  nextOnWaitlist,
  resetEntry,
} from './credits.js';

const SERVED_TIERS = ['blue', 'red', 'yellow'] as const;

const tierOf = (child: AllocationChild): Tier => child.preferenceType ?? 'unanswered';

export function allocate(input: AllocationInput): AllocationResult {
  validate(input);
  const lottery = lotteryOrder(
    input.seed,
    input.children.map((c) => c.parentId),
  );
  const allocations: ChildAllocation[] = [];
  const waitlist: string[] = [];
  let remaining = input.totalSlots;
  let rank = 0;

  for (const tier of SERVED_TIERS) {
    for (const unit of familyUnits(input.children, tier, lottery)) {
      const placedInUnit = tier === 'blue' ? unit.length : Math.min(unit.length, Math.max(0, remaining));
      unit.forEach((child, i) => {
        const hasSlot = i < placedInUnit;
        rank += 1;
        const waitlistPosition = hasSlot ? null : waitlist.push(child.childId);
        const code: ReasonCode =
          tier === 'blue' ? 'blue_keeps_place' : hasSlot ? 'slot_by_priority' : 'no_slot_capacity';
        allocations.push({
          ...base(child),
          hasSlot,
          rank,
          waitlistPosition,
          reason: {
            code,
            tier,
            balance: child.creditBalance,
            lotteryPosition: lottery.get(child.parentId) ?? null,
            familySize: unit.length,
            familySplit: placedInUnit > 0 && placedInUnit < unit.length,
            ruleVersion: RULE_VERSION,
          },
        });
      });
      remaining -= placedInUnit;
    }
  }

  const unranked = input.children
    .filter((c) => c.preferenceType === 'green' || c.preferenceType === null)
    .sort((a, b) => compareStrings(a.childId, b.childId));
  for (const child of unranked) {
    const tier = tierOf(child);
    allocations.push({
      ...base(child),
      hasSlot: false,
      rank: null,
      waitlistPosition: null,
      reason: {
        code: tier === 'green' ? 'home_care' : 'unanswered',
        tier,
        balance: child.creditBalance,
        lotteryPosition: null,
        familySize: 1,
        familySplit: false,
        ruleVersion: RULE_VERSION,
      },
    });
  }

  const counts: Record<Tier, number> = { blue: 0, red: 0, yellow: 0, green: 0, unanswered: 0 };
  for (const child of input.children) counts[tierOf(child)] += 1;
  const slotsGiven = allocations.filter((a) => a.hasSlot).length;
  return {
    ruleVersion: RULE_VERSION,
    allocations,
    summary: {
      totalSlots: input.totalSlots,
      slotsGiven,
      overflow: Math.max(0, counts.blue - input.totalSlots),
      slotsFree: Math.max(0, input.totalSlots - slotsGiven),
      counts,
      waitlist,
    },
  };
}

const base = (c: AllocationChild) => ({
  childId: c.childId,
  parentId: c.parentId,
  preferenceType: c.preferenceType,
  creditBalance: c.creditBalance,
});

/** The tier's families in order of service, each as its children sorted by childId. */
function familyUnits(
  children: readonly AllocationChild[],
  tier: Tier,
  lottery: Map<string, number>,
): AllocationChild[][] {
  const byParent = new Map<string, AllocationChild[]>();
  for (const child of children) {
    if (tierOf(child) !== tier) continue;
    const unit = byParent.get(child.parentId);
    if (unit) unit.push(child);
    else byParent.set(child.parentId, [child]);
  }
  const units = [...byParent.values()];
  for (const unit of units) unit.sort((a, b) => compareStrings(a.childId, b.childId));
  // Every unit is non-empty, so [0] exists; positions are unique per family.
  const head = (u: AllocationChild[]) => u[0] as AllocationChild;
  units.sort(
    (a, b) =>
      head(b).creditBalance - head(a).creditBalance ||
      (lottery.get(head(a).parentId) ?? 0) - (lottery.get(head(b).parentId) ?? 0),
  );
  return units;
}

function validate(input: AllocationInput): void {
  if (!Number.isInteger(input.totalSlots) || input.totalSlots < 0) {
    throw new RangeError(`totalSlots must be a non-negative integer, got ${input.totalSlots}`);
  }
  if (input.seed.length === 0) throw new RangeError('seed must not be empty');
  const seen = new Set<string>();
  const balances = new Map<string, number>();
  for (const child of input.children) {
    if (seen.has(child.childId)) throw new RangeError(`child ${child.childId} appears twice`);
    seen.add(child.childId);
    if (!Number.isInteger(child.creditBalance)) {
      throw new RangeError(`credit balance of child ${child.childId} is not an integer`);
    }
    // The balance belongs to the family; two values mean the caller read the ledger inconsistently.
    const known = balances.get(child.parentId);
    if (known !== undefined && known !== child.creditBalance) {
      throw new RangeError(`family ${child.parentId} has two different balances`);
    }
    balances.set(child.parentId, child.creditBalance);
    // The answer route refuses blue for future events; a blue one here is a bug upstream, not data to guess about.
    if (child.preferenceType === 'blue' && input.eventType !== 'immediate') {
      throw new RangeError(`child ${child.childId} answered blue on a future event`);
    }
  }
}
