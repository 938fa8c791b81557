import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCarePeriod } from '@kita/shared/i18n';
import { type CloseEventResult, type EventType, type Language, type PreferenceType } from '@kita/shared';
import type { Tx } from '../../db/client.js';
import { allocations, creditLedger, events } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { composeMessage, resultLines } from '../../notify/messages.js';
import { enqueueMessages, type OutboxMessage } from '../../notify/outbox.js';
import { allocate, creditEntriesFor, type AllocationResult } from '../allocation/allocate.js';
import { countUnanswered, findEvent } from '../events/queries.js';
import { resultSummary } from './summary.js';
import { contactOf, PARENT_CONTACT } from '../events/contact.js';

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
}

export type CloseTxResult =
  | { state: 'closed'; messages: number; result: AllocationResult }
  | { state: 'already_finished' }
  | { state: 'busy' };

type LockedEvent = {
  id: string;
  kita_id: string;
  kita_name: string;
  category_id: string;
  event_type: EventType;
  care_starts_at: Date | string;
  care_ends_at: Date | string;
  total_slots: number;
  status: string;
  seed: string;
  rule_version: number;
  timezone: string;
};

type EligibleChild = {
  child_id: string;
  child_name: string;
  parent_id: string;
  parent_name: string;
  email: string | null;
  primary_phone: string | null;
  primary_phone_verified: boolean | null;
  preferred_communication: string | null;
  is_anonymous: boolean | null;
  language: string | null;
  preference_id: string | null;
  preference_type: PreferenceType | null;
  balance: number;
};

export const resultsKey = (eventId: string, parentId: string) => `results:${eventId}:${parentId}`;

/** Closes inside the caller's transaction (the route, the job, the demo seed). */
export async function closeEventTx(tx: Tx, eventId: string, opts: CloseOptions): Promise<CloseTxResult> {
  const locked = await tx.execute<LockedEvent>(sql`
    select e.id, e.kita_id, k.name as kita_name, e.category_id, e.event_type, e.care_starts_at, e.care_ends_at, e.total_slots,
           e.status, e.seed, e.rule_version, e.timezone
      from events e join kitas k on k.id = e.kita_id
     where e.id = ${eventId}
       for update of e ${opts.skipLocked ? sql`skip locked` : sql``}`);
  const e = locked.rows[0];
  if (!e) {
    if (opts.skipLocked) return { state: 'busy' };
    throw notFound('events.notFound', { id: eventId });
  }
  if (e.status === 'finished') return { state: 'already_finished' };
  // A scheduled event has not asked anybody yet: closing it would hand out nothing but credits.
  if (e.status !== 'open') throw new AppError(409, 'EVENT_NOT_OPEN', 'results.close.notOpen');

  // The children of the inquiry's snapshot (docs/domain.md), still in it; the result message goes to
  // the family's contact data as they are now.
  const kids = await tx.execute<EligibleChild>(sql`
    select ec.child_id, ec.child_name, ec.parent_id, ec.parent_name,
           ${PARENT_CONTACT},
           pr.id as preference_id, pr.preference_type,
           coalesce((select sum(l.amount) from credit_ledger l where l.parent_id = ec.parent_id), 0)::int as balance
      from event_children ec
      left join parents p on p.id = ec.parent_id
      left join preferences pr on pr.event_id = ec.event_id and pr.child_id = ec.child_id
     where ec.event_id = ${e.id} and ec.left_at is null
     order by ec.child_name, ec.child_id`);
  const rows = kids.rows;
  const result = allocate({
    seed: e.seed,
    totalSlots: Number(e.total_slots),
    eventType: e.event_type,
    children: rows.map((r) => ({
      childId: r.child_id,
      parentId: r.parent_id,
      preferenceType: r.preference_type,
      creditBalance: Number(r.balance),
    })),
  });

  const byChild = new Map(rows.map((r) => [r.child_id, r]));
  const allocationRows = result.allocations.map((a) => ({
    eventId: e.id,
    childId: a.childId,
    parentId: a.parentId,
    preferenceId: byChild.get(a.childId)?.preference_id ?? null,
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
  const messages = opts.notify === false ? [] : resultMessages(e, rows, result, result.ruleVersion >= 2 ? credited : new Set());
  await enqueueMessages(tx, messages);

  await tx
    .update(events)
    .set({ status: 'finished', finishedAt: opts.now, updatedAt: opts.now, ruleVersion: result.ruleVersion })
    .where(sql`${events.id} = ${e.id}`);
  await audit(tx, { userId: opts.actor.userId ?? null, role: opts.actor.role }, {
    action: 'close',
    entity: 'event',
    entityId: e.id,
    kitaId: e.kita_id,
    details: {
      by: opts.actor.by,
      ruleVersion: result.ruleVersion,
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
function resultMessages(e: LockedEvent, rows: EligibleChild[], result: AllocationResult, credited: ReadonlySet<string>): OutboxMessage[] {
  const outcome = new Map(result.allocations.map((a) => [a.childId, a]));
  const families = new Map<string, EligibleChild[]>();
  for (const r of rows) families.set(r.parent_id, [...(families.get(r.parent_id) ?? []), r]);
  const careDays = (lang: Language) => formatCarePeriod(lang, new Date(e.care_starts_at), new Date(e.care_ends_at), e.timezone);
  const messages: OutboxMessage[] = [];
  for (const [parentId, kids] of families) {
    const p = kids[0]!;
    // The family was deleted since (only possible without contact anyway): nobody to tell.
    if (p.language === null) continue;
    const to = contactOf({ ...p, language: p.language });
    if (!to) continue;
    const language: Language = to.language;
    const lines = resultLines(
      language,
      kids.map((k) => {
        const a = outcome.get(k.child_id);
        return {
          childName: k.child_name,
          hasSlot: a?.hasSlot ?? false,
          credited: credited.has(k.child_id),
          preferenceType: k.preference_type,
          // A waiting list matters only where a released place can move up (future inquiries).
          waitlistPosition: e.event_type === 'future' ? (a?.waitlistPosition ?? null) : null,
        };
      }),
    );
    messages.push({
      ...composeMessage('results', {
        language,
        channel: to.channel,
        recipient: to.recipient,
        vars: { name: p.parent_name, kitaName: e.kita_name, careDays: careDays(language), results: lines },
      }),
      idempotencyKey: resultsKey(e.id, parentId),
      kitaId: e.kita_id,
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
    closeEventTx(tx, eventId, { now: app.clock.now(), actor: opts.actor, skipLocked: opts.skipLocked }),
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
  const sent = await app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from outbox_messages where event_id = ${eventId} and kind = 'results'`,
  );
  return { ...summary, closedNow: outcome.state === 'closed', messages: Number(sent.rows[0]?.n ?? 0), state: outcome.state };
}

const SYSTEM = (by: CloseActor['by']): CloseActor => ({ userId: null, role: 'system', by });

/**
 * An immediate event closes as soon as every eligible child has an answer (docs/domain.md "Closing").
 * Called after an answer commits; a failure here must not fail the answer (the periodic job
 * retries), so it is logged and swallowed.
 */
export async function closeIfAllAnswered(app: FastifyInstance, eventId: string): Promise<boolean> {
  try {
    const r = await app.db.execute<{ event_type: string; status: string }>(
      sql`select event_type, status from events where id = ${eventId}`,
    );
    const e = r.rows[0];
    if (!e || e.event_type !== 'immediate' || e.status !== 'open') return false;
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
  const r = await app.db.execute<{ next: Date | string | null }>(
    sql`select min(answers_close_at) as next from events where status = 'open'`,
  );
  const next = r.rows[0]?.next;
  if (next === null || next === undefined) return null;
  return Math.max(0, new Date(next).getTime() - app.clock.now().getTime());
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
  const now = app.clock.now().toISOString();
  const due = await app.db.execute<{ id: string; expired: boolean }>(sql`
    select id, answers_close_at <= ${now}::timestamptz as expired
      from events
     where status = 'open' and (answers_close_at <= ${now}::timestamptz or event_type = 'immediate')
     order by answers_close_at
     limit ${limit}`);
  let closed = 0;
  for (const row of due.rows) {
    if (!row.expired && (await countUnanswered(app.db, row.id)) > 0) continue;
    try {
      const r = await closeEvent(app, row.id, { actor: SYSTEM(row.expired ? 'schedule' : 'all_answered'), skipLocked: true });
      if (r.state === 'closed') closed++;
    } catch (err) {
      app.log.error({ err, eventId: row.id }, 'closing a due event failed');
    }
  }
  return { closed, expired: due.rows.filter((r) => r.expired).length };
}
