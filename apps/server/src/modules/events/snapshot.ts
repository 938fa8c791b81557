import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { eventChildren, events, SNAPSHOT_FAMILY_COLUMNS } from '../../db/schema.js';
import { SYSTEM_ACTOR, audit } from '../../lib/audit.js';
import { fanOutInquiry } from './fanout.js';
import { countEligible, findEvent } from './queries.js';
import { eligibleChildren, insertSnapshotRows, live, snapCol, type JoinReason, type LeaveReason } from './snapshot-records.js';

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
  const open = await tx
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.kitaId, scope.kitaId), eq(events.status, 'open'), gt(events.answersCloseAt, ctx.now)))
    .orderBy(events.id)
    .for('share');
  if (open.length === 0) return { joined: 0, left: 0, messages: 0 };
  const at = ctx.now.toISOString();
  // The live rows in scope (the eligibility fragment's aliases) and the snapshot rows in scope.
  const { c } = live;
  const liveScope = scope.childId
    ? sql`${c.id} = ${scope.childId}::uuid`
    : scope.parentId
      ? sql`${c.parentId} = ${scope.parentId}::uuid`
      : sql`false`;
  const snapScope = scope.childId
    ? sql`${eventChildren.childId} = ${scope.childId}::uuid`
    : scope.parentId
      ? sql`${eventChildren.parentId} = ${scope.parentId}::uuid`
      : sql`false`;
  // The copied columns other than the key: set from the live row k, or from the conflicting row.
  const copied = SNAPSHOT_FAMILY_COLUMNS.filter((col) => col !== 'childId');

  const result: SyncResult = { joined: 0, left: 0, messages: 0 };
  for (const { id } of open) {
    const e = (await findEvent(tx, id))!;
    const cat = sql`${e.categoryId}::uuid`;
    // Leave: in the snapshot, but no longer an eligible child of this category.
    const left = await tx.execute<{ child_id: string }>(sql`
      update ${eventChildren} set ${snapCol('leftAt')} = ${at}::timestamptz, ${snapCol('leaveReason')} = ${reasons.leave}
       where ${eventChildren.eventId} = ${id} and ${eventChildren.leftAt} is null and ${snapScope}
         and not exists (select 1 from (${eligibleChildren(cat, liveScope)}) k where k.${snapCol('childId')} = ${eventChildren.childId})
      returning ${eventChildren.childId}`);
    // Stay: group, names and channel follow the family while the inquiry is open.
    await tx.execute(sql`
      update ${eventChildren}
         set ${sql.join(copied.map((col) => sql`${snapCol(col)} = k.${snapCol(col)}`), sql`, `)}
        from (${eligibleChildren(cat, liveScope)}) k
       where ${eventChildren.eventId} = ${id} and ${eventChildren.childId} = k.${snapCol('childId')} and ${eventChildren.leftAt} is null`);
    // Join (or join again after leaving).
    const joined = await tx.execute<{ child_id: string }>(sql`
      ${insertSnapshotRows(id, eligibleChildren(cat, liveScope), ctx.now, reasons.join)}
      on conflict (${snapCol('eventId')}, ${snapCol('childId')}) do update
         set ${snapCol('leftAt')} = null, ${snapCol('leaveReason')} = null,
             ${sql.join(
               (['joinedAt', 'joinReason', ...copied] as const).map((col) => sql`${snapCol(col)} = excluded.${snapCol(col)}`),
               sql`, `,
             )}
       where ${eventChildren.leftAt} is not null
      returning ${eventChildren.childId}`);
    // Who joined is invited now (a family already invited keeps its link: it is per family).
    const messages = joined.rows.length > 0 || scope.parentId ? await fanOutInquiry(tx, e, ctx.config, ctx.now, { late: true }) : 0;
    if (left.rows.length && !messages) {
      // The parent's view reads the eligible count from the event row.
      await tx.update(events).set({ eligibleCount: await countEligible(tx, id) }).where(eq(events.id, id));
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
