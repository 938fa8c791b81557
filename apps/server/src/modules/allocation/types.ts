import type { EventType, PreferenceType, ReasonCode as SharedReasonCode } from '@kita/shared';

/** One eligible child at close. `creditBalance` is the family's (parent's) ledger sum. */
export interface AllocationChild {
  childId: string;
  parentId: string;
  /** The answer at close; null = unanswered. */
  preferenceType: PreferenceType | null;
  creditBalance: number;
  /**
   * Rule version 3: the position (1 = first) of the priority group the Kita has confirmed for this
   * child's family (or for this child alone), valid at the close instant; null or absent without a
   * confirmation. Rule versions 1 and 2 ignore it.
   */
  priority?: number | null;
}

export interface AllocationInput {
  /** The event's secret lottery seed (revealed at close). */
  seed: string;
  /** Slot count of the event's category. */
  totalSlots: number;
  eventType: EventType;
  children: readonly AllocationChild[];
  /** The rule version to record in the result and reasons; default the current RULE_VERSION. */
  ruleVersion?: number;
}

export type Tier = 'blue' | 'red' | 'yellow' | 'green' | 'unanswered';

/** The reasons the allocation itself gives; `released` and `promoted` come later (results/release.ts). */
export type ReasonCode = Exclude<SharedReasonCode, 'released' | 'promoted'>;

/** Stored as jsonb on the allocation row; enough to answer "why (not) my child?". */
export interface AllocationReason {
  code: ReasonCode;
  tier: Tier;
  /** The family balance used for ordering. */
  balance: number;
  /**
   * 1-based position of the family in this event's lottery order: the families with at least one
   * blue, red or yellow child, sorted by SHA-256(`seed:parentId`) ascending. It only decides between
   * equal balances. Null for green/unanswered, where the order does not matter.
   */
  lotteryPosition: number | null;
  /** Children of this family in the same tier; they are served one after another. */
  familySize: number;
  /** True when the last slots ran out inside this family's group (some siblings placed, some not). */
  familySplit: boolean;
  ruleVersion: number;
  /**
   * Rule version 3: the child was served in the confirmed-priority pass (a red child of a family
   * the Kita confirmed). Which group it was is deliberately not stored here: the reason is shown on
   * the event page, in the report and to the family, where only "priority (confirmed)" may appear.
   */
  confirmed?: boolean;
}

export interface ChildAllocation {
  childId: string;
  parentId: string;
  preferenceType: PreferenceType | null;
  hasSlot: boolean;
  /** 1-based order of service among blue/red/yellow; null for green/unanswered. */
  rank: number | null;
  /** 1-based position on the waitlist for unplaced red/yellow children. */
  waitlistPosition: number | null;
  creditBalance: number;
  reason: AllocationReason;
}

export interface AllocationSummary {
  totalSlots: number;
  /** Children with a slot, blue included (may exceed totalSlots by `overflow`). */
  slotsGiven: number;
  /** Blue children beyond totalSlots. */
  overflow: number;
  /** Slots nobody asked for. */
  slotsFree: number;
  counts: Record<Tier, number>;
  /** Child ids of unplaced red/yellow children in order of service. */
  waitlist: string[];
}

export interface AllocationResult {
  ruleVersion: number;
  /** Ranked children in order of service, then green/unanswered sorted by childId. */
  allocations: ChildAllocation[];
  summary: AllocationSummary;
}

export type LedgerReason =
  | 'green'
  | 'no_slot'
  | 'slot'
  | 'release_reverse'
  | 'release_green'
  | 'promote_reverse'
  | 'promote_slot'
  | 'reset'
  /** One entry per family by migration 0005: the version-1 balance brought to its version-2 meaning. */
  | 'rule_v2';

export interface LedgerEntry {
  parentId: string;
  childId: string;
  amount: number;
  reason: LedgerReason;
}
