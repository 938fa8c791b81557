import { sql } from 'drizzle-orm';
import type { CategoryName, ChildHistory, EventType, PreferenceType } from '@kita/shared';
import { toIso } from '../events/queries.js';
import { loadParentInScope } from '../parents/service.js';
import type { RequestContext } from '../../lib/context.js';

type Row = {
  child_id: string;
  child_name: string;
  category_name: CategoryName;
  kita_name: string;
  timezone: string;
  released_at: Date | string | null;
  preference_id: string | null;
  event_id: string | null;
  care_starts_at: Date | string | null;
  care_ends_at: Date | string | null;
  answers_close_at: Date | string | null;
  event_timezone: string | null;
  event_type: EventType | null;
  status: string | null;
  preference_type: PreferenceType | null;
  has_slot: boolean | null;
};

/**
 * `GET parents/{id}/children/preferences`: one entry per child
 * of the parent with every answer, newest expireDate first, the slot once allocated and whether
 * the release button applies (the same rules the release route enforces).
 */
export async function parentHistory(ctx: RequestContext, parentId: string): Promise<ChildHistory[]> {
  await loadParentInScope(ctx.db, ctx.actor, parentId);
  const r = await ctx.db.execute<Row>(sql`
    select c.id as child_id, c.name as child_name, cat.name as category_name, k.name as kita_name, k.timezone,
           pr.id as preference_id, e.id as event_id, e.care_starts_at, e.care_ends_at, e.answers_close_at, e.timezone as event_timezone,
           e.event_type, e.status, pr.preference_type, a.has_slot, a.released_at
      from children c
      join groups g on g.id = c.group_id
      join categories cat on cat.id = g.category_id
      join kitas k on k.id = cat.kita_id
      left join preferences pr on pr.child_id = c.id
      left join events e on e.id = pr.event_id
      left join allocations a on a.event_id = pr.event_id and a.child_id = c.id
     where c.parent_id = ${parentId}
     order by c.name, c.id, e.care_ends_at desc nulls last, e.id`);
  const now = ctx.clock.now().getTime();
  const byChild = new Map<string, ChildHistory>();
  for (const row of r.rows) {
    let child = byChild.get(row.child_id);
    if (!child) {
      child = { childId: row.child_id, childName: row.child_name, categoryName: row.category_name, kitaName: row.kita_name, timezone: row.timezone, preferences: [] };
      byChild.set(row.child_id, child);
    }
    if (!row.preference_id || !row.event_id || !row.preference_type) continue;
    const expire = new Date(row.care_ends_at!);
    const finished = row.status === 'finished';
    const hasSlot = row.has_slot === null || row.has_slot === undefined ? null : row.has_slot ? 'JA' : 'NEIN';
    child.preferences.push({
      preferenceId: row.preference_id,
      childId: row.child_id,
      eventId: row.event_id,
      eventDate: toIso(row.care_starts_at!),
      expireDate: toIso(expire),
      responseDeadline: toIso(row.answers_close_at!),
      timezone: row.event_timezone!,
      eventType: row.event_type!,
      preferenceType: row.preference_type,
      hasSlot,
      released: row.released_at !== null && row.released_at !== undefined,
      isFinished: finished || new Date(row.answers_close_at!).getTime() <= now,
      canRelease: finished && row.event_type === 'future' && hasSlot === 'JA' && expire.getTime() > now,
    });
  }
  return [...byChild.values()];
}
