import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PreferenceType, ReleaseSlotInput, ReleaseSlotResult } from '@kita/shared';
import { formatCarePeriod, type Resources } from '@kita/shared/i18n';
import type { ErrorCode } from '@kita/shared';
import type { Tx } from '../../db/client.js';
import { allocations, creditLedger } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { reachesKita } from '../../lib/access.js';
import { composeMessage } from '../../notify/messages.js';
import { enqueueMessages } from '../../notify/outbox.js';
import { nextOnWaitlist, promoteEntries, releaseEntries, type BookedContext } from '../allocation/allocate.js';
import type { RequestContext } from '../../lib/context.js';
import { contactOf, PARENT_CONTACT, type ParentContactRow } from '../events/contact.js';

/**
 * Releasing a slot (docs/domain.md "Allocation and credits"): future events only, slot JA, before
 * expireDate, by the child's parent or the Kita's staff. One transaction marks the slot released,
 * books the release entries, hands the slot to the first child still on the frozen waitlist, books
 * its promotion entries and writes the 'slot_offered' message to that family. The event row is
 * locked FOR UPDATE, so two releases of the same event run one after the other and never hand one
 * slot to two children (or one child two slots).
 */

const releaseError = (status: number, code: ErrorCode, key: keyof Resources['results']['release']) => new AppError(status, code, `results.release.${key}`);
export const slotOfferedKey = (eventId: string, childId: string) => `slot_offered:${eventId}:${childId}`;

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

type LockedEvent = {
  id: string;
  kita_id: string;
  kita_name: string;
  event_type: string;
  care_starts_at: Date | string;
  care_ends_at: Date | string;
  status: string;
  timezone: string;
  rule_version: number;
};

type Waiting = {
  id: string;
  child_id: string;
  child_name: string;
  parent_id: string;
  parent_name: string;
  has_slot: boolean;
  waitlist_position: number | null;
  promoted_at: Date | string | null;
  preference_type: PreferenceType | null;
} & ParentContactRow;

export async function releaseSlot(ctx: RequestContext, eventId: string, input: ReleaseSlotInput): Promise<ReleaseSlotResult> {
  const auth = ctx.actor;
  // A parent releases only their own child's slot; anything else looks like it does not exist.
  if (auth.role === 'Parent' && auth.parentId !== input.parentId) throw releaseError(404, 'NOT_FOUND', 'notFound');
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const ev = await tx.execute<LockedEvent>(sql`
      select e.id, e.kita_id, k.name as kita_name, e.event_type, e.care_starts_at, e.care_ends_at, e.status, e.timezone, e.rule_version
        from events e join kitas k on k.id = e.kita_id
       where e.id = ${eventId}
         for update of e`);
    const e = ev.rows[0];
    const eventNotFound = () => notFound('events.notFound', { id: eventId });
    if (!e) throw eventNotFound();
    // A parent releases in their own Kita, staff within their Kita scope.
    if (auth.role === 'Parent' ? auth.kitaId !== e.kita_id : !reachesKita(auth, e.kita_id)) throw eventNotFound();

    if (e.status !== 'finished') throw releaseError(409, 'RELEASE_NOT_FINISHED', 'notFinished');
    if (e.event_type !== 'future') throw releaseError(409, 'RELEASE_IMMEDIATE', 'immediate');
    if (new Date(e.care_ends_at).getTime() <= now.getTime()) throw releaseError(409, 'RELEASE_EXPIRED', 'expired');
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
    const careBegun = now.getTime() >= new Date(e.care_starts_at).getTime();
    const booked = await bookedContext(tx, e.id, row.childId, row.parentId, ['slot', 'promote_slot']);
    await book(tx, e.id, releaseEntries(row, e.rule_version, { ...booked, careBegun }), auth.userId, now);

    // The family whose place the Kita gave back is told; a parent who gave it back knows.
    if (auth.role !== 'Parent') await tellPlaceGivenBack(tx, e, row.childId, row.parentId);
    const promoted = await promoteNext(tx, e, auth.userId, now, careBegun);
    await audit(tx, ctx.actor, {
      action: 'release_slot',
      entity: 'event',
      entityId: e.id,
      kitaId: e.kita_id,
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
  const r = await tx.execute<{ booked: number; balance: number }>(sql`
    select coalesce((select sum(amount) from credit_ledger where event_id = ${eventId} and child_id = ${childId} and reason in (${sql.join(reasons.map((x) => sql`${x}`), sql`, `)})), 0)::int as booked,
           coalesce((select sum(amount) from credit_ledger where parent_id = ${parentId}), 0)::int as balance`);
  const row = r.rows[0];
  return { booked: Number(row?.booked ?? 0), balance: Number(row?.balance ?? 0) };
}

async function book(tx: Tx, eventId: string, entries: ReturnType<typeof releaseEntries>, userId: string | null, now: Date) {
  if (entries.length === 0) return;
  await tx.insert(creditLedger).values(entries.map((l) => ({ ...l, eventId, createdBy: userId, createdAt: now })));
}

export const slotReleasedKey = (eventId: string, childId: string) => `slot_released:${eventId}:${childId}`;

/** 'Place given back' to the family of a child whose place the Kita's staff released. */
async function tellPlaceGivenBack(tx: Tx, e: LockedEvent, childId: string, parentId: string): Promise<void> {
  const r = await tx.execute<{ child_name: string; parent_name: string } & ParentContactRow>(sql`
    select ec.child_name, ec.parent_name, ${PARENT_CONTACT}
      from event_children ec
      join parents p on p.id = ec.parent_id
     where ec.event_id = ${e.id} and ec.child_id = ${childId} and ec.parent_id = ${parentId}`);
  const family = r.rows[0];
  const to = family ? contactOf(family) : null;
  if (!family || !to) return;
  await enqueueMessages(tx, [
    {
      ...composeMessage('slot_released', {
        language: to.language,
        channel: to.channel,
        recipient: to.recipient,
        vars: {
          name: family.parent_name,
          kitaName: e.kita_name,
          careDays: formatCarePeriod(to.language, new Date(e.care_starts_at), new Date(e.care_ends_at), e.timezone),
          childName: family.child_name,
        },
      }),
      idempotencyKey: slotReleasedKey(e.id, childId),
      kitaId: e.kita_id,
      parentId,
      eventId: e.id,
    },
  ]);
}

/** Moves the first child still waiting into the freed slot and tells its family. */
async function promoteNext(tx: Tx, e: LockedEvent, userId: string | null, now: Date, careBegun: boolean): Promise<ReleaseSlotResult['promoted']> {
  const waiting = await tx.execute<Waiting>(sql`
    select a.id, a.child_id, c.name as child_name, a.parent_id, p.name as parent_name, a.has_slot,
           a.waitlist_position, a.promoted_at, a.preference_type,
           ${PARENT_CONTACT}
      from allocations a
      join children c on c.id = a.child_id
      join parents p on p.id = a.parent_id
     where a.event_id = ${e.id} and a.waitlist_position is not null and not a.has_slot and a.promoted_at is null`);
  const next = nextOnWaitlist(
    waiting.rows.map((w) => ({
      ...w,
      childId: w.child_id,
      parentId: w.parent_id,
      hasSlot: w.has_slot,
      waitlistPosition: w.waitlist_position,
      preferenceType: w.preference_type,
      promotedAt: w.promoted_at ? new Date(w.promoted_at) : null,
    })),
  );
  if (!next) return null;
  await tx.update(allocations).set({ hasSlot: true, promotedAt: now }).where(eq(allocations.id, next.id));
  const booked = await bookedContext(tx, e.id, next.childId, next.parentId, ['no_slot']);
  await book(tx, e.id, promoteEntries(next, e.rule_version, { ...booked, careBegun }), userId, now);

  const to = contactOf(next);
  if (to) {
    await enqueueMessages(tx, [
      {
        ...composeMessage('slot_offered', {
          language: to.language,
          channel: to.channel,
          recipient: to.recipient,
          vars: {
            name: next.parent_name,
            kitaName: e.kita_name,
            careDays: formatCarePeriod(to.language, new Date(e.care_starts_at), new Date(e.care_ends_at), e.timezone),
            childName: next.child_name,
          },
        }),
        idempotencyKey: slotOfferedKey(e.id, next.childId),
        kitaId: e.kita_id,
        parentId: next.parentId,
        eventId: e.id,
      },
    ]);
  }
  return { childId: next.childId, childName: next.child_name, parentId: next.parentId };
}
