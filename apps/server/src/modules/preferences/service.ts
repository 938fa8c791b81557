import { sql } from 'drizzle-orm';
import type { EventType, Preference, PreferenceType } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { eligibleWhere } from '../events/queries.js';

/**
 * The answer path (domain.md "Answers"; benchmarked by bench/answer-path.ts): one read that checks
 * the event and the caller's eligible children, then one guarded upsert. No explicit transaction:
 * the upsert re-checks that the event is open under a FOR SHARE lock on the event row in the same
 * statement, so an answer can never slip in after the allocation (which takes the row FOR UPDATE)
 * has read the answers.
 */

export interface AnswerRow {
  childId: string;
  parentId: string;
  preferenceType: PreferenceType;
}

type EventCheck = {
  event_type: EventType;
  closed: boolean;
  children: Array<{ id: string; name: string; parent_id: string }>;
}

export const eventFinished = () => conflict('EVENT_FINISHED');

/**
 * Reads the event state and those of `childIds` that are eligible for it (optionally only the
 * children of one parent). Throws 404 for an unknown event, 409 once it is finished.
 */
export async function checkAnswerable(
  db: DbOrTx,
  eventId: string,
  childIds: string[],
  now: Date,
  parentId: string | null,
): Promise<{ eventType: EventType; children: Map<string, { name: string; parentId: string }> }> {
  const r = await db.execute<EventCheck>(sql`
    select e.event_type, (e.status <> 'open' or e.expire_date <= ${now.toISOString()}::timestamptz) as closed,
           (select coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'parent_id', c.parent_id)), '[]'::json)
              from children c join groups g on g.id = c.group_id join parents p on p.id = c.parent_id
             where c.id = any(string_to_array(${childIds.join(',')}, ',')::uuid[])
               ${parentId ? sql`and c.parent_id = ${parentId}::uuid` : sql``}
               and ${eligibleWhere(sql`e.category_id`)}) as children
      from events e where e.id = ${eventId}`);
  const row = r.rows[0];
  if (!row) throw notFound('errors.EVENT_NOT_FOUND', { id: eventId });
  if (row.closed) throw eventFinished();
  const children = new Map(row.children.map((c) => [c.id, { name: c.name, parentId: c.parent_id }]));
  return { eventType: row.event_type, children };
}

/** Validates the answers against the check: only eligible children, blue only for immediate events. */
export function assertAnswers(
  check: Awaited<ReturnType<typeof checkAnswerable>>,
  answers: Array<{ childId: string; preferenceType: PreferenceType }>,
): void {
  const notEligible = answers.findIndex((a) => !check.children.has(a.childId));
  if (notEligible >= 0) {
    throw new AppError(400, 'CHILD_NOT_ELIGIBLE', 'errors.CHILD_NOT_ELIGIBLE', {}, [
      { path: `preferences.${notEligible}.childId`, message: 'validation.invalid' },
    ]);
  }
  if (check.eventType !== 'immediate' && answers.some((a) => a.preferenceType === 'blue')) {
    throw badRequest('BLUE_ONLY_IMMEDIATE');
  }
}

/**
 * Upserts one answer per (event, child); the last writer wins and `recordedBy` tells whether staff
 * recorded it. Throws 409 when the event closed between the check and this statement.
 */
export async function upsertAnswers(
  db: DbOrTx,
  eventId: string,
  rows: AnswerRow[],
  recordedBy: string | null,
  now: Date,
): Promise<Array<{ id: string; child_id: string; preference_type: PreferenceType }>> {
  const values = sql.join(
    rows.map((a) => sql`(${a.childId}::uuid, ${a.parentId}::uuid, ${a.preferenceType}::text)`),
    sql`, `,
  );
  const at = now.toISOString();
  const r = await db.execute<{ id: string; child_id: string; preference_type: PreferenceType }>(sql`
    with ev as (
      select id from events
       where id = ${eventId} and status = 'open' and expire_date > ${at}::timestamptz
       for share)
    insert into preferences (event_id, child_id, parent_id, preference_type, recorded_by, created_at, updated_at)
    select ev.id, x.child_id, x.parent_id, x.preference_type, ${recordedBy}::uuid, ${at}::timestamptz, ${at}::timestamptz
      from ev, (values ${values}) as x(child_id, parent_id, preference_type)
    on conflict (event_id, child_id) do update
       set preference_type = excluded.preference_type, parent_id = excluded.parent_id,
           recorded_by = excluded.recorded_by, updated_at = excluded.updated_at
    returning id, child_id, preference_type`);
  if (r.rows.length !== rows.length) throw eventFinished();
  return r.rows;
}

/** The shared tail of the parent and staff paths: check, validate, upsert, shape the answer. */
export async function saveAnswers(
  db: DbOrTx,
  input: { eventId: string; answers: Array<{ childId: string; preferenceType: PreferenceType }> },
  opts: { parentId: string | null; recordedBy: string | null; now: Date },
): Promise<{ eventType: EventType; preferences: Preference[] }> {
  const check = await checkAnswerable(
    db,
    input.eventId,
    input.answers.map((a) => a.childId),
    opts.now,
    opts.parentId,
  );
  assertAnswers(check, input.answers);
  const rows = input.answers.map((a) => ({
    childId: a.childId,
    parentId: check.children.get(a.childId)!.parentId,
    preferenceType: a.preferenceType,
  }));
  const saved = await upsertAnswers(db, input.eventId, rows, opts.recordedBy, opts.now);
  return {
    eventType: check.eventType,
    preferences: saved.map((s) => ({
      preferenceId: s.id,
      eventId: input.eventId,
      childId: s.child_id,
      childName: check.children.get(s.child_id)?.name ?? '',
      preferenceType: s.preference_type,
    })),
  };
}
