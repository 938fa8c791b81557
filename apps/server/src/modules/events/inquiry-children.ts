import { and, eq, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { allocations, creditLedger, eventChildren, parents, preferences, users } from '../../db/schema.js';
import { parentContact } from './contact.js';

/**
 * The one read model of "a child in an inquiry": the inquiry's snapshot row (who was asked, with
 * names, group, family and channel as they were), the answer, the allocation once closed, the
 * family's ledger balance now, and the family's contact data as it is now. The event page, the
 * report (and the PDF drawn from it) and the close read it; each decides which rows and figures
 * it shows (a closed inquiry's report shows the balance the order was decided by, an open one's
 * the ledger's), but none writes its own join of these tables.
 *
 * Rows come in the snapshot's order (child name, then id), the order the close hands the
 * children to the allocation. Children that left are included unless `present` is set.
 */
/** The sum of the ledger entries a builder select aggregates (0 without any). */
export const ledgerTotal = () => sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int`.mapWith(Number);

/** The family's balance in the ledger now (all events), as a column of a builder select. */
export const ledgerBalanceOf = (parentId: SQLWrapper) =>
  sql<number>`coalesce((select sum(${creditLedger.amount}) from ${creditLedger} where ${creditLedger.parentId} = ${parentId}), 0)::int`.mapWith(Number);

export async function inquiryChildren(db: DbOrTx, eventId: string, opts: { present?: boolean } = {}) {
  const rows = await db
    .select({
      childId: eventChildren.childId,
      childName: eventChildren.childName,
      parentId: eventChildren.parentId,
      parentName: eventChildren.parentName,
      groupId: eventChildren.groupId,
      groupName: eventChildren.groupName,
      channel: eventChildren.channel,
      joinedAt: eventChildren.joinedAt,
      joinReason: eventChildren.joinReason,
      leftAt: eventChildren.leftAt,
      leaveReason: eventChildren.leaveReason,
      /** The family's balance in the ledger now (all events). */
      ledgerBalance: ledgerBalanceOf(eventChildren.parentId),
      answer: {
        preferenceId: preferences.id,
        preferenceType: preferences.preferenceType,
        recordedBy: preferences.recordedBy,
        updatedAt: preferences.updatedAt,
      },
      /** The staff member who recorded the answer for the family (null: the family answered). */
      recordedByName: users.name,
      allocation: {
        id: allocations.id,
        /** The answer at close (null = unanswered). */
        preferenceType: allocations.preferenceType,
        hasSlot: allocations.hasSlot,
        rank: allocations.rank,
        /** The balance the order was decided by. */
        creditBalance: allocations.creditBalance,
        waitlistPosition: allocations.waitlistPosition,
        reason: allocations.reason,
        releasedAt: allocations.releasedAt,
        promotedAt: allocations.promotedAt,
      },
      /** The family as it is now (null fields: the family was deleted since). */
      contact: parentContact,
    })
    .from(eventChildren)
    .leftJoin(preferences, and(eq(preferences.eventId, eventChildren.eventId), eq(preferences.childId, eventChildren.childId)))
    .leftJoin(users, eq(users.id, preferences.recordedBy))
    .leftJoin(allocations, and(eq(allocations.eventId, eventChildren.eventId), eq(allocations.childId, eventChildren.childId)))
    .leftJoin(parents, eq(parents.id, eventChildren.parentId))
    .where(and(eq(eventChildren.eventId, eventId), opts.present ? isNull(eventChildren.leftAt) : undefined))
    .orderBy(eventChildren.childName, eventChildren.childId);
  return rows;
}

/** One child of an inquiry as `inquiryChildren` reads it. */
export type InquiryChild = Awaited<ReturnType<typeof inquiryChildren>>[number];
