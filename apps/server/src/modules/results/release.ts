import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { ReleaseSlotInput, ReleaseSlotResult } from '@kita/shared';
import { formatCarePeriod, type Resources } from '@kita/shared/i18n';
import { slotOfferedKey, slotReleasedKey } from '@kita/shared/message-keys';
import type { ErrorCode } from '@kita/shared';
import type { Tx } from '../../db/client.js';
import { allocations, children, creditLedger, eventChildren, parents } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { reachesKita } from '../../lib/access.js';
import { composeMessage, parentRecipient } from '../../notify/messages.js';
import { composeWithCalendar } from '../../notify/calendar-link.js';
import { enqueueMessages } from '../../notify/outbox.js';
import { pushOnlyRecipient, routePushFirst } from '../../notify/push-first.js';
import { nextOnWaitlist, promoteEntries, releaseEntries, type BookedContext } from '../allocation/allocate.js';
import type { RequestContext } from '../../lib/context.js';
import { parentContact } from '../events/contact.js';
import { ledgerTotal } from '../events/inquiry-children.js';
import { lockEvent, type LockedEvent } from '../events/queries.js';

/**
 * Releasing a slot (docs/domain.md "Allocation and credits"): future events only, slot JA, before
 * expireDate, by the child's parent or the Kita's staff. One transaction marks the slot released,
 * books the release entries, hands the slot to the first child still on the frozen waitlist, books
 * its promotion entries and writes the 'slot_offered' message to that family. The event row is
 * locked FOR UPDATE, so two releases of the same event run one after the other and never hand one
 * slot to two children (or one child two slots).
 */

const releaseError = (status: number, code: ErrorCode, key: keyof Resources['results']['release']) => new AppError(status, code, `results.release.${key}`);

const uuid = z.uuid();

/** The spec's 'missingData' check: all three ids present (and well-formed, else nothing can match). */
export function requireReleaseInput(body: { childId?: string | null; preferenceId?: string | null; parentId?: string | null }): ReleaseSlotInput {
  const { childId, preferenceId, parentId } = body;
  if (!childId || !preferenceId || !parentId) throw releaseError(400, 'RELEASE_MISSING_DATA', 'missingData');
  if (![childId, preferenceId, parentId].every((id) => uuid.safeParse(id).success)) {
    throw releaseError(400, 'RELEASE_MISSING_DATA', 'missingData');
  }
  return { childId, preferenceId, parentId };
}

export async function releaseSlot(ctx: RequestContext, eventId: string, input: ReleaseSlotInput): Promise<ReleaseSlotResult> {
  const auth = ctx.actor;
  // A parent releases only their own child's slot; anything else looks like it does not exist.
  if (auth.role === 'Parent' && auth.parentId !== input.parentId) throw releaseError(404, 'NOT_FOUND', 'notFound');
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const e = await lockEvent(tx, eventId);
    const eventNotFound = () => notFound('events.notFound', { id: eventId });
    if (!e) throw eventNotFound();
    // A parent releases in their own Kita, staff within their Kita scope.
    if (auth.role === 'Parent' ? auth.kitaId !== e.kitaId : !reachesKita(auth, e.kitaId)) throw eventNotFound();

    if (e.status !== 'finished') throw releaseError(409, 'RELEASE_NOT_FINISHED', 'notFinished');
    if (e.eventType !== 'future') throw releaseError(409, 'RELEASE_IMMEDIATE', 'immediate');
    if (e.careEndsAt.getTime() <= now.getTime()) throw releaseError(409, 'RELEASE_EXPIRED', 'expired');
    const [row] = await tx
      .select()
      .from(allocations)
      .where(and(eq(allocations.eventId, e.id), eq(allocations.childId, input.childId)))
      .limit(1);
    if (!row || row.parentId !== input.parentId || row.preferenceId !== input.preferenceId) {
      throw releaseError(404, 'RELEASE_NOT_FOUND', 'notFound');
    }
    if (!row.hasSlot) throw releaseError(409, 'RELEASE_NO_SLOT', 'noSlot');

    await tx.update(allocations).set({ hasSlot: false, releasedAt: now }).where(eq(allocations.id, row.id));
    // The booking follows the rule version the event was closed with (credits.ts).
    // Given back after care has begun (domain rule, docs/fairness.md): the charge stays and the
    // family that moves up is not charged for the rest of the period.
    const careBegun = now.getTime() >= e.careStartsAt.getTime();
    const booked = await bookedContext(tx, e.id, row.childId, row.parentId, ['slot', 'promote_slot']);
    await book(tx, e.id, releaseEntries(row, e.ruleVersion, { ...booked, careBegun }), auth.userId, now);

    // The family whose place the Kita gave back is told; a parent who gave it back knows.
    if (auth.role !== 'Parent') await tellPlaceGivenBack(tx, e, row.childId, row.parentId);
    const promoted = await promoteNext(tx, e, auth.userId, now, careBegun, ctx.config);
    await audit(tx, ctx.actor, {
      action: 'release_slot',
      entity: 'event',
      entityId: e.id,
      kitaId: e.kitaId,
      details: { childId: row.childId, parentId: row.parentId, promotedChildId: promoted?.childId ?? null },
    });
    return { eventId: e.id, childId: row.childId, hasSlot: 'NEIN' as const, promoted };
  });
  if (result.promoted || auth.role !== 'Parent') ctx.outbox.kick();
  // The family that moved up is another family: a parent is not told who it is (docs/domain.md, a
  // parent sees only their own record); staff see it to answer questions.
  return auth.role === 'Parent' ? { ...result, promoted: null } : result;
}

/**
 * The amount booked for this child and event under `reasons` (a place: 'slot' at close or
 * 'promote_slot' after a move-up; a miss: 'no_slot'), and the family's balance now (rule version 2
 * reverses exactly that, within the range).
 */
async function bookedContext(tx: Tx, eventId: string, childId: string, parentId: string, reasons: Array<'slot' | 'promote_slot' | 'no_slot'>): Promise<BookedContext> {
  const total = ledgerTotal();
  const [booked] = await tx
    .select({ n: total })
    .from(creditLedger)
    .where(and(eq(creditLedger.eventId, eventId), eq(creditLedger.childId, childId), inArray(creditLedger.reason, reasons)));
  const [balance] = await tx.select({ n: total }).from(creditLedger).where(eq(creditLedger.parentId, parentId));
  return { booked: booked?.n ?? 0, balance: balance?.n ?? 0 };
}

async function book(tx: Tx, eventId: string, entries: ReturnType<typeof releaseEntries>, userId: string | null, now: Date) {
  if (entries.length === 0) return;
  await tx.insert(creditLedger).values(entries.map((l) => ({ ...l, eventId, createdBy: userId, createdAt: now })));
}

/** 'Place given back' to the family of a child whose place the Kita's staff released. */
async function tellPlaceGivenBack(tx: Tx, e: LockedEvent, childId: string, parentId: string): Promise<void> {
  const [family] = await tx
    .select({ childName: eventChildren.childName, parentName: eventChildren.parentName, contact: parentContact })
    .from(eventChildren)
    .innerJoin(parents, eq(parents.id, eventChildren.parentId))
    .where(and(eq(eventChildren.eventId, e.id), eq(eventChildren.childId, childId), eq(eventChildren.parentId, parentId)));
  const to = family ? parentRecipient(family.contact) : null;
  if (!family || !to) return;
  await enqueueMessages(tx, [
    {
      ...composeMessage('slot_released', {
        language: to.language,
        channel: to.channel,
        recipient: to.recipient,
        vars: {
          name: family.parentName,
          kitaName: e.kitaName,
          careDays: formatCarePeriod(to.language, e.careStartsAt, e.careEndsAt, e.timezone),
          childName: family.childName,
        },
      }),
      idempotencyKey: slotReleasedKey(e.id, childId),
      kitaId: e.kitaId,
      parentId,
      eventId: e.id,
    },
  ]);
}

/** Moves the first child still waiting into the freed slot and tells its family. */
async function promoteNext(
  tx: Tx,
  e: LockedEvent,
  userId: string | null,
  now: Date,
  careBegun: boolean,
  links: { publicUrl: string; jwtSecret: Uint8Array },
): Promise<ReleaseSlotResult['promoted']> {
  const waiting = await tx
    .select({
      id: allocations.id,
      childId: allocations.childId,
      childName: children.name,
      parentId: allocations.parentId,
      parentName: parents.name,
      hasSlot: allocations.hasSlot,
      waitlistPosition: allocations.waitlistPosition,
      promotedAt: allocations.promotedAt,
      preferenceType: allocations.preferenceType,
      contact: parentContact,
    })
    .from(allocations)
    .innerJoin(children, eq(children.id, allocations.childId))
    .innerJoin(parents, eq(parents.id, allocations.parentId))
    .where(
      and(eq(allocations.eventId, e.id), isNotNull(allocations.waitlistPosition), eq(allocations.hasSlot, false), isNull(allocations.promotedAt)),
    );
  const next = nextOnWaitlist(waiting);
  if (!next) return null;
  await tx.update(allocations).set({ hasSlot: true, promotedAt: now }).where(eq(allocations.id, next.id));
  const booked = await bookedContext(tx, e.id, next.childId, next.parentId, ['no_slot']);
  await book(tx, e.id, promoteEntries(next, e.ruleVersion, { ...booked, careBegun }), userId, now);

  // No SMS or e-mail: written for push only (routePushFirst drops it when the family has no push either).
  const to = next.contact && !next.contact.isAnonymous ? (parentRecipient(next.contact) ?? pushOnlyRecipient(next.contact.language)) : null;
  if (to) {
    // Push first (notify/push-first.ts): a family with a push subscription gets the push before its SMS or e-mail.
    await enqueueMessages(tx, await routePushFirst(tx, e.kitaId, [
      {
        // The place goes into the family's calendar with the link (notify/calendar-link.ts).
        ...composeWithCalendar(
          'slot_offered',
          {
            language: to.language,
            channel: to.channel,
            recipient: to.recipient,
            vars: {
              name: next.parentName,
              kitaName: e.kitaName,
              careDays: formatCarePeriod(to.language, e.careStartsAt, e.careEndsAt, e.timezone),
              childName: next.childName,
              calendar: 1,
            },
          },
          { eventId: e.id, parentId: next.parentId },
          links,
        ),
        idempotencyKey: slotOfferedKey(e.id, next.childId),
        kitaId: e.kitaId,
        parentId: next.parentId,
        eventId: e.id,
      },
    ], now));
  }
  return { childId: next.childId, childName: next.childName, parentId: next.parentId };
}
