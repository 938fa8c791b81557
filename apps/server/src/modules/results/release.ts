import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ReleaseSlotInput, ReleaseSlotResult } from '@kita/shared';
import { formatCarePeriod } from '@kita/shared/i18n';
import type { Tx } from '../../db/client.js';
import { allocations, creditLedger } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { assertKitaScope } from '../../lib/scope.js';
import { composeMessage, parentRecipient } from '../../notify/messages.js';
import { enqueueMessages } from '../../notify/outbox.js';
import { authOf } from '../../plugins/auth.js';
import { nextOnWaitlist, promoteEntries, releaseEntries } from '../allocation/allocate.js';

/**
 * Releasing a slot (domain.md "Allocation and credits"): future events only, slot JA, before
 * expireDate, by the child's parent or the Kita's staff. One transaction marks the slot released,
 * books the release entries, hands the slot to the first child still on the frozen waitlist, books
 * its promotion entries and writes the 'slot_offered' message to that family. The event row is
 * locked FOR UPDATE, so two releases of the same event run one after the other and never hand one
 * slot to two children (or one child two slots).
 */

const releaseError = (status: number, code: string, key: string) => new AppError(status, code, `results.release.${key}`);
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
  event_date: Date | string;
  expire_date: Date | string;
  status: string;
  timezone: string;
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
  email: string | null;
  primary_phone: string | null;
  primary_phone_verified: boolean;
  preferred_communication: string | null;
  is_anonymous: boolean;
  language: string;
};

export async function releaseSlot(app: FastifyInstance, req: FastifyRequest, eventId: string, input: ReleaseSlotInput): Promise<ReleaseSlotResult> {
  const auth = authOf(req);
  // A parent releases only their own child's slot; anything else looks like it does not exist.
  if (auth.role === 'Parent' && auth.parentId !== input.parentId) throw releaseError(404, 'NOT_FOUND', 'notFound');
  const now = app.clock.now();
  const result = await app.db.transaction(async (tx) => {
    const ev = await tx.execute<LockedEvent>(sql`
      select e.id, e.kita_id, k.name as kita_name, e.event_type, e.event_date, e.expire_date, e.status, e.timezone
        from events e join kitas k on k.id = e.kita_id
       where e.id = ${eventId}
         for update of e`);
    const e = ev.rows[0];
    if (!e) throw notFound('errors.EVENT_NOT_FOUND', { id: eventId });
    if (auth.role === 'Parent') {
      if (auth.kitaId !== e.kita_id) throw notFound('errors.EVENT_NOT_FOUND', { id: eventId });
    } else {
      assertKitaScope(req, e.kita_id, 'errors.EVENT_NOT_FOUND');
    }

    if (e.status !== 'finished') throw releaseError(409, 'RELEASE_NOT_FINISHED', 'notFinished');
    if (e.event_type !== 'future') throw releaseError(409, 'RELEASE_IMMEDIATE', 'immediate');
    if (new Date(e.expire_date).getTime() <= now.getTime()) throw releaseError(409, 'RELEASE_EXPIRED', 'expired');
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
    await book(tx, e.id, releaseEntries(row), auth.userId, now);

    const promoted = await promoteNext(tx, e, auth.userId, now);
    await audit(tx, req, {
      action: 'release_slot',
      entity: 'event',
      entityId: e.id,
      kitaId: e.kita_id,
      details: { childId: row.childId, parentId: row.parentId, promotedChildId: promoted?.childId ?? null },
    });
    return { eventId: e.id, childId: row.childId, hasSlot: 'NEIN' as const, promoted };
  });
  if (result.promoted) app.outbox.kick();
  // The family that moved up is another family: a parent is not told who it is (domain.md, a
  // parent sees only their own record); staff see it to answer questions.
  return auth.role === 'Parent' ? { ...result, promoted: null } : result;
}

async function book(tx: Tx, eventId: string, entries: ReturnType<typeof releaseEntries>, userId: string | null, now: Date) {
  await tx.insert(creditLedger).values(entries.map((l) => ({ ...l, eventId, createdBy: userId, createdAt: now })));
}

/** Moves the first child still waiting into the freed slot and tells its family. */
async function promoteNext(tx: Tx, e: LockedEvent, userId: string | null, now: Date): Promise<ReleaseSlotResult['promoted']> {
  const waiting = await tx.execute<Waiting>(sql`
    select a.id, a.child_id, c.name as child_name, a.parent_id, p.name as parent_name, a.has_slot,
           a.waitlist_position, a.promoted_at,
           p.email, p.primary_phone, p.primary_phone_verified, p.preferred_communication, p.is_anonymous, p.language
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
      promotedAt: w.promoted_at ? new Date(w.promoted_at) : null,
    })),
  );
  if (!next) return null;
  await tx.update(allocations).set({ hasSlot: true, promotedAt: now }).where(eq(allocations.id, next.id));
  await book(tx, e.id, promoteEntries(next), userId, now);

  const to = parentRecipient({
    email: next.email,
    primaryPhone: next.primary_phone,
    primaryPhoneVerified: next.primary_phone_verified,
    preferredCommunication: next.preferred_communication,
    isAnonymous: next.is_anonymous,
    language: next.language,
  });
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
            careDays: formatCarePeriod(to.language, new Date(e.event_date), new Date(e.expire_date), e.timezone),
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
