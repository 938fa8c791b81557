import { sql } from 'drizzle-orm';
import type { EventReport, Language, PreferenceType, ReportRow } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import type { AllocationReason } from '../allocation/allocate.js';
import type { EventRow } from '../events/queries.js';
import { toWireDates } from '../events/wire-dates.js';
import { describeOutcome } from '../allocation/reasons.js';
import { resultSummary } from './summary.js';

type Row = {
  child_id: string;
  child_name: string;
  parent_id: string;
  parent_name: string;
  group_id: string;
  group_name: string;
  credit: number;
  preference_type: PreferenceType | null;
  has_slot: boolean | null;
  rank: number | null;
  waitlist_position: number | null;
  reason: AllocationReason | null;
  released_at: Date | string | null;
  promoted_at: Date | string | null;
};

const date = (v: Date | string | null) => (v ? new Date(v) : null);

/**
 * The report of one event (docs/domain.md "Reports"): the summary and one row per child, grouped by
 * group. After close the rows are the frozen allocation with the names and groups of the
 * inquiry's snapshot (event_children) and the balance the order was decided by, so no later edit
 * or deletion changes them; before close the snapshot's children with their answers.
 */
export async function buildReport(db: DbOrTx, e: EventRow, lang: Language, now: Date): Promise<EventReport> {
  const finished = e.status === 'finished';
  const r = finished
    ? await db.execute<Row>(sql`
        select ec.child_id, ec.child_name, ec.parent_id, ec.parent_name,
               ec.group_id, ec.group_name, a.credit_balance as credit, a.preference_type,
               a.has_slot, a.rank, a.waitlist_position, a.reason, a.released_at, a.promoted_at
          from allocations a
          join event_children ec on ec.event_id = a.event_id and ec.child_id = a.child_id
         where a.event_id = ${e.id}`)
    : await db.execute<Row>(sql`
        select ec.child_id, ec.child_name, ec.parent_id, ec.parent_name, ec.group_id, ec.group_name,
               coalesce((select sum(l.amount) from credit_ledger l where l.parent_id = ec.parent_id), 0)::int as credit,
               pr.preference_type, null::boolean as has_slot, null::int as rank, null::int as waitlist_position,
               null::jsonb as reason, null::timestamptz as released_at, null::timestamptz as promoted_at
          from event_children ec
          left join preferences pr on pr.event_id = ec.event_id and pr.child_id = ec.child_id
         where ec.event_id = ${e.id} and ec.left_at is null`);

  const rows: ReportRow[] = r.rows.map((x) => {
    const releasedAt = date(x.released_at);
    const promotedAt = date(x.promoted_at);
    return {
      childId: x.child_id,
      childName: x.child_name,
      parentId: x.parent_id,
      parentName: x.parent_name,
      groupId: x.group_id,
      groupName: x.group_name,
      credit: Number(x.credit),
      preferenceType: x.preference_type,
      hasSlot: x.has_slot === null || x.has_slot === undefined ? null : x.has_slot ? 'JA' : 'NEIN',
      releasedAt: releasedAt ? releasedAt.toISOString() : null,
      promotedAt: promotedAt ? promotedAt.toISOString() : null,
      ...describeOutcome(
        x.reason ? { rank: x.rank, waitlistPosition: x.waitlist_position, reason: x.reason, releasedAt, promotedAt } : null,
        lang,
        e.timezone,
      ),
    };
  });

  // Numeric: 'Gruppe 2' before 'Gruppe 10'.
  const collator = new Intl.Collator(lang === 'en' ? 'en' : 'de', { numeric: true });
  rows.sort(
    (a, b) =>
      collator.compare(a.groupName, b.groupName) ||
      a.groupId.localeCompare(b.groupId) ||
      (a.rank ?? Infinity) - (b.rank ?? Infinity) ||
      collator.compare(a.childName, b.childName) ||
      a.childId.localeCompare(b.childId),
  );
  const groups: EventReport['groups'] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last && last.groupId === row.groupId) last.rows.push(row);
    else groups.push({ groupId: row.groupId, groupName: row.groupName, rows: [row] });
  }

  return {
    event: {
      eventId: e.id,
      kitaId: e.kitaId,
      kitaName: e.kitaName,
      eventType: e.eventType,
      category: e.category,
      ...toWireDates({ careStartsAt: e.careStartsAt, careEndsAt: e.careEndsAt, answersCloseAt: e.answersCloseAt }),
      timezone: e.timezone,
      description: e.description,
    },
    summary: await resultSummary(db, e),
    groups,
    generatedAt: now.toISOString(),
  };
}
