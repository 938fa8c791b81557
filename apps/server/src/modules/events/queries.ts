import { desc, eq, sql } from 'drizzle-orm';
import type { CategoryName, EventSummary } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { categories, events, kitas } from '../../db/schema.js';
import { toIso, toWireDates } from './wire-dates.js';

export { toIso };

const eventColumns = {
  id: events.id,
  kitaId: events.kitaId,
  kitaName: kitas.name,
  kitaDescription: kitas.description,
  kitaTimezone: kitas.timezone,
  categoryId: events.categoryId,
  category: categories.name,
  eventType: events.eventType,
  careStartsAt: events.careStartsAt,
  careEndsAt: events.careEndsAt,
  answersCloseAt: events.answersCloseAt,
  opensAt: events.opensAt,
  description: events.description,
  totalSlots: events.totalSlots,
  status: events.status,
  seed: events.seed,
  seedHash: events.seedHash,
  ruleVersion: events.ruleVersion,
  timezone: events.timezone,
  notifiedAt: events.notifiedAt,
};

function selectEvents(db: DbOrTx) {
  return db
    .select(eventColumns)
    .from(events)
    .innerJoin(kitas, eq(kitas.id, events.kitaId))
    .innerJoin(categories, eq(categories.id, events.categoryId));
}

/** An event with its Kita and category, as the event page, the report and the jobs read it. */
export type EventRow = Awaited<ReturnType<typeof selectEvents>>[number];

/** Events of one Kita, or of all Kitas (`kitaId` undefined), newest event date first. */
export async function findEvents(db: DbOrTx, kitaId?: string): Promise<EventRow[]> {
  const rows = await selectEvents(db)
    .where(kitaId ? eq(events.kitaId, kitaId) : undefined)
    .orderBy(desc(events.careStartsAt), desc(events.createdAt));
  return rows;
}

export async function findEvent(db: DbOrTx, id: string): Promise<EventRow | undefined> {
  const [row] = await selectEvents(db).where(eq(events.id, id)).limit(1);
  return row;
}

/**
 * Finished = closed by allocation, or past its response deadline (the specification's
 * "expired or closed"): no answer is taken any more. Slots can still be released until the care ends.
 */
export const isFinished = (e: Pick<EventRow, 'status' | 'answersCloseAt'>, now: Date) =>
  e.status === 'finished' || e.answersCloseAt.getTime() <= now.getTime();

export function toSummary(e: EventRow, now: Date): EventSummary {
  return {
    eventId: e.id,
    kitaId: e.kitaId,
    kitaName: e.kitaName,
    eventType: e.eventType,
    ...toWireDates(e),
    categoryId: e.categoryId,
    category: e.category,
    description: e.description,
    totalSlotsKindergarten: e.category === 'Kindergarten' ? e.totalSlots : null,
    totalSlotsKrippe: e.category === 'Krippe' ? e.totalSlots : null,
    totalSlots: e.totalSlots,
    isFinished: isFinished(e, now),
    status: e.status,
    timezone: e.timezone,
  };
}

/** Number of children the inquiry asks (its snapshot, without those that left). */
export async function countEligible(db: DbOrTx, eventId: string): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from event_children ec where ec.event_id = ${eventId} and ec.left_at is null`);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Children of the snapshot without an answer yet. The allocation module closes an immediate
 * event as soon as this reaches 0 (docs/domain.md "Closing").
 */
export async function countUnanswered(db: DbOrTx, eventId: string): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`
    select count(*)::int as n
      from event_children ec
     where ec.event_id = ${eventId} and ec.left_at is null
       and not exists (select 1 from preferences pr where pr.event_id = ec.event_id and pr.child_id = ec.child_id)`);
  return Number(r.rows[0]?.n ?? 0);
}

export async function countAnswers(db: DbOrTx, eventId: string): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from preferences where event_id = ${eventId}`);
  return Number(r.rows[0]?.n ?? 0);
}

export interface CategoryRow {
  id: string;
  name: CategoryName;
  kitaId: string;
  kitaTimezone: string;
}

export async function findCategory(db: DbOrTx, id: string): Promise<CategoryRow | undefined> {
  const [row] = await db
    .select({ id: categories.id, name: categories.name, kitaId: categories.kitaId, kitaTimezone: kitas.timezone })
    .from(categories)
    .innerJoin(kitas, eq(kitas.id, categories.kitaId))
    .where(eq(categories.id, id))
    .limit(1);
  return row;
}
