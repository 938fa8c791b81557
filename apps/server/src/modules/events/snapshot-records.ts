import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { EventRow } from './queries.js';

/**
 * The snapshot of an inquiry (table event_children, docs/domain.md "Inquiries"): who is asked,
 * with names, group, family and channel as they were. Written when the event opens; while it is
 * open, `syncOpenInquiries` keeps it in step with the families (late joiners are added and invited
 * at once, a child that stops being eligible leaves with a reason); at close it is frozen. Every
 * reader (details, counts, answers, close, report, PDF, preference page) reads it, never the live
 * eligibility.
 */

export type JoinReason = 'opening' | 'approved' | 'child_added' | 'group_changed' | 'reactivated' | 'migrated';
export type LeaveReason = 'child_removed' | 'group_changed' | 'parent_deactivated' | 'parent_removed';

/**
 * The channel of a parent as SQL over alias p, the same rule as `parentRecipient` in
 * notify/messages.ts (SMS only to a verified primary phone; the other channel when the preferred
 * one is missing; none for an anonymous parent). snapshot.test.ts checks that both agree.
 */
export const channelSql = sql`case
  when p.is_anonymous then null
  when p.preferred_communication = 'sms' and p.primary_phone is not null and p.primary_phone_verified then 'sms'
  when coalesce(p.email, '') <> '' then 'email'
  when p.primary_phone is not null and p.primary_phone_verified then 'sms'
  else null end`;

/**
 * The live eligible children of category `categoryId` (docs/domain.md): children in groups of the
 * category whose parent is approved and active, or approved and anonymous (the manager answers
 * for them), narrowed by `scope` (SQL over its own aliases c, g, p). Use it as a subquery:
 * `from (${eligibleChildren(...)}) k`; its columns are the select list below.
 */
export const eligibleChildren = (categoryId: SQL, scope: SQL = sql`true`) => sql`
  select c.id as child_id, p.id as parent_id, g.id as group_id, c.name as child_name, p.name as parent_name,
         g.name as group_name, ${channelSql} as channel, p.is_anonymous
    from children c
    join groups g on g.id = c.group_id
    join parents p on p.id = c.parent_id
   where g.category_id = ${categoryId} and p.status = 'approved' and (p.is_active or p.is_anonymous) and ${scope}`;

/** Records the children eligible at opening (once; a repeated call adds nobody twice). */
export async function writeSnapshot(tx: DbOrTx, e: Pick<EventRow, 'id' | 'categoryId'>, now: Date): Promise<number> {
  const r = await tx.execute(sql`
    insert into event_children (event_id, child_id, parent_id, group_id, child_name, parent_name, group_name,
                                channel, is_anonymous, joined_at, join_reason)
    select ${e.id}::uuid, k.child_id, k.parent_id, k.group_id, k.child_name, k.parent_name, k.group_name,
           k.channel, k.is_anonymous, ${now.toISOString()}::timestamptz, 'opening'
      from (${eligibleChildren(sql`${e.categoryId}::uuid`, sql`true`)}) k
    on conflict (event_id, child_id) do nothing`);
  return r.rowCount ?? 0;
}

