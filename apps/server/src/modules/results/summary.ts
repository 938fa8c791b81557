import { sql } from 'drizzle-orm';
import type { PreferenceCounts, ResultSummary } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { toIso, type EventRow } from '../events/queries.js';

type CountsRow = {
  children: number;
  red: number;
  yellow: number;
  green: number;
  blue: number;
  unanswered: number;
  slots: number;
  waiting: number;
  finished_at: Date | string | null;
};

/**
 * The figures that head the close answer and the report. After close they come from the frozen
 * allocation (who was eligible then), with slots and waitlist as they are now (after releases);
 * before close from the inquiry's snapshot (event_children) and the answers so far.
 */
export async function resultSummary(db: DbOrTx, e: EventRow): Promise<ResultSummary> {
  const finished = e.status === 'finished';
  const r = finished
    ? await db.execute<CountsRow>(sql`
        select count(*)::int as children,
               count(*) filter (where preference_type = 'red')::int as red,
               count(*) filter (where preference_type = 'yellow')::int as yellow,
               count(*) filter (where preference_type = 'green')::int as green,
               count(*) filter (where preference_type = 'blue')::int as blue,
               count(*) filter (where preference_type is null)::int as unanswered,
               count(*) filter (where has_slot)::int as slots,
               count(*) filter (where not has_slot and waitlist_position is not null and promoted_at is null)::int as waiting,
               (select finished_at from events where id = ${e.id}) as finished_at
          from allocations where event_id = ${e.id}`)
    : await db.execute<CountsRow>(sql`
        select count(*)::int as children,
               count(*) filter (where pr.preference_type = 'red')::int as red,
               count(*) filter (where pr.preference_type = 'yellow')::int as yellow,
               count(*) filter (where pr.preference_type = 'green')::int as green,
               count(*) filter (where pr.preference_type = 'blue')::int as blue,
               count(*) filter (where pr.id is null)::int as unanswered,
               0 as slots, 0 as waiting, null as finished_at
          from event_children ec
          left join preferences pr on pr.event_id = ec.event_id and pr.child_id = ec.child_id
         where ec.event_id = ${e.id} and ec.left_at is null`);
  const row = r.rows[0]!;
  const counts: PreferenceCounts = {
    red: Number(row.red),
    yellow: Number(row.yellow),
    green: Number(row.green),
    blue: Number(row.blue),
    unanswered: Number(row.unanswered),
  };
  return {
    eventId: e.id,
    status: e.status,
    finishedAt: row.finished_at ? toIso(row.finished_at) : null,
    totalSlots: e.totalSlots,
    childrenCount: Number(row.children),
    counts,
    slotsGiven: Number(row.slots),
    // Blue keeps its place even past the slot count (docs/domain.md); the overflow is what exceeded it.
    overflow: finished ? Math.max(0, counts.blue - e.totalSlots) : 0,
    waitlistCount: Number(row.waiting),
    seed: finished ? e.seed : null,
    seedHash: e.seedHash,
    ruleVersion: e.ruleVersion,
  };
}
