import { sql } from 'drizzle-orm';
import type { EventChild, EventWithChildren, Language, PreferenceType } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import type { AllocationReason } from '../allocation/allocate.js';
import { describeOutcome } from '../allocation/reasons.js';
import { toIso, toSummary, type EventRow } from './queries.js';
import { eligibleChildren } from './snapshot-records.js';

type ChildRow = {
  child_id: string;
  child_name: string;
  parent_id: string;
  parent_name: string;
  group_id: string;
  group_name: string;
  channel: string | null;
  joined_at: Date | string;
  join_reason: string;
  left_at: Date | string | null;
  leave_reason: string | null;
  credit: number;
  preference_id: string | null;
  preference_type: PreferenceType | null;
  recorded_by: string | null;
  recorded_by_name: string | null;
  updated_at: Date | string | null;
  has_slot: boolean | null;
  rank: number | null;
  waitlist_position: number | null;
  reason: AllocationReason | null;
  released_at: Date | string | null;
  promoted_at: Date | string | null;
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
  const source =
    e.status === 'scheduled'
      ? sql`(select ${e.id}::uuid as event_id, k.child_id, k.child_name, k.parent_id, k.parent_name, k.group_id, k.group_name,
                    k.channel, ${now.toISOString()}::timestamptz as joined_at, 'opening' as join_reason,
                    null::timestamptz as left_at, null::text as leave_reason
               from (${eligibleChildren(sql`${e.categoryId}::uuid`)}) k)`
      : sql`event_children`;
  const result = await db.execute<ChildRow>(sql`
    select ec.child_id, ec.child_name, ec.parent_id, ec.parent_name, ec.group_id, ec.group_name, ec.channel,
           ec.joined_at, ec.join_reason, ec.left_at, ec.leave_reason,
           coalesce(a.credit_balance,
                    (select sum(l.amount) from credit_ledger l where l.parent_id = ec.parent_id), 0)::int as credit,
           pr.id as preference_id, coalesce(pr.preference_type, a.preference_type) as preference_type,
           pr.recorded_by, u.name as recorded_by_name, pr.updated_at,
           a.has_slot, a.rank, a.waitlist_position, a.reason, a.released_at, a.promoted_at
      from ${source} ec
      left join preferences pr on pr.event_id = ec.event_id and pr.child_id = ec.child_id
      left join users u on u.id = pr.recorded_by
      left join allocations a on a.event_id = ec.event_id and a.child_id = ec.child_id
     where ec.event_id = ${e.id}
     order by ec.child_name, ec.child_id`);
  const rows = result.rows;

  const counts = { red: 0, yellow: 0, green: 0, blue: 0, unanswered: 0 };
  let eligibleCount = 0;
  let lateJoiners = 0;
  let leftCount = 0;
  const withoutChannel = new Map<string, string>();
  for (const r of rows) {
    if (r.left_at) {
      leftCount++;
      continue;
    }
    eligibleCount++;
    if (r.join_reason !== 'opening' && r.join_reason !== 'migrated') lateJoiners++;
    counts[r.preference_type ?? 'unanswered']++;
    // No channel (anonymous, or no address): the manager records the answer.
    if (!r.channel) withoutChannel.set(r.parent_id, r.parent_name);
  }
  const threshold = Math.max(0, eligibleCount - e.totalSlots);

  const children: EventChild[] = rows.map((r) => {
    const recordedBy = r.recorded_by ? { userId: r.recorded_by, name: r.recorded_by_name ?? '' } : null;
    return {
      childId: r.child_id,
      childName: r.child_name,
      parentId: r.parent_id,
      parentName: r.parent_name,
      groupId: r.group_id,
      groupName: r.group_name,
      credit: Number(r.credit),
      preferance:
        r.preference_id && r.preference_type
          ? [{ preferenceId: r.preference_id, preferenceType: r.preference_type, recordedBy, updatedAt: toIso(r.updated_at!) }]
          : [],
      preferenceId: r.preference_id,
      preferenceType: r.preference_type,
      recordedBy,
      hasSlot: r.has_slot === null || r.has_slot === undefined ? null : r.has_slot ? 'JA' : 'NEIN',
      eventType: e.eventType,
      joinReason: r.join_reason,
      joinedAt: toIso(r.joined_at),
      leftAt: r.left_at ? toIso(r.left_at) : null,
      leaveReason: r.leave_reason,
      // Rank and reason of the allocation (results module), in the caller's language.
      ...describeOutcome(
        r.reason
          ? {
              rank: r.rank,
              waitlistPosition: r.waitlist_position,
              reason: r.reason,
              releasedAt: r.released_at ? new Date(r.released_at) : null,
              promotedAt: r.promoted_at ? new Date(r.promoted_at) : null,
            }
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
