/**
 * The allocation rule (docs/domain.md "Allocation and credits"). Pure: no database, no clock; the only
 * randomness is the event's seed. Stored on every event as `ruleVersion`; bump RULE_VERSION when
 * the order of service changes, so old reports stay explainable.
 *
 * The order of service is the same in rule versions 1 and 2; they differ in the credits booked
 * (credits.ts), so the balances they sort by mean different things. Order of service:
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
import { assertRuleVersion } from './credits.js';
import { compareStrings, lotteryOrder } from './lottery.js';
import type {
  AllocationChild,
  AllocationInput,
  AllocationReason,
  AllocationResult,
  ChildAllocation,
  ReasonCode,
  Tier,
} from './types.js';

/** The version new events are closed with (credits.ts describes both). */
export const RULE_VERSION = 2;

export * from './types.js';
export { hashSeed, newSeed, lotteryKey, lotteryOrder } from './lottery.js';
export {
  creditEntriesFor,
  cappedAmount,
  v2Delta,
  assertRuleVersion,
  RULE_VERSIONS,
  V2_CAP,
  V2_MISS,
  V2_SLOT,
  type RuleVersion,
  type BookedContext,
  releaseEntries,
  promoteEntries,
  nextOnWaitlist,
  resetEntry,
} from './credits.js';

const SERVED_TIERS = ['blue', 'red', 'yellow'] as const;

const tierOf = (child: AllocationChild): Tier => child.preferenceType ?? 'unanswered';

/** The children of one family in one tier, served one after another. */
interface Unit {
  parentId: string;
  balance: number;
  lotteryPosition: number;
  children: AllocationChild[];
}

export function allocate(input: AllocationInput): AllocationResult {
  validate(input);
  const ruleVersion = input.ruleVersion ?? RULE_VERSION;
  assertRuleVersion(ruleVersion);
  const byTier = groupByTier(input.children);
  // Only families asking for care take part in the lottery; green/unanswered order does not matter.
  const askingFamilies = new Set<string>();
  for (const tier of SERVED_TIERS) for (const parentId of byTier[tier].keys()) askingFamilies.add(parentId);
  const lottery = lotteryOrder(input.seed, askingFamilies);

  const allocations: ChildAllocation[] = [];
  const waitlist: string[] = [];
  let remaining = input.totalSlots;
  let rank = 0;
  for (const tier of SERVED_TIERS) {
    for (const unit of orderOfService(byTier[tier], lottery)) {
      const size = unit.children.length;
      const placedInUnit = tier === 'blue' ? size : Math.min(size, Math.max(0, remaining));
      remaining -= placedInUnit;
      for (let i = 0; i < size; i++) {
        const child = unit.children[i] as AllocationChild;
        const hasSlot = i < placedInUnit;
        rank += 1;
        const code: ReasonCode =
          tier === 'blue' ? 'blue_keeps_place' : hasSlot ? 'slot_by_priority' : 'no_slot_capacity';
        allocations.push(
          row(child, hasSlot, rank, hasSlot ? null : waitlist.push(child.childId), {
            code,
            tier,
            balance: unit.balance,
            lotteryPosition: unit.lotteryPosition,
            familySize: size,
            familySplit: placedInUnit > 0 && placedInUnit < size,
            ruleVersion,
          }),
        );
      }
    }
  }

  const unranked = [...byTier.green.values(), ...byTier.unanswered.values()]
    .flat()
    .sort((a, b) => compareStrings(a.childId, b.childId));
  for (const child of unranked) {
    const tier = tierOf(child);
    allocations.push(
      row(child, false, null, null, {
        code: tier === 'green' ? 'home_care' : 'unanswered',
        tier,
        balance: child.creditBalance,
        lotteryPosition: null,
        familySize: 1,
        familySplit: false,
        ruleVersion,
      }),
    );
  }

  const counts = {} as Record<Tier, number>;
  for (const tier of Object.keys(byTier) as Tier[]) {
    counts[tier] = 0;
    for (const unit of byTier[tier].values()) counts[tier] += unit.length;
  }
  const slotsGiven = allocations.length - waitlist.length - unranked.length;
  return {
    ruleVersion,
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

function row(
  c: AllocationChild,
  hasSlot: boolean,
  rank: number | null,
  waitlistPosition: number | null,
  reason: AllocationReason,
): ChildAllocation {
  return {
    childId: c.childId,
    parentId: c.parentId,
    preferenceType: c.preferenceType,
    hasSlot,
    rank,
    waitlistPosition,
    creditBalance: c.creditBalance,
    reason,
  };
}

/** tier -> parentId -> that family's children in this tier. */
function groupByTier(children: readonly AllocationChild[]): Record<Tier, Map<string, AllocationChild[]>> {
  const byTier: Record<Tier, Map<string, AllocationChild[]>> = {
    blue: new Map(),
    red: new Map(),
    yellow: new Map(),
    green: new Map(),
    unanswered: new Map(),
  };
  for (const child of children) {
    const families = byTier[tierOf(child)];
    const unit = families.get(child.parentId);
    if (unit) unit.push(child);
    else families.set(child.parentId, [child]);
  }
  return byTier;
}

/** One tier's families: balance descending, then lottery position; siblings by childId. */
function orderOfService(families: Map<string, AllocationChild[]>, lottery: Map<string, number>): Unit[] {
  const units: Unit[] = [];
  for (const [parentId, children] of families) {
    if (children.length > 1) children.sort((a, b) => compareStrings(a.childId, b.childId));
    units.push({
      parentId,
      // validate() made sure all children of a family carry the same balance.
      balance: (children[0] as AllocationChild).creditBalance,
      lotteryPosition: lottery.get(parentId) ?? 0,
      children,
    });
  }
  // Lottery positions are unique per family, so this order is total.
  return units.sort((a, b) => b.balance - a.balance || a.lotteryPosition - b.lotteryPosition);
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
