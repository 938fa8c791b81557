import { sql } from 'drizzle-orm';
import type { EventChild, EventWithChildren, Language, PreferenceType } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { parentRecipient } from '../../notify/messages.js';
import type { AllocationReason } from '../allocation/allocate.js';
import { describeOutcome } from '../allocation/reasons.js';
import { eligibleWhere, toIso, toSummary, type EventRow } from './queries.js';

type ChildRow = {
  child_id: string;
  child_name: string;
  parent_id: string;
  parent_name: string;
  group_id: string;
  group_name: string;
  eligible: boolean;
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
  email: string | null;
  primary_phone: string | null;
  primary_phone_verified: boolean;
  preferred_communication: string | null;
  is_anonymous: boolean;
  language: string;
}

/**
 * The event with its response rows (spec "Event details"): the eligible children plus any child
 * that already has an answer or an allocation for it (so history stays visible when a family
 * leaves the category), with the family's credit balance (ledger sum) and the slot once allocated.
 */
export async function eventWithChildren(db: DbOrTx, e: EventRow, now: Date, lang: Language = 'de'): Promise<EventWithChildren> {
  const result = await db.execute<ChildRow>(sql`
    with kids as (
      select id, bool_or(eligible) as eligible from (
        select c.id, true as eligible
          from children c join groups g on g.id = c.group_id join parents p on p.id = c.parent_id
         where ${eligibleWhere(sql`${e.categoryId}::uuid`)}
        union all select child_id, false from preferences where event_id = ${e.id}
        union all select child_id, false from allocations where event_id = ${e.id}
      ) k group by id
    )
    select c.id as child_id, c.name as child_name, p.id as parent_id, p.name as parent_name,
           g.id as group_id, g.name as group_name, kids.eligible,
           coalesce((select sum(l.amount) from credit_ledger l where l.parent_id = p.id), 0)::int as credit,
           pr.id as preference_id, pr.preference_type, pr.recorded_by, u.name as recorded_by_name, pr.updated_at,
           a.has_slot, a.rank, a.waitlist_position, a.reason, a.released_at, a.promoted_at,
           p.email, p.primary_phone, p.primary_phone_verified, p.preferred_communication, p.is_anonymous, p.language
      from kids
      join children c on c.id = kids.id
      join groups g on g.id = c.group_id
      join parents p on p.id = c.parent_id
      left join preferences pr on pr.event_id = ${e.id} and pr.child_id = c.id
      left join users u on u.id = pr.recorded_by
      left join allocations a on a.event_id = ${e.id} and a.child_id = c.id
     order by c.name, c.id`);
  const rows = result.rows;

  const counts = { red: 0, yellow: 0, green: 0, blue: 0, unanswered: 0 };
  let eligibleCount = 0;
  const withoutChannel = new Map<string, string>();
  for (const r of rows) {
    if (!r.eligible) continue;
    eligibleCount++;
    counts[r.preference_type ?? 'unanswered']++;
    if (
      !parentRecipient({
        email: r.email,
        primaryPhone: r.primary_phone,
        primaryPhoneVerified: r.primary_phone_verified,
        preferredCommunication: r.preferred_communication,
        isAnonymous: r.is_anonymous,
        language: r.language,
      })
    ) {
      withoutChannel.set(r.parent_id, r.parent_name);
    }
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
    },
    children,
  };
}
