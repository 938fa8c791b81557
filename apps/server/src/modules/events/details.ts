import { sql } from 'drizzle-orm';
import type { EventChild, EventWithChildren, Language, PreferenceType } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { creditLedger } from '../../db/schema.js';
import type { AllocationReason } from '../allocation/allocate.js';
import { describeOutcome } from '../allocation/reasons.js';
import { toIso, toSummary, type EventRow } from './queries.js';
import { eligibleChildren } from './snapshot-records.js';
import { inquiryChildren, type InquiryChild } from './inquiry-children.js';

/** The answer the page shows: the family's answer, else the one the allocation recorded at close. */
const preferenceOf = (r: InquiryChild): PreferenceType | null => r.answer?.preferenceType ?? r.allocation?.preferenceType ?? null;

/**
 * The children a scheduled inquiry would ask now (it has no snapshot yet), in the read model's
 * shape: the live eligible children of its category with the family's ledger balance, nothing
 * answered or allocated yet.
 */
async function wouldAsk(db: DbOrTx, e: EventRow, now: Date): Promise<InquiryChild[]> {
  const live = await db.execute<{ child_id: string; child_name: string; parent_id: string; parent_name: string; group_id: string; group_name: string; channel: string | null; balance: number }>(sql`
    select k.child_id, k.child_name, k.parent_id, k.parent_name, k.group_id, k.group_name, k.channel,
           coalesce((select sum(${creditLedger.amount}) from ${creditLedger} where ${creditLedger.parentId} = k.parent_id), 0)::int as balance
      from (${eligibleChildren(sql`${e.categoryId}::uuid`)}) k
     order by k.child_name, k.child_id`);
  return live.rows.map((k) => ({
    childId: k.child_id,
    childName: k.child_name,
    parentId: k.parent_id,
    parentName: k.parent_name,
    groupId: k.group_id,
    groupName: k.group_name,
    channel: k.channel,
    joinedAt: now,
    joinReason: 'opening',
    leftAt: null,
    leaveReason: null,
    ledgerBalance: Number(k.balance),
    answer: null,
    recordedByName: null,
    allocation: null,
    contact: null,
  }));
}

/**
 * The event with its response rows: the children of the inquiry's snapshot
 * (docs/domain.md: recorded at opening, late joiners added, those that left kept with their reason but
 * not counted), with names and groups as they were, the family's credit balance (the balance the
 * order was decided by once allocated, the ledger sum before) and the slot once allocated.
 *
 * A scheduled inquiry has no snapshot yet (it is written when the parents are asked): it lists the
 * children it would ask now, the live eligible children of its category (the page said
 * "Keine Kinder in dieser Kategorie", "0 von 0 Kindern" until it was sent).
 */
export async function eventWithChildren(db: DbOrTx, e: EventRow, now: Date, lang: Language = 'de'): Promise<EventWithChildren> {
  const rows: InquiryChild[] = e.status === 'scheduled' ? await wouldAsk(db, e, now) : await inquiryChildren(db, e.id);

  const counts = { red: 0, yellow: 0, green: 0, blue: 0, unanswered: 0 };
  let eligibleCount = 0;
  let lateJoiners = 0;
  let leftCount = 0;
  const withoutChannel = new Map<string, string>();
  for (const r of rows) {
    if (r.leftAt) {
      leftCount++;
      continue;
    }
    eligibleCount++;
    if (r.joinReason !== 'opening' && r.joinReason !== 'migrated') lateJoiners++;
    counts[preferenceOf(r) ?? 'unanswered']++;
    // No channel (anonymous, or no address): the manager records the answer.
    if (!r.channel) withoutChannel.set(r.parentId, r.parentName);
  }
  const threshold = Math.max(0, eligibleCount - e.totalSlots);

  const children: EventChild[] = rows.map((r) => {
    const { answer, allocation: a } = r;
    const recordedBy = answer?.recordedBy ? { userId: answer.recordedBy, name: r.recordedByName ?? '' } : null;
    const preferenceType = preferenceOf(r);
    return {
      childId: r.childId,
      childName: r.childName,
      parentId: r.parentId,
      parentName: r.parentName,
      groupId: r.groupId,
      groupName: r.groupName,
      // Once allocated, the balance the order was decided by; before, the ledger's.
      credit: a ? a.creditBalance : r.ledgerBalance,
      preferance:
        answer && preferenceType
          ? [{ preferenceId: answer.preferenceId, preferenceType, recordedBy, updatedAt: toIso(answer.updatedAt) }]
          : [],
      preferenceId: answer?.preferenceId ?? null,
      preferenceType,
      recordedBy,
      hasSlot: a ? (a.hasSlot ? 'JA' : 'NEIN') : null,
      eventType: e.eventType,
      joinReason: r.joinReason,
      joinedAt: toIso(r.joinedAt),
      leftAt: r.leftAt ? toIso(r.leftAt) : null,
      leaveReason: r.leaveReason,
      // Rank and reason of the allocation (results module), in the caller's language.
      ...describeOutcome(
        a
          ? { rank: a.rank, waitlistPosition: a.waitlistPosition, reason: a.reason as AllocationReason, releasedAt: a.releasedAt, promotedAt: a.promotedAt }
          : null,
        lang,
        e.timezone,
      ),
    };
  });

  return {
    eventDetails: {
      ...toSummary(e, now),
      kitaDescription: e.kitaDescription,
      threshold,
      requiredHomeCare: threshold,
      availableSlots: e.totalSlots,
      eligibleCount,
      greenPreferencesCount: counts.green,
      counts,
      seedHash: e.seedHash,
      seed: e.status === 'finished' ? e.seed : null,
      ruleVersion: e.ruleVersion,
      notifiedAt: e.notifiedAt ? toIso(e.notifiedAt) : null,
      parentsWithoutChannel: [...withoutChannel].map(([parentId, name]) => ({ parentId, name })),
      lateJoiners,
      leftCount,
    },
    children,
  };
}
