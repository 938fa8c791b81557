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
 * Version 3 (docs/fairness.md "Confirmed priority") adds one pass between blue and the other red
 * children: red children whose family (or who themselves) the Kita has confirmed for a priority
 * group at the close instant come first, by the group's position in the Kita's list, then by
 * balance and lottery as above. Everything else, and the credits, are version 2's. A confirmation
 * changes nothing for a child that does not answer red: the family's own answer still says whether
 * it needs the place.
 *
 * Siblings stand together: the children of one family in one tier form a unit that is served as
 * one block, one child right after the other (ordered by childId). When the remaining slots run out
 * inside a unit, the siblings that still fit get the slots and the others head the waitlist. We
 * chose this over the alternatives because:
 * - leaving the slots empty (all-or-nothing) wastes places that a family in need could use;
 * - skipping the unit to serve a smaller family further down would let a lower-priority family,
 *   even a yellow one, overtake a red family, breaking the tier and balance order;
 * - the unplaced sibling is first on the waitlist, so the next released slot reunites the family.
 * (A confirmation for one child only puts that child in the priority pass; its red siblings stand
 * together in the ordinary red pass.)
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
export const RULE_VERSION = 3;

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

/** The children of one family in one pass, served one after another. */
interface Unit {
  parentId: string;
  balance: number;
  lotteryPosition: number;
  /** The confirmed group's position in the priority pass; 0 elsewhere. */
  priority: number;
  children: AllocationChild[];
}

/** The passes of the order of service: version 3 serves confirmed red children before the other red ones. */
type Pass = { tier: Tier; confirmed: boolean };
const PASSES_V2: readonly Pass[] = SERVED_TIERS.map((tier) => ({ tier, confirmed: false }));
const PASSES_V3: readonly Pass[] = [
  { tier: 'blue', confirmed: false },
  { tier: 'red', confirmed: true },
  { tier: 'red', confirmed: false },
  { tier: 'yellow', confirmed: false },
];

export function allocate(input: AllocationInput): AllocationResult {
  validate(input);
  const ruleVersion = input.ruleVersion ?? RULE_VERSION;
  assertRuleVersion(ruleVersion);
  const byTier = groupByTier(input.children);
  const passes = ruleVersion >= 3 ? PASSES_V3 : PASSES_V2;
  // Only families asking for care take part in the lottery; green/unanswered order does not matter.
  const askingFamilies = new Set<string>();
  for (const tier of SERVED_TIERS) for (const parentId of byTier[tier].keys()) askingFamilies.add(parentId);
  const lottery = lotteryOrder(input.seed, askingFamilies);

  const allocations: ChildAllocation[] = [];
  const waitlist: string[] = [];
  let remaining = input.totalSlots;
  let rank = 0;
  for (const { tier, confirmed } of passes) {
    const families = ruleVersion >= 3 && tier === 'red' ? splitConfirmed(byTier.red, confirmed) : byTier[tier];
    for (const unit of orderOfService(families, lottery, confirmed)) {
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
            ...(confirmed ? { confirmed: true } : {}),
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

const isConfirmed = (child: AllocationChild): boolean => child.priority !== null && child.priority !== undefined;

/** The red families' children with (confirmed = true) or without a valid confirmation. */
function splitConfirmed(red: Map<string, AllocationChild[]>, confirmed: boolean): Map<string, AllocationChild[]> {
  const out = new Map<string, AllocationChild[]>();
  for (const [parentId, children] of red) {
    const part = children.filter((c) => isConfirmed(c) === confirmed);
    if (part.length > 0) out.set(parentId, part);
  }
  return out;
}

/**
 * One pass's families: in the confirmed pass the group position first (lower first); then balance
 * descending, then lottery position; siblings by childId.
 */
function orderOfService(families: Map<string, AllocationChild[]>, lottery: Map<string, number>, confirmed = false): Unit[] {
  const units: Unit[] = [];
  for (const [parentId, children] of families) {
    if (children.length > 1) children.sort((a, b) => compareStrings(a.childId, b.childId));
    units.push({
      parentId,
      // validate() made sure all children of a family carry the same balance.
      balance: (children[0] as AllocationChild).creditBalance,
      lotteryPosition: lottery.get(parentId) ?? 0,
      // Siblings confirmed for different groups are served by the family's best (lowest) position.
      priority: confirmed ? Math.min(...children.map((c) => c.priority ?? Infinity)) : 0,
      children,
    });
  }
  // Lottery positions are unique per family, so this order is total.
  return units.sort((a, b) => a.priority - b.priority || b.balance - a.balance || a.lotteryPosition - b.lotteryPosition);
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
    if (child.priority !== null && child.priority !== undefined && (!Number.isInteger(child.priority) || child.priority < 1)) {
      throw new RangeError(`priority of child ${child.childId} must be a positive integer, got ${child.priority}`);
    }
    // The answer route refuses blue for future events; a blue one here is a bug upstream, not data to guess about.
    if (child.preferenceType === 'blue' && input.eventType !== 'immediate') {
      throw new RangeError(`child ${child.childId} answered blue on a future event`);
    }
  }
}
