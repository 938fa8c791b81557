import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eventDateIssues, slotsForCategory, type EventInput, type EventSummary } from '@kita/shared';
import { auditLog, events, outboxMessages, sessions, tokens } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { assertKitaScope } from '../../lib/scope.js';
import { hashSeed, newSeed, RULE_VERSION } from '../allocation/allocate.js';
import { fanOutInquiry } from './fanout.js';
import { countAnswers, findCategory, findEvent, isFinished, toSummary, type EventRow } from './queries.js';

/**
 * Event rules of domain.md "Emergency events" and spec section 5. Every write is audited in its
 * transaction; opening an event writes its inquiries in that same transaction (outbox).
 */

export const eventNotFound = (id: string) => notFound('errors.EVENT_NOT_FOUND', { id });

/** The lottery seed is drawn at creation; only its hash is shown until the event closes. */
function drawSeed(): { seed: string; seedHash: string; ruleVersion: number } {
  // The allocation module owns the lottery and its rule version.
  const seed = newSeed();
  return { seed, seedHash: hashSeed(seed), ruleVersion: RULE_VERSION };
}

/** A 400 with field details, like a schema failure (the web shows them under the fields). */
function dateRuleError(issues: Array<{ path: string; message: string }>): AppError {
  return new AppError(400, 'VALIDATION_FAILED', 'errors.VALIDATION_FAILED', {}, issues);
}

/** Loads an event inside the caller's Kita scope (404 outside, as if it did not exist). */
export async function loadEventInScope(app: FastifyInstance, req: FastifyRequest, id: string, kitaId?: string): Promise<EventRow> {
  const e = await findEvent(app.db, id);
  if (!e || (kitaId && e.kitaId !== kitaId)) throw eventNotFound(id);
  assertKitaScope(req, e.kitaId, 'errors.EVENT_NOT_FOUND');
  return e;
}

async function categoryOfKita(app: FastifyInstance, input: EventInput) {
  const category = await findCategory(app.db, input.categoryId);
  if (!category || category.kitaId !== input.kitaId) throw badRequest('CATEGORY_NOT_IN_KITA');
  return category;
}

export async function createEvent(app: FastifyInstance, req: FastifyRequest, input: EventInput): Promise<EventSummary> {
  assertKitaScope(req, input.kitaId, 'kitas.notFound');
  const category = await categoryOfKita(app, input);
  const now = app.clock.now();
  let eventDate: Date;
  let expireDate: Date;
  if (input.eventType === 'immediate') {
    eventDate = now;
    expireDate = new Date(now.getTime() + app.config.IMMEDIATE_EVENT_MINUTES * 60_000);
  } else {
    const issues = eventDateIssues(input, now, category.kitaTimezone);
    if (issues.length) throw dateRuleError(issues);
    eventDate = new Date(input.eventDate!);
    expireDate = new Date(input.expireDate!);
  }
  const opensNow = eventDate.getTime() <= now.getTime();
  const id = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({
        kitaId: input.kitaId,
        categoryId: category.id,
        eventType: input.eventType,
        eventDate,
        expireDate,
        description: input.description || null,
        totalSlots: slotsForCategory(category.name, input),
        status: opensNow ? 'open' : 'scheduled',
        ...drawSeed(),
        // Instants arrive in UTC; dates are shown to parents in the Kita's zone (domain.md "Time").
        timezone: category.kitaTimezone,
        createdBy: req.auth?.userId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: events.id });
    const created = (await findEvent(tx, row!.id))!;
    const messages = opensNow ? await fanOutInquiry(tx, created, app.config, now) : 0;
    await audit(tx, req, {
      action: 'create',
      entity: 'event',
      entityId: created.id,
      kitaId: created.kitaId,
      details: { eventType: created.eventType, categoryId: created.categoryId, status: created.status, messages },
    });
    return created.id;
  });
  app.outbox.kick();
  return toSummary((await findEvent(app.db, id))!, now);
}

/**
 * Editing (domain.md): an open event may change description, slots and (future) dates; the
 * category or type only while nobody has answered. A started inquiry keeps its start date.
 */
export async function updateEvent(app: FastifyInstance, req: FastifyRequest, id: string, input: EventInput): Promise<EventSummary> {
  const e = await loadEventInScope(app, req, id);
  const now = app.clock.now();
  if (isFinished(e, now)) throw conflict('EVENT_FINISHED');
  if (input.kitaId !== e.kitaId) throw badRequest('CATEGORY_NOT_IN_KITA');
  const category = await categoryOfKita(app, input);
  const categoryChanged = category.id !== e.categoryId;
  const typeChanged = input.eventType !== e.eventType;
  if ((categoryChanged || typeChanged) && (await countAnswers(app.db, e.id)) > 0) throw conflict('EVENT_HAS_ANSWERS');

  let eventDate = e.eventDate;
  let expireDate = e.expireDate;
  if (input.eventType === 'immediate') {
    if (typeChanged) {
      eventDate = now;
      expireDate = new Date(now.getTime() + app.config.IMMEDIATE_EVENT_MINUTES * 60_000);
    }
  } else {
    const nextEventDate = new Date(input.eventDate!);
    const nextExpireDate = new Date(input.expireDate!);
    const eventDateChanged = nextEventDate.getTime() !== e.eventDate.getTime();
    const expireDateChanged = nextExpireDate.getTime() !== e.expireDate.getTime();
    if (eventDateChanged && e.status === 'open' && !typeChanged) throw conflict('EVENT_ALREADY_OPEN');
    const issues = eventDateIssues(input, now, category.kitaTimezone, {
      eventDate: eventDateChanged,
      expireDate: expireDateChanged,
    });
    if (issues.length) throw dateRuleError(issues);
    // An open event turned into a future one keeps the moment it was opened.
    eventDate = e.status === 'open' ? e.eventDate : nextEventDate;
    expireDate = nextExpireDate;
    if (expireDate.getTime() - eventDate.getTime() < 24 * 3600_000) {
      throw dateRuleError([{ path: 'expireDate', message: 'validation.expireAfterEvent' }]);
    }
  }
  const opensNow = e.status === 'scheduled' && eventDate.getTime() <= now.getTime();
  const status = opensNow ? 'open' : e.status;

  await app.db.transaction(async (tx) => {
    await tx
      .update(events)
      .set({
        categoryId: category.id,
        eventType: input.eventType,
        eventDate,
        expireDate,
        description: input.description || null,
        totalSlots: slotsForCategory(category.name, input),
        status,
        updatedAt: now,
      })
      .where(eq(events.id, e.id));
    if (expireDate.getTime() !== e.expireDate.getTime()) {
      // Preference links and link sessions live until the event ends (domain.md "Tokens").
      await tx.update(tokens).set({ expiresAt: expireDate }).where(and(eq(tokens.eventId, e.id), eq(tokens.kind, 'preference')));
      await tx.update(sessions).set({ expiresAt: expireDate }).where(and(eq(sessions.eventId, e.id), eq(sessions.kind, 'link')));
    }
    let messages = 0;
    // Newly opened, or the category changed (other families are now asked): fan out; it skips
    // parents that already got this inquiry.
    if (status === 'open' && (opensNow || categoryChanged)) {
      messages = await fanOutInquiry(tx, (await findEvent(tx, e.id))!, app.config, now);
    }
    await audit(tx, req, {
      action: 'update',
      entity: 'event',
      entityId: e.id,
      kitaId: e.kitaId,
      details: {
        categoryId: categoryChanged ? category.id : undefined,
        eventType: typeChanged ? input.eventType : undefined,
        eventDate: eventDate.getTime() !== e.eventDate.getTime() ? eventDate.toISOString() : undefined,
        expireDate: expireDate.getTime() !== e.expireDate.getTime() ? expireDate.toISOString() : undefined,
        totalSlots: slotsForCategory(category.name, input),
        messages,
      },
    });
  });
  app.outbox.kick();
  return toSummary((await findEvent(app.db, e.id))!, now);
}

/** A finished event with answers is part of the credit ledger and stays (domain.md). */
export async function deleteEvent(app: FastifyInstance, req: FastifyRequest, id: string): Promise<void> {
  const e = await loadEventInScope(app, req, id);
  const now = app.clock.now();
  const answers = await countAnswers(app.db, e.id);
  if (isFinished(e, now) && answers > 0) throw conflict('EVENT_FINISHED_WITH_ANSWERS');
  await app.db.transaction(async (tx) => {
    // Inquiries not yet delivered would carry a dead link: stop them (kept for the record).
    await tx
      .update(outboxMessages)
      .set({ status: 'failed', lastError: 'cancelled: event deleted', lockedUntil: null })
      .where(and(eq(outboxMessages.eventId, e.id), eq(outboxMessages.status, 'pending')));
    await tx.delete(events).where(eq(events.id, e.id));
    await audit(tx, req, { action: 'delete', entity: 'event', entityId: e.id, kitaId: e.kitaId, details: { answers, status: e.status } });
  });
}

/**
 * Opens scheduled events whose eventDate has come (the periodic sweep). The claim is one UPDATE
 * ... WHERE status = 'scheduled' ... RETURNING inside the fan-out's transaction, so on several app
 * processes each event is opened (and its inquiries written) exactly once; a crash rolls both back.
 */
export async function openDueEvents(app: FastifyInstance, limit = 20): Promise<number> {
  const now = app.clock.now();
  let opened = 0;
  await app.db.transaction(async (tx) => {
    const claimed = await tx.execute<{ id: string }>(sql`
      update events set status = 'open', updated_at = ${now.toISOString()}::timestamptz
       where id in (select id from events
                     where status = 'scheduled' and event_date <= ${now.toISOString()}::timestamptz
                     order by event_date limit ${limit} for update skip locked)
      returning id`);
    for (const { id } of claimed.rows) {
      const e = (await findEvent(tx, id))!;
      const messages = await fanOutInquiry(tx, e, app.config, now);
      await tx.insert(auditLog).values({
        actorRole: 'system',
        action: 'open',
        entity: 'event',
        entityId: id,
        kitaId: e.kitaId,
        details: { messages, by: 'schedule' },
      });
      opened++;
    }
  });
  if (opened) app.outbox.kick();
  return opened;
}
