import { sql } from 'drizzle-orm';
import { groups } from '../src/db/schema.js';
import type { TestContext } from './app.js';
import { createEventViaApi, eventWorld, futureDates } from './factories-events.js';
import { authHeader, createChild, createParent } from './factories.js';

/**
 * The event world (factories-events.ts) plus two more Kindergarten families, one in a second group,
 * with umlauts in names and groups for the PDF. Eligible Kindergarten children of the home Kita:
 * Mia and Max (Anna Mail), Noah (Ben Sms), Paul (anonymous), Ülla (Carla Müller), Dani (Dora Dreier).
 */
export async function resultsWorld(t: TestContext) {
  const w = await eventWorld(t);
  const [foxes] = await t.db.insert(groups).values({ categoryId: w.home.kindergarten.id, name: 'Füchse' }).returning();
  const carla = await createParent(t.db, w.home.kita.id, { name: 'Carla Müller', language: 'en' });
  const ulla = await createChild(t.db, carla.parent.id, w.home.kgGroup.id, 'Ülla Müller');
  const dora = await createParent(t.db, w.home.kita.id, { name: 'Dora Dreier' });
  const dani = await createChild(t.db, dora.parent.id, foxes!.id, 'Dani Dreier');
  return {
    ...w,
    foxes: foxes!,
    carla,
    dora,
    kids: { ...w.kids, ulla, dani },
    headers: {
      ...w.headers,
      carla: await authHeader(t.app, carla.user!.id),
      dora: await authHeader(t.app, dora.user!.id),
    },
  };
}
export type ResultsWorld = Awaited<ReturnType<typeof resultsWorld>>;

const DAY = 24 * 3600_000;

/** An open future event of the home Kindergarten (sent now, answers for two days, care after that). */
export function futureEvent(t: TestContext, w: ResultsWorld, slots: number): Promise<string> {
  const now = t.clock.now();
  return createEventViaApi(t, w.headers.manager, {
    kitaId: w.home.kita.id,
    categoryId: w.home.kindergarten.id,
    eventType: 'future',
    ...futureDates(now, new Date(now.getTime() + 2 * DAY)),
    totalSlotsKindergarten: slots,
  });
}

export function immediateEvent(t: TestContext, w: ResultsWorld, slots: number): Promise<string> {
  return createEventViaApi(t, w.headers.manager, {
    kitaId: w.home.kita.id,
    categoryId: w.home.kindergarten.id,
    eventType: 'immediate',
    totalSlotsKindergarten: slots,
  });
}

/** The manager records answers (a parent who phoned); fails the test on a non-200. */
export async function record(t: TestContext, w: ResultsWorld, eventId: string, answers: Array<[string, string]>): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/emergency-event/${eventId}/preferences`,
    headers: w.headers.manager,
    payload: { preferences: answers.map(([childId, preferenceType]) => ({ childId, preferenceType })) },
  });
  if (res.statusCode !== 200) throw new Error(`record answers: ${res.statusCode} ${res.body}`);
}

export async function closeViaApi(t: TestContext, headers: Record<string, string>, eventId: string) {
  return t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/close`, headers });
}

export async function ledgerSum(t: TestContext, parentId: string): Promise<number> {
  const r = await t.db.execute<{ n: number }>(sql`select coalesce(sum(amount), 0)::int as n from credit_ledger where parent_id = ${parentId}`);
  return Number(r.rows[0]?.n ?? 0);
}

/** `credits` as GET parents/{id} shows it to the Admin. */
export async function shownCredits(t: TestContext, w: ResultsWorld, parentId: string): Promise<number> {
  const res = await t.app.inject({ url: `/api/parents/${parentId}`, headers: w.headers.admin });
  if (res.statusCode !== 200) throw new Error(`parent: ${res.statusCode} ${res.body}`);
  return res.json().data.credits as number;
}

export async function count(t: TestContext, query: ReturnType<typeof sql>): Promise<number> {
  const r = await t.db.execute<{ n: number }>(query);
  return Number(r.rows[0]?.n ?? 0);
}
