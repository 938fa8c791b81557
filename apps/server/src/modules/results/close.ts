import { and, eq, lte, min, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCarePeriod } from '@kita/shared/i18n';
import { resultsKey } from '@kita/shared/message-keys';
import { type CloseEventResult, type Language } from '@kita/shared';
import type { Tx } from '../../db/client.js';
import { allocations, creditLedger, events, outboxMessages } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { parentRecipient, resultLines } from '../../notify/messages.js';
import { composeWithCalendar } from '../../notify/calendar-link.js';
import { enqueueMessages, type OutboxMessage } from '../../notify/outbox.js';
import { pushOnlyRecipient, routePushFirst } from '../../notify/push-first.js';
import { allocate, creditEntriesFor, type AllocationResult } from '../allocation/allocate.js';
import { countUnanswered, findEvent, lockEvent, type LockedEvent } from '../events/queries.js';
import { inquiryChildren, type InquiryChild } from '../events/inquiry-children.js';
import { resultSummary } from './summary.js';
import { priorityAtClose } from '../priority/service.js';

/**
 * Closing an event (docs/domain.md "Allocation and credits", docs/quality.md "Reliability"): ONE transaction
 * locks the event row, allocates with the event's seed, writes the allocation, books the credits,
 * writes one result message per family into the outbox and marks the event finished. The row lock
 * plus the status check make it idempotent: a second call, on this or another process, waits for
 * the first and then finds the event finished. Answers take the same row FOR SHARE, so none can
 * slip in after the allocation has read them.
 */

export interface CloseActor {
  userId: string | null;
  /** The staff role, or 'system' for the scheduled job, the all-answered trigger and the demo seed. */
  role: string;
  by: 'manager' | 'schedule' | 'all_answered' | 'seed';
}

export interface CloseOptions {
  now: Date;
  actor: CloseActor;
  /** false: write no result messages (the demo seed's past season; see seed/season.ts). */
  notify?: boolean;
  /** The periodic job skips an event another process is closing right now instead of waiting. */
  skipLocked?: boolean;
  /**
   * Where links start and what signs them: a family with a place gets its calendar link in the
   * result (notify/calendar-link.ts). Without it (benchmarks) the result has no link.
   */
  links?: { publicUrl: string; jwtSecret: Uint8Array };
}

export type CloseTxResult =
  | { state: 'closed'; messages: number; result: AllocationResult }
  | { state: 'already_finished' }
  | { state: 'busy' };


/** Closes inside the caller's transaction (the route, the job, the demo seed). */
export async function closeEventTx(tx: Tx, eventId: string, opts: CloseOptions): Promise<CloseTxResult> {
  const e = await lockEvent(tx, eventId, { skipLocked: opts.skipLocked });
  if (!e) {
    if (opts.skipLocked) return { state: 'busy' };
    throw notFound('events.notFound', { id: eventId });
  }
  if (e.status === 'finished') return { state: 'already_finished' };
  // A scheduled event has not asked anybody yet: closing it would hand out nothing but credits.
  if (e.status !== 'open') throw new AppError(409, 'EVENT_NOT_OPEN', 'results.close.notOpen');

  // The children of the inquiry's snapshot (docs/domain.md), still in it; the result message goes to
  // the family's contact data as they are now.
  const rows = await inquiryChildren(tx, e.id, { present: true });
  // Rule version 3: the confirmations in force at this instant (they expire by themselves).
  const priority = await priorityAtClose(tx, e.id, opts.now, e.timezone);
  const result = allocate({
    seed: e.seed,
    totalSlots: e.totalSlots,
    eventType: e.eventType,
    children: rows.map((r) => ({
      childId: r.childId,
      parentId: r.parentId,
      preferenceType: r.answer?.preferenceType ?? null,
      creditBalance: r.ledgerBalance,
      priority: priority.get(r.childId) ?? null,
    })),
  });

  const byChild = new Map(rows.map((r) => [r.childId, r]));
  const allocationRows = result.allocations.map((a) => ({
    eventId: e.id,
    childId: a.childId,
    parentId: a.parentId,
    preferenceId: byChild.get(a.childId)?.answer?.preferenceId ?? null,
    preferenceType: a.preferenceType,
    hasSlot: a.hasSlot,
    rank: a.rank,
    creditBalance: a.creditBalance,
    waitlistPosition: a.waitlistPosition,
    reason: a.reason,
    createdAt: opts.now,
  }));
  // 11 bind parameters per row: 1,000 rows per statement stay far below PostgreSQL's limit.
  for (let i = 0; i < allocationRows.length; i += 1000) {
    await tx.insert(allocations).values(allocationRows.slice(i, i + 1000));
  }
  const ledger = creditEntriesFor(result.allocations, result.ruleVersion).map((l) => ({
    ...l,
    eventId: e.id,
    createdBy: opts.actor.userId,
    createdAt: opts.now,
  }));
  for (let i = 0; i < ledger.length; i += 1000) await tx.insert(creditLedger).values(ledger.slice(i, i + 1000));

  // A red child without a place whose family's credits went up is told so (rule version 2).
  const credited = new Set(ledger.filter((l) => l.reason === 'no_slot' && l.amount > 0).map((l) => l.childId));
  const composed = opts.notify === false ? [] : resultMessages(e, rows, result, result.ruleVersion >= 2 ? credited : new Set(), opts.links);
  // Push first (notify/push-first.ts): a family with a push subscription gets the push before its SMS or e-mail.
  const messages = await routePushFirst(tx, e.kitaId, composed, opts.now);
  await enqueueMessages(tx, messages);

  await tx
    .update(events)
    .set({ status: 'finished', finishedAt: opts.now, updatedAt: opts.now, ruleVersion: result.ruleVersion })
    .where(sql`${events.id} = ${e.id}`);
  await audit(tx, { userId: opts.actor.userId ?? null, role: opts.actor.role }, {
    action: 'close',
    entity: 'event',
    entityId: e.id,
    kitaId: e.kitaId,
    details: {
      by: opts.actor.by,
      ruleVersion: result.ruleVersion,
      // How many children a confirmation served first (never who or which group: that is in the
      // confirmations' own audit rows).
      confirmedFirst: result.allocations.filter((a) => a.reason.confirmed).length,
      slotsGiven: result.summary.slotsGiven,
      overflow: result.summary.overflow,
      waitlist: result.summary.waitlist.length,
      ledgerEntries: ledger.length,
      messages: messages.length,
    },
  });
  return { state: 'closed', messages: messages.length, result };
}

/**
 * One message per family with eligible children (docs/domain.md "Messages"), listing each child
 * with slot yes/no, in the parent's language and by the parent's channel. Anonymous parents and
 * parents without a channel get none (the manager tells them).
 */
function resultMessages(
  e: LockedEvent,
  rows: InquiryChild[],
  result: AllocationResult,
  credited: ReadonlySet<string>,
  links: CloseOptions['links'],
): OutboxMessage[] {
  const outcome = new Map(result.allocations.map((a) => [a.childId, a]));
  const families = new Map<string, InquiryChild[]>();
  for (const r of rows) families.set(r.parentId, [...(families.get(r.parentId) ?? []), r]);
  const careDays = (lang: Language) => formatCarePeriod(lang, e.careStartsAt, e.careEndsAt, e.timezone);
  const messages: OutboxMessage[] = [];
  for (const [parentId, kids] of families) {
    const p = kids[0]!;
    // The family was deleted since (only possible without contact anyway): nobody to tell.
    if (!p.contact || p.contact.isAnonymous) continue;
    // No SMS or e-mail: written for push only (routePushFirst drops it when the family has no push either).
    const to = parentRecipient(p.contact) ?? pushOnlyRecipient(p.contact.language);
    const language: Language = to.language;
    const lines = resultLines(
      language,
      kids.map((k) => {
        const a = outcome.get(k.childId);
        return {
          childName: k.childName,
          hasSlot: a?.hasSlot ?? false,
          credited: credited.has(k.childId),
          preferenceType: k.answer?.preferenceType ?? null,
          // A waiting list matters only where a released place can move up (future inquiries).
          waitlistPosition: e.eventType === 'future' ? (a?.waitlistPosition ?? null) : null,
        };
      }),
    );
    // A family with a place gets the link to its calendar file (built again by a fallback).
    const placed = links && kids.some((k) => outcome.get(k.childId)?.hasSlot);
    messages.push({
      ...composeWithCalendar(
        'results',
        {
          language,
          channel: to.channel,
          recipient: to.recipient,
          vars: { name: p.parentName, kitaName: e.kitaName, careDays: careDays(language), results: lines, ...(placed ? { calendar: 1 } : {}) },
        },
        { eventId: e.id, parentId },
        links ?? { publicUrl: '', jwtSecret: new Uint8Array() },
      ),
      idempotencyKey: resultsKey(e.id, parentId),
      kitaId: e.kitaId,
      parentId,
      eventId: e.id,
    });
  }
  return messages;
}

/** Closes in its own transaction and kicks the outbox; answers the summary either way (idempotent). */
export async function closeEvent(
  app: FastifyInstance,
  eventId: string,
  opts: { actor: CloseActor; skipLocked?: boolean },
): Promise<CloseEventResult & { state: CloseTxResult['state'] }> {
  const started = performance.now();
  const outcome = await app.db.transaction((tx) =>
    closeEventTx(tx, eventId, { now: app.clock.now(), actor: opts.actor, skipLocked: opts.skipLocked, links: app.config }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (outcome.state === 'closed') {
    app.metrics.closes.inc({ trigger: opts.actor.by });
    app.metrics.closeDuration.observe({ trigger: opts.actor.by }, seconds);
  }
  if (outcome.state === 'closed' && outcome.messages > 0) app.outbox.kick();
  const e = await findEvent(app.db, eventId);
  if (!e) throw notFound('events.notFound', { id: eventId });
  const summary = await resultSummary(app.db, e);
  const sent = await app.db.$count(outboxMessages, and(eq(outboxMessages.eventId, eventId), eq(outboxMessages.kind, 'results')));
  return { ...summary, closedNow: outcome.state === 'closed', messages: sent, state: outcome.state };
}

const SYSTEM = (by: CloseActor['by']): CloseActor => ({ userId: null, role: 'system', by });

/**
 * An immediate event closes as soon as every eligible child has an answer (docs/domain.md "Closing").
 * Called after an answer commits; a failure here must not fail the answer (the periodic job
 * retries), so it is logged and swallowed.
 */
export async function closeIfAllAnswered(app: FastifyInstance, eventId: string): Promise<boolean> {
  try {
    const [e] = await app.db.select({ eventType: events.eventType, status: events.status }).from(events).where(eq(events.id, eventId));
    if (!e || e.eventType !== 'immediate' || e.status !== 'open') return false;
    if ((await countUnanswered(app.db, eventId)) > 0) return false;
    const closed = await closeEvent(app, eventId, { actor: SYSTEM('all_answered') });
    return closed.state === 'closed';
  } catch (err) {
    app.log.error({ err, eventId }, 'closing a fully answered event failed');
    return false;
  }
}

/**
 * Milliseconds until the earliest answer deadline (answers_close_at) of an open event (0 when
 * one is already due; null without open events): the close job's next round starts then
 * (jobs/runner.ts). Not care_ends_at: that is when the care period ends, days after answers close.
 */
export async function msUntilNextDeadline(app: FastifyInstance): Promise<number | null> {
  const [r] = await app.db.select({ next: min(events.answersCloseAt) }).from(events).where(eq(events.status, 'open'));
  const next = r?.next;
  if (!next) return null;
  return Math.max(0, next.getTime() - app.clock.now().getTime());
}

/**
 * The periodic sweep: closes every open event whose responseDeadline has passed, and every open immediate
 * event whose children have all answered (in case the trigger after the last answer failed).
 * Safe on several processes: each close locks its event row and skips one being closed elsewhere.
 * A strike morning may bring more than `limit` deadlines at once: a full batch of due events is
 * followed by the next one at once, not a round later.
 */
export async function closeDueEvents(app: FastifyInstance, limit = 20): Promise<number> {
  let closed = 0;
  for (;;) {
    const round = await closeDueBatch(app, limit);
    closed += round.closed;
    if (round.expired < limit || round.closed === 0) return closed;
  }
}

async function closeDueBatch(app: FastifyInstance, limit: number): Promise<{ closed: number; expired: number }> {
  const now = app.clock.now();
  const due = await app.db
    .select({ id: events.id, expired: sql<boolean>`${lte(events.answersCloseAt, now)}` })
    .from(events)
    .where(and(eq(events.status, 'open'), or(lte(events.answersCloseAt, now), eq(events.eventType, 'immediate'))))
    .orderBy(events.answersCloseAt)
    .limit(limit);
  let closed = 0;
  for (const row of due) {
    if (!row.expired && (await countUnanswered(app.db, row.id)) > 0) continue;
    try {
      const r = await closeEvent(app, row.id, { actor: SYSTEM(row.expired ? 'schedule' : 'all_answered'), skipLocked: true });
      if (r.state === 'closed') closed++;
    } catch (err) {
      app.log.error({ err, eventId: row.id }, 'closing a due event failed');
    }
  }
  return { closed, expired: due.filter((r) => r.expired).length };
}
