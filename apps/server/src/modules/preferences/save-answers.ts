import { sql } from 'drizzle-orm';
import type { EventType, Preference, PreferenceType } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';

/**
 * The answer path (docs/domain.md "Answers"; benchmarked by bench/answer-path.ts): ONE statement that
 * locks the event row FOR SHARE, checks that the event is open, keeps only the caller's children
 * in the inquiry's snapshot (event_children), refuses blue for a future event, and upserts one answer per (event, child); it returns
 * what it found so the reason of a refusal can be told. The lock means an answer can never slip in
 * after the allocation (which takes the row FOR UPDATE) has read the answers, and it costs no
 * explicit transaction.
 */

export const eventFinished = () => conflict('EVENT_FINISHED');

type AnswerOutcome = {
  event_type: EventType;
  closed: boolean;
  eligible: Array<{ id: string; name: string }>;
  saved: Array<{ id: string; child_id: string; preference_type: PreferenceType }> | null;
};

export async function saveAnswers(
  db: DbOrTx,
  input: { eventId: string; answers: Array<{ childId: string; preferenceType: PreferenceType }> },
  opts: { parentId: string | null; recordedBy: string | null; now: Date },
): Promise<{ eventType: EventType; preferences: Preference[] }> {
  const at = opts.now.toISOString();
  const asked = sql.join(
    input.answers.map((a) => sql`(${a.childId}::uuid, ${a.preferenceType}::text)`),
    sql`, `,
  );
  const r = await db.execute<AnswerOutcome>(sql`
    with ev as (
      select id, event_type, category_id, (status <> 'open' or answers_close_at <= ${at}::timestamptz) as closed
        from events where id = ${input.eventId}
         for share),
    asked (child_id, preference_type) as (values ${asked}),
    ok as (
      select a.child_id, a.preference_type, ec.parent_id, ec.child_name as name
        from asked a
        join ev on true
        join event_children ec on ec.event_id = ev.id and ec.child_id = a.child_id and ec.left_at is null
             ${opts.parentId ? sql`and ec.parent_id = ${opts.parentId}::uuid` : sql``}),
    ins as (
      insert into preferences (event_id, child_id, parent_id, preference_type, recorded_by, created_at, updated_at)
      select ev.id, ok.child_id, ok.parent_id, ok.preference_type, ${opts.recordedBy}::uuid, ${at}::timestamptz, ${at}::timestamptz
        from ev, ok
       where not ev.closed
         and (select count(*) from ok) = (select count(*) from asked)
         and (ev.event_type = 'immediate' or not exists (select 1 from asked where preference_type = 'blue'))
      on conflict (event_id, child_id) do update
         set preference_type = excluded.preference_type, parent_id = excluded.parent_id,
             recorded_by = excluded.recorded_by, updated_at = excluded.updated_at
      returning id, child_id, preference_type)
    select ev.event_type, ev.closed,
           (select coalesce(json_agg(json_build_object('id', ok.child_id, 'name', ok.name)), '[]'::json) from ok) as eligible,
           (select json_agg(json_build_object('id', ins.id, 'child_id', ins.child_id, 'preference_type', ins.preference_type)) from ins) as saved
      from ev`);
  const row = r.rows[0];
  if (!row) throw notFound('events.notFound', { id: input.eventId });
  if (row.closed) throw eventFinished();
  const names = new Map(row.eligible.map((c) => [c.id, c.name]));
  const notEligible = input.answers.findIndex((a) => !names.has(a.childId));
  if (notEligible >= 0) {
    throw new AppError(400, 'CHILD_NOT_ELIGIBLE', 'errors.CHILD_NOT_ELIGIBLE', {}, [
      { path: `preferences.${notEligible}.childId`, message: 'validation.invalid' },
    ]);
  }
  if (row.event_type !== 'immediate' && input.answers.some((a) => a.preferenceType === 'blue')) throw badRequest('BLUE_ONLY_IMMEDIATE');
  const saved = row.saved ?? [];
  // Every check passed above, so a short write can only be a race the statement itself settled.
  if (saved.length !== input.answers.length) throw eventFinished();
  return {
    eventType: row.event_type,
    preferences: saved.map((s) => ({
      preferenceId: s.id,
      eventId: input.eventId,
      childId: s.child_id,
      childName: names.get(s.child_id) ?? '',
      preferenceType: s.preference_type,
    })),
  };
}
