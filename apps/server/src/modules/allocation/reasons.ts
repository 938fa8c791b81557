import { translate } from '@kita/shared/i18n';
import type { Language, ReasonCode, SlotOutcome } from '@kita/shared';
import type { AllocationReason } from './allocate.js';
import { formatDateTime } from '@kita/shared';

/** The allocation columns an outcome is explained from. */
export interface OutcomeRow {
  rank: number | null;
  waitlistPosition: number | null;
  /** jsonb written at close by the allocation module. */
  reason: AllocationReason | null;
  releasedAt: Date | null;
  promotedAt: Date | null;
}

export const NO_OUTCOME: SlotOutcome = { rank: null, waitlistPosition: null, reasonCode: null, reasonText: null };

/**
 * Rank, waitlist place and the reason for one child's outcome in the caller's language (docs/domain.md:
 * "tier, balance, lottery position", so a manager can answer "why did my child not get a place?").
 * What happened after the close (a release, a move up) overrides the reason of the close.
 */
export function describeOutcome(row: OutcomeRow | null, lang: Language, timeZone: string): SlotOutcome {
  if (!row?.reason) return NO_OUTCOME;
  const r = row.reason;
  const vars = {
    tier: translate(lang, `results.tier.${r.tier}`),
    balance: r.balance,
    lottery: r.lotteryPosition ?? '-',
    rank: row.rank ?? '-',
    waitlist: row.waitlistPosition ?? '-',
    date: row.releasedAt ? formatDateTime(row.releasedAt, timeZone) : '',
  };
  const code: ReasonCode = row.releasedAt ? 'released' : row.promotedAt ? 'promoted' : r.code;
  let text = translate(lang, `results.reason.${code}`, vars);
  if (r.familySplit && (code === 'slot_by_priority' || code === 'no_slot_capacity')) {
    text += translate(lang, 'results.reason.familySplit');
  }
  return { rank: row.rank, waitlistPosition: row.waitlistPosition, reasonCode: code, reasonText: text };
}
