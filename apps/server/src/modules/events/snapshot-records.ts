import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { children, eventChildren, groups, parents, SNAPSHOT_FAMILY_COLUMNS, type SnapshotFamilyColumn } from '../../db/schema.js';
import type { EventRow } from './queries.js';

/**
 * The snapshot of an inquiry (table event_children, docs/domain.md "Inquiries"): who is asked,
 * with names, group, family and channel as they were. Written when the event opens; while it is
 * open, `syncOpenInquiries` keeps it in step with the families (late joiners are added and invited
 * at once, a child that stops being eligible leaves with a reason); at close it is frozen. Every
 * reader (details, counts, answers, close, report, PDF, preference page) reads it, never the live
 * eligibility.
 *
 * The statements that write it stay raw SQL (an insert-select with its conflict rule, an update
 * from a subquery): they are set-based, one statement for any number of children. Their columns
 * are named through the table objects, and the copied column list is SNAPSHOT_FAMILY_COLUMNS
 * beside the table in db/schema.ts, so a renamed column changes every statement at once.
 */

export type JoinReason = 'opening' | 'approved' | 'child_added' | 'group_changed' | 'reactivated' | 'migrated';
export type LeaveReason = 'child_removed' | 'group_changed' | 'parent_deactivated' | 'parent_removed';

/** The live tables under the aliases the eligibility fragment and its `scope` use (c, g, p). */
export const live = { c: alias(children, 'c'), g: alias(groups, 'g'), p: alias(parents, 'p') };
const { c, g, p } = live;
/** `children c` in a FROM list (an aliased table object renders as its alias alone). */
const as = (table: SQL | typeof children | typeof groups | typeof parents, name: 'c' | 'g' | 'p') => sql`${table} ${sql.identifier(name)}`;

/** A snapshot column's own name, unqualified (insert lists, SET, subquery aliases). */
export const snapCol = (k: keyof typeof eventChildren.$inferSelect) => sql.identifier(eventChildren[k].name);

/**
 * The channel of a parent as SQL over alias p, the same rule as `parentRecipient` in
 * notify/messages.ts (SMS only to a verified primary phone; the other channel when the preferred
 * one is missing; none for an anonymous parent). snapshot.test.ts checks that both agree.
 */
export const channelSql = sql`case
  when ${p.isAnonymous} then null
  when ${p.preferredCommunication} = 'sms' and ${p.primaryPhone} is not null and ${p.primaryPhoneVerified} then 'sms'
  when coalesce(${p.email}, '') <> '' then 'email'
  when ${p.primaryPhone} is not null and ${p.primaryPhoneVerified} then 'sms'
  else null end`;

/** Where each copied snapshot column comes from in the live tables. */
const LIVE_SOURCE: Record<SnapshotFamilyColumn, SQL> = {
  childId: sql`${c.id}`,
  parentId: sql`${p.id}`,
  groupId: sql`${g.id}`,
  childName: sql`${c.name}`,
  parentName: sql`${p.name}`,
  groupName: sql`${g.name}`,
  channel: channelSql,
  isAnonymous: sql`${p.isAnonymous}`,
};

/** `k.<col>, …` over the subquery k of eligibleChildren, in SNAPSHOT_FAMILY_COLUMNS order. */
export const fromEligible = (k: string) => sql.join(SNAPSHOT_FAMILY_COLUMNS.map((col) => sql`${sql.identifier(k)}.${snapCol(col)}`), sql`, `);

/**
 * The live eligible children of category `categoryId` (docs/domain.md): children in groups of the
 * category whose parent is approved and active, or approved and anonymous (the manager answers
 * for them), narrowed by `scope` (SQL over the aliases of `live`: c, g, p). Use it as a subquery:
 * `from (${eligibleChildren(...)}) k`; its columns carry the snapshot's column names
 * (SNAPSHOT_FAMILY_COLUMNS: k.child_id, k.parent_name, k.channel, ...).
 */
export const eligibleChildren = (categoryId: SQL, scope: SQL = sql`true`) => sql`
  select ${sql.join(SNAPSHOT_FAMILY_COLUMNS.map((col) => sql`${LIVE_SOURCE[col]} as ${snapCol(col)}`), sql`, `)}
    from ${as(children, 'c')}
    join ${as(groups, 'g')} on ${g.id} = ${c.groupId}
    join ${as(parents, 'p')} on ${p.id} = ${c.parentId}
   where ${g.categoryId} = ${categoryId} and ${p.status} = 'approved' and (${p.isActive} or ${p.isAnonymous}) and ${scope}`;

/**
 * `insert into event_children (...) select ... from (eligible) k`: the children of `eligible` join
 * the inquiry at `at` for `reason`. The caller appends its conflict rule.
 */
export const insertSnapshotRows = (eventId: string, eligible: SQL, at: Date, reason: JoinReason) => sql`
  insert into ${eventChildren} (${snapCol('eventId')}, ${sql.join(SNAPSHOT_FAMILY_COLUMNS.map((col) => snapCol(col)), sql`, `)}, ${snapCol('joinedAt')}, ${snapCol('joinReason')})
  select ${eventId}::uuid, ${fromEligible('k')}, ${at.toISOString()}::timestamptz, ${reason}
    from (${eligible}) k`;

/** Records the children eligible at opening (once; a repeated call adds nobody twice). */
export async function writeSnapshot(tx: DbOrTx, e: Pick<EventRow, 'id' | 'categoryId'>, now: Date): Promise<number> {
  const r = await tx.execute(sql`
    ${insertSnapshotRows(e.id, eligibleChildren(sql`${e.categoryId}::uuid`, sql`true`), now, 'opening')}
    on conflict (${snapCol('eventId')}, ${snapCol('childId')}) do nothing`);
  return r.rowCount ?? 0;
}
