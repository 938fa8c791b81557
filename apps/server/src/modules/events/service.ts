import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import {
  defaultResponseDeadline,
  endOfZonedDay,
  eventDateIssues,
  eventShapeIssues,
  slotsForCategory,
  type EventInput,
  type EventSummary,
  type CategoryName,
  type Language,
} from '@kita/shared';
import { eventChildren, events, outboxMessages, sessions, tokens } from '../../db/schema.js';
import { formatCarePeriod } from '@kita/shared/i18n';
import { SYSTEM_ACTOR, audit } from '../../lib/audit.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { assertKitaScope } from '../../lib/access.js';
import { hashSeed, newSeed, RULE_VERSION } from '../allocation/allocate.js';
import { fanOutInquiry } from './fanout.js';
import { withdrawInquiry } from './withdraw.js';
import { fromWireDates, toWireDates, type CareDates } from './wire-dates.js';
import { countAnswers, findCategory, findEvent, isFinished, toSummary, type EventRow } from './queries.js';
import type { RequestContext, Services } from '../../lib/context.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { DbOrTx } from '../../db/client.js';

/**
 * Event rules of docs/domain.md "Inquiries" and docs/domain.md "Validation". Every write is audited in its
 * transaction; opening an event writes its inquiries in that same transaction (outbox).
 */

export const eventNotFound = (id: string) => notFound('events.notFound', { id });

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
export async function loadEventInScope(db: DbOrTx, actor: AuthContext, id: string, kitaId?: string): Promise<EventRow> {
  const e = await findEvent(db, id);
  if (!e || (kitaId && e.kitaId !== kitaId)) throw eventNotFound(id);
  assertKitaScope(actor, e.kitaId, () => eventNotFound(id));
  return e;
}

async function categoryOfKita(db: DbOrTx, input: EventInput) {
  const category = await findCategory(db, input.categoryId);
  if (!category || category.kitaId !== input.kitaId) throw badRequest('CATEGORY_NOT_IN_KITA');
  return category;
}

export type EventDatesResolved = CareDates;

/**
 * The four dates of an event (docs/domain.md "Inquiries", v2). Immediate: care today, answers for
 * IMMEDIATE_EVENT_MINUTES, the care period ends with the Kita's day. Future: the dates of the form,
 * sent now unless a later `opensAt` is given, answers until `responseDeadline` (default the day
 * before the first care day, 18:00 Kita time). Every rule is checked; a 400 names the fields.
 */
export function resolveDates(
  input: Pick<EventInput, 'eventType' | 'eventDate' | 'expireDate' | 'responseDeadline' | 'opensAt'>,
  now: Date,
  timeZone: string,
  immediateMinutes: number,
  check: { eventDate: boolean; expireDate: boolean; responseDeadline: boolean } = { eventDate: true, expireDate: true, responseDeadline: true },
  keepOpensAt?: Date,
): EventDatesResolved {
  if (input.eventType === 'immediate') {
    const responseDeadline = new Date(now.getTime() + immediateMinutes * 60_000);
    const endOfDay = endOfZonedDay(now, timeZone);
    return {
      careStartsAt: now,
      answersCloseAt: responseDeadline,
      careEndsAt: endOfDay.getTime() > responseDeadline.getTime() ? endOfDay : responseDeadline,
      opensAt: now,
    };
  }
  const given = fromWireDates(input);
  if (!given.careStartsAt || !given.careEndsAt) throw dateRuleError(eventShapeIssues(input));
  const { careStartsAt, careEndsAt } = given;
  const requestedOpens = given.opensAt ?? null;
  const opensAt = keepOpensAt ?? (requestedOpens && requestedOpens.getTime() > now.getTime() ? requestedOpens : now);
  const answersCloseAt = given.answersCloseAt ?? defaultResponseDeadline(careStartsAt, opensAt, timeZone);
  const resolved = { ...input, ...toWireDates({ answersCloseAt, opensAt }) };
  // The clock rules first: "in the past" says more than "after the deadline".
  const issues = [...eventDateIssues(resolved, now, timeZone, check), ...eventShapeIssues(resolved)];
  if (issues.length) throw dateRuleError(issues);
  return { careStartsAt, careEndsAt, answersCloseAt, opensAt };
}

/**
 * One running inquiry per category (docs/domain.md): another scheduled or open inquiry of the same
 * category whose care days overlap needs `confirmOverlap`; the 409 names the first one.
 */
async function assertNoOverlap(
  db: DbOrTx,
  input: EventInput,
  category: { id: string; name: string; kitaTimezone: string },
  dates: EventDatesResolved,
  lang: Language,
  exceptId?: string,
): Promise<void> {
  if (input.confirmOverlap) return;
  const [first] = await db
    .select({ id: events.id, careStartsAt: events.careStartsAt, careEndsAt: events.careEndsAt, timezone: events.timezone })
    .from(events)
    .where(
      and(
        eq(events.categoryId, category.id),
        inArray(events.status, ['scheduled', 'open']),
        exceptId ? ne(events.id, exceptId) : undefined,
        lt(events.careStartsAt, dates.careEndsAt),
        gt(events.careEndsAt, dates.careStartsAt),
      ),
    )
    .orderBy(events.careStartsAt)
    .limit(1);
  if (!first) return;
  throw new AppError(409, 'EVENT_OVERLAP', 'errors.EVENT_OVERLAP', {
    category: category.name,
    first: formatCarePeriod(lang, first.careStartsAt, first.careEndsAt, first.timezone),
    eventId: first.id,
  });
}

/** The dates of `next` that differ from `prev` (the others left out). */
function changedDates(next: CareDates, prev: CareDates): Partial<CareDates> {
  const out: Partial<CareDates> = {};
  for (const key of ['careStartsAt', 'careEndsAt', 'answersCloseAt', 'opensAt'] as const) {
    if (next[key].getTime() !== prev[key].getTime()) out[key] = next[key];
  }
  return out;
}

/** The columns an event payload writes, the same for create and update. */
function eventValues(input: EventInput, category: { id: string; name: CategoryName }, dates: EventDatesResolved) {
  return {
    categoryId: category.id,
    eventType: input.eventType,
    careStartsAt: dates.careStartsAt,
    careEndsAt: dates.careEndsAt,
    answersCloseAt: dates.answersCloseAt,
    opensAt: dates.opensAt,
    description: input.description || null,
    totalSlots: slotsForCategory(category.name, input),
  };
}

export async function createEvent(ctx: RequestContext, input: EventInput): Promise<EventSummary> {
  assertKitaScope(ctx.actor, input.kitaId, () => notFound('kitas.notFound', { id: input.kitaId }));
  const category = await categoryOfKita(ctx.db, input);
  const now = ctx.clock.now();
  const dates = resolveDates(input, now, category.kitaTimezone, ctx.config.IMMEDIATE_EVENT_MINUTES);
  await assertNoOverlap(ctx.db, input, category, dates, ctx.language);
  const opensNow = dates.opensAt.getTime() <= now.getTime();
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({
        kitaId: input.kitaId,
        ...eventValues(input, category, dates),
        status: opensNow ? 'open' : 'scheduled',
        ...drawSeed(),
        // Instants arrive in UTC; dates are shown to parents in the Kita's zone (docs/domain.md "Time").
        timezone: category.kitaTimezone,
        createdBy: ctx.actor?.userId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: events.id });
    const created = (await findEvent(tx, row!.id))!;
    const messages = opensNow ? await fanOutInquiry(tx, created, ctx.config, now) : 0;
    await audit(tx, ctx.actor, {
      action: 'create',
      entity: 'event',
      entityId: created.id,
      kitaId: created.kitaId,
      details: { eventType: created.eventType, categoryId: created.categoryId, status: created.status, messages },
    });
    return created.id;
  });
  ctx.outbox.kick();
  return toSummary((await findEvent(ctx.db, id))!, now);
}

/**
 * Editing (docs/domain.md): an open event may change description, slots and (future) dates; the
 * category or type only while nobody has answered. A started inquiry keeps its start date.
 */
export async function updateEvent(ctx: RequestContext, id: string, input: EventInput): Promise<EventSummary> {
  const e = await loadEventInScope(ctx.db, ctx.actor, id);
  const now = ctx.clock.now();
  if (isFinished(e, now)) throw conflict('EVENT_FINISHED');
  if (input.kitaId !== e.kitaId) throw badRequest('CATEGORY_NOT_IN_KITA');
  const category = await categoryOfKita(ctx.db, input);
  const categoryChanged = category.id !== e.categoryId;
  const typeChanged = input.eventType !== e.eventType;
  if ((categoryChanged || typeChanged) && (await countAnswers(ctx.db, e.id)) > 0) throw conflict('EVENT_HAS_ANSWERS');

  let dates: EventDatesResolved = { careStartsAt: e.careStartsAt, careEndsAt: e.careEndsAt, answersCloseAt: e.answersCloseAt, opensAt: e.opensAt };
  if (input.eventType === 'immediate') {
    if (typeChanged) dates = resolveDates(input, now, category.kitaTimezone, ctx.config.IMMEDIATE_EVENT_MINUTES);
  } else {
    const same = (a: string | null | undefined, b: Date) => !!a && new Date(a).getTime() === b.getTime();
    // A started inquiry keeps the moment it was sent; its care days and deadline may move.
    const keepOpensAt = e.status === 'open' ? e.opensAt : undefined;
    // It cannot be sent again later: a sending time in the future is refused, one in the past ignored.
    if (e.status === 'open' && input.opensAt && Date.parse(input.opensAt) > now.getTime() && !typeChanged) throw conflict('EVENT_ALREADY_OPEN');
    dates = resolveDates(
      // Without a deadline in the form, an existing one stays.
      { ...input, responseDeadline: input.responseDeadline ?? (typeChanged ? null : e.answersCloseAt.toISOString()) },
      now,
      category.kitaTimezone,
      ctx.config.IMMEDIATE_EVENT_MINUTES,
      {
        eventDate: !same(input.eventDate, e.careStartsAt),
        expireDate: !same(input.expireDate, e.careEndsAt),
        responseDeadline: !same(input.responseDeadline, e.answersCloseAt),
      },
      keepOpensAt,
    );
  }
  await assertNoOverlap(ctx.db, input, category, dates, ctx.language, e.id);
  const { careEndsAt, opensAt } = dates;
  const opensNow = e.status === 'scheduled' && opensAt.getTime() <= now.getTime();
  const status = opensNow ? 'open' : e.status;

  await ctx.db.transaction(async (tx) => {
    await tx
      .update(events)
      .set({
        ...eventValues(input, category, dates),
        status,
        updatedAt: now,
      })
      .where(eq(events.id, e.id));
    if (careEndsAt.getTime() !== e.careEndsAt.getTime()) {
      // Preference links and link sessions live until the event ends (docs/domain.md "Links and codes").
      await tx.update(tokens).set({ expiresAt: careEndsAt }).where(and(eq(tokens.eventId, e.id), eq(tokens.kind, 'preference')));
      await tx.update(sessions).set({ expiresAt: careEndsAt }).where(and(eq(sessions.eventId, e.id), eq(sessions.kind, 'link')));
    }
    let messages = 0;
    // Newly opened: record the snapshot and ask. The category of an open inquiry changed (only
    // possible without answers): the snapshot starts again from the new category's children.
    if (status === 'open' && categoryChanged && !opensNow) await tx.delete(eventChildren).where(eq(eventChildren.eventId, e.id));
    if (status === 'open' && (opensNow || categoryChanged)) {
      messages = await fanOutInquiry(tx, (await findEvent(tx, e.id))!, ctx.config, now);
    }
    await audit(tx, ctx.actor, {
      action: 'update',
      entity: 'event',
      entityId: e.id,
      kitaId: e.kitaId,
      details: {
        categoryId: categoryChanged ? category.id : undefined,
        eventType: typeChanged ? input.eventType : undefined,
        // The audit trail speaks the wire names, as it did before the columns were renamed.
        ...toWireDates(changedDates(dates, e)),
        totalSlots: slotsForCategory(category.name, input),
        messages,
      },
    });
  });
  ctx.outbox.kick();
  return toSummary((await findEvent(ctx.db, e.id))!, now);
}

/** A finished event with answers is part of the credit ledger and stays (docs/domain.md). */
export async function deleteEvent(ctx: RequestContext, id: string): Promise<void> {
  const e = await loadEventInScope(ctx.db, ctx.actor, id);
  const now = ctx.clock.now();
  const answers = await countAnswers(ctx.db, e.id);
  if (isFinished(e, now) && answers > 0) throw conflict('EVENT_FINISHED_WITH_ANSWERS');
  const told = await ctx.db.transaction(async (tx) => {
    // Inquiries not yet delivered would carry a dead link: stop them (kept for the record).
    await tx
      .update(outboxMessages)
      .set({ status: 'failed', lastError: 'cancelled: event deleted', lockedUntil: null })
      .where(and(eq(outboxMessages.eventId, e.id), eq(outboxMessages.status, 'pending')));
    // Families that already have the link are told, and their link keeps saying so.
    const withdrawn = await withdrawInquiry(tx, e, now);
    await tx.delete(events).where(eq(events.id, e.id));
    await audit(tx, ctx.actor, { action: 'delete', entity: 'event', entityId: e.id, kitaId: e.kitaId, details: { answers, status: e.status, withdrawnMessages: withdrawn } });
    return withdrawn;
  });
  if (told > 0) ctx.outbox.kick();
}

/**
 * Opens scheduled events whose opensAt has come (the periodic sweep). The claim is one UPDATE
 * ... WHERE status = 'scheduled' ... RETURNING inside the fan-out's transaction, so on several app
 * processes each event is opened (and its inquiries written) exactly once; a crash rolls both back.
 */
export async function openDueEvents(ctx: Services, limit = 20): Promise<number> {
  const now = ctx.clock.now();
  let opened = 0;
  await ctx.db.transaction(async (tx) => {
    const claimed = await tx.execute<{ id: string }>(sql`
      update events set status = 'open', updated_at = ${now.toISOString()}::timestamptz
       where id in (select id from events
                     where status = 'scheduled' and opens_at <= ${now.toISOString()}::timestamptz
                     order by opens_at limit ${limit} for update skip locked)
      returning id`);
    for (const { id } of claimed.rows) {
      const e = (await findEvent(tx, id))!;
      const messages = await fanOutInquiry(tx, e, ctx.config, now);
      await audit(tx, SYSTEM_ACTOR, { action: 'open', entity: 'event', entityId: id, kitaId: e.kitaId, details: { messages, by: 'schedule' } });
      opened++;
    }
  });
  if (opened) ctx.outbox.kick();
  return opened;
}

/**
 * Milliseconds until the earliest opens_at of a scheduled event (0 when one is already due; null
 * without scheduled events): the open job's next round starts then (jobs/runner.ts), so families
 * are asked at the chosen time, not up to a round later.
 */
export async function msUntilNextOpening(ctx: Services): Promise<number | null> {
  const r = await ctx.db.execute<{ next: Date | string | null }>(
    sql`select min(opens_at) as next from events where status = 'scheduled'`,
  );
  const next = r.rows[0]?.next;
  if (next === null || next === undefined) return null;
  return Math.max(0, new Date(next).getTime() - ctx.clock.now().getTime());
}
