import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { SYSTEM_ACTOR, audit } from '../../lib/audit.js';
import { fanOutInquiry } from './fanout.js';
import { findEvent } from './queries.js';
import { eligibleChildren, type JoinReason, type LeaveReason } from './snapshot-records.js';

// Written at opening by the fan-out; kept in step while open by syncOpenInquiries below.
export { channelSql, writeSnapshot, type JoinReason, type LeaveReason } from './snapshot-records.js';

export interface SyncScope {
  kitaId: string;
  /** The family whose eligibility may have changed (approve, deactivate, contact data). */
  parentId?: string;
  /** The child that was added, moved or removed. */
  childId?: string;
}

export interface SyncReasons {
  join: JoinReason;
  leave: LeaveReason;
}

export interface SyncResult {
  joined: number;
  left: number;
  messages: number;
}

/**
 * Brings the snapshots of the Kita's open inquiries in step with one family or child after a
 * change (call in the change's transaction): children now eligible join (and their family is
 * invited at once by its channel, or listed without channel for the manager), children no longer
 * eligible leave with `reasons.leave`, a move between groups of the same category updates the
 * group, and changed contact data updates the channel. Finished and scheduled inquiries are never
 * touched. The caller kicks the outbox after commit when `messages` > 0.
 */
export async function syncOpenInquiries(
  tx: Tx,
  scope: SyncScope,
  reasons: SyncReasons,
  ctx: { now: Date; config: { publicUrl: string; jwtSecret: Uint8Array } },
): Promise<SyncResult> {
  const open = await tx.execute<{ id: string }>(sql`
    select id from events
     where kita_id = ${scope.kitaId} and status = 'open' and answers_close_at > ${ctx.now.toISOString()}::timestamptz
     order by id for share`);
  if (open.rows.length === 0) return { joined: 0, left: 0, messages: 0 };
  const at = ctx.now.toISOString();
  // The live rows in scope (aliases c, p) and the snapshot rows in scope (alias ec).
  const liveScope = scope.childId
    ? sql`c.id = ${scope.childId}::uuid`
    : scope.parentId
      ? sql`c.parent_id = ${scope.parentId}::uuid`
      : sql`false`;
  const snapScope = scope.childId
    ? sql`ec.child_id = ${scope.childId}::uuid`
    : scope.parentId
      ? sql`ec.parent_id = ${scope.parentId}::uuid`
      : sql`false`;

  const result: SyncResult = { joined: 0, left: 0, messages: 0 };
  for (const { id } of open.rows) {
    const e = (await findEvent(tx, id))!;
    const cat = sql`${e.categoryId}::uuid`;
    // Leave: in the snapshot, but no longer an eligible child of this category.
    const left = await tx.execute<{ child_id: string }>(sql`
      update event_children ec set left_at = ${at}::timestamptz, leave_reason = ${reasons.leave}
       where ec.event_id = ${id} and ec.left_at is null and ${snapScope}
         and not exists (select 1 from (${eligibleChildren(cat, liveScope)}) k where k.child_id = ec.child_id)
      returning ec.child_id`);
    // Stay: group, names and channel follow the family while the inquiry is open.
    await tx.execute(sql`
      update event_children ec
         set group_id = k.group_id, group_name = k.group_name, child_name = k.child_name,
             parent_id = k.parent_id, parent_name = k.parent_name, channel = k.channel, is_anonymous = k.is_anonymous
        from (${eligibleChildren(cat, liveScope)}) k
       where ec.event_id = ${id} and ec.child_id = k.child_id and ec.left_at is null`);
    // Join (or join again after leaving).
    const joined = await tx.execute<{ child_id: string }>(sql`
      insert into event_children (event_id, child_id, parent_id, group_id, child_name, parent_name, group_name,
                                  channel, is_anonymous, joined_at, join_reason)
      select ${id}::uuid, k.child_id, k.parent_id, k.group_id, k.child_name, k.parent_name, k.group_name,
             k.channel, k.is_anonymous, ${at}::timestamptz, ${reasons.join}
        from (${eligibleChildren(cat, liveScope)}) k
      on conflict (event_id, child_id) do update
         set left_at = null, leave_reason = null, joined_at = excluded.joined_at, join_reason = excluded.join_reason,
             parent_id = excluded.parent_id, group_id = excluded.group_id, child_name = excluded.child_name,
             parent_name = excluded.parent_name, group_name = excluded.group_name, channel = excluded.channel,
             is_anonymous = excluded.is_anonymous
       where event_children.left_at is not null
      returning child_id`);
    // Who joined is invited now (a family already invited keeps its link: it is per family).
    const messages = joined.rows.length > 0 || scope.parentId ? await fanOutInquiry(tx, e, ctx.config, ctx.now, { late: true }) : 0;
    if (left.rows.length && !messages) {
      // The parent's view reads the eligible count from the event row.
      await tx.execute(sql`update events set eligible_count =
        (select count(*)::int from event_children ec where ec.event_id = ${id} and ec.left_at is null) where id = ${id}`);
    }
    if (joined.rows.length || left.rows.length || messages) {
      await audit(tx, SYSTEM_ACTOR, {
        action: 'snapshot',
        entity: 'event',
        entityId: id,
        kitaId: scope.kitaId,
        details: {
          joined: joined.rows.map((r) => r.child_id),
          joinReason: joined.rows.length ? reasons.join : undefined,
          left: left.rows.map((r) => r.child_id),
          leaveReason: left.rows.length ? reasons.leave : undefined,
          messages,
        },
      });
    }
    result.joined += joined.rows.length;
    result.left += left.rows.length;
    result.messages += messages;
  }
  return result;
}
