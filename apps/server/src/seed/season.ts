import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { endOfZonedDay, type EventType, type PreferenceType } from '@kita/shared';
import type { Tx } from '../db/client.js';
import { events, preferences } from '../db/schema.js';
import { hashSeed, RULE_VERSION } from '../modules/allocation/allocate.js';
import { eligibleChildren } from '../modules/events/snapshot-records.js';
import { writeSnapshot } from '../modules/events/snapshot.js';
import { closeEventTx } from '../modules/results/close.js';
import type { DemoParents } from './parents.js';
import type { DemoStructure } from './structure.js';
import { addDays, at, dayOf, DEMO_ZONE, workday } from './calendar.js';
import { seedSeasonMessages } from './messages.js';

/**
 * A past season on the demo Kita (Kita Sonnenschein): eight finished inquiries over the last ten
 * weeks, both categories, immediate and future, with answers generated for the seeded children and
 * the allocation, credits and reasons produced by the REAL closing code (closeEventTx), one event
 * after the other in the order they ended, so each close sees the balances the earlier ones booked. The credits histogram,
 * the parent history (the demo parent answers too) and the reports have real content at first start.
 *
 * The close writes no messages (notify: false, they would go out at start); seed/messages.ts
 * writes each family's inquiry and result as delivered at the time, so the delivery cards of the
 * finished inquiries have real content, and they sort below anything new in the dev
 * mailbox. Everything else is what a real close writes.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Small deterministic PRNG (mulberry32), the same as the parents seed: identical data on every fresh start. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Category = 'Kindergarten' | 'Krippe';
interface SeasonEvent {
  daysAgo: number;
  category: Category;
  eventType: EventType;
  /** Share of the category's eligible children that get a place. */
  slotShare: number;
  description: string;
}

const SEASON: SeasonEvent[] = [
  { daysAgo: 70, category: 'Kindergarten', eventType: 'future', slotShare: 0.5, description: 'Warnstreik im Kindergarten.' },
  { daysAgo: 63, category: 'Krippe', eventType: 'immediate', slotShare: 0.45, description: 'Zwei Erzieherinnen sind erkrankt.' },
  { daysAgo: 55, category: 'Kindergarten', eventType: 'immediate', slotShare: 0.4, description: 'Wasserschaden im Gruppenraum.' },
  { daysAgo: 47, category: 'Krippe', eventType: 'future', slotShare: 0.5, description: 'Betriebsausflug des Teams.' },
  { daysAgo: 38, category: 'Kindergarten', eventType: 'future', slotShare: 0.35, description: 'Streik: nur wenige Erzieherinnen im Dienst.' },
  { daysAgo: 30, category: 'Krippe', eventType: 'future', slotShare: 0.4, description: 'Fortbildungstag.' },
  { daysAgo: 21, category: 'Kindergarten', eventType: 'immediate', slotShare: 0.45, description: 'Heizungsausfall am Morgen.' },
  { daysAgo: 12, category: 'Krippe', eventType: 'immediate', slotShare: 0.5, description: 'Krankheitswelle im Team.' },
];

/** How often a family of a need level answers red, yellow, green (the rest: no answer). */
const NEED: Record<'high' | 'medium' | 'low', [number, number, number]> = {
  high: [0.62, 0.2, 0.12],
  medium: [0.3, 0.3, 0.32],
  low: [0.1, 0.2, 0.62],
};

type EligibleChild = { id: string; parent_id: string; is_anonymous: boolean };

export async function seedSeason(tx: Tx, structure: DemoStructure, families: DemoParents, now: Date): Promise<{ eventIds: string[] }> {
  const kitaId = structure.kitaIds[0]!;
  const rand = prng(20_250_301);
  const needOf = new Map<string, keyof typeof NEED>();
  const need = (parentId: string) => {
    let n = needOf.get(parentId);
    if (!n) {
      const x = rand();
      n = x < 0.2 ? 'high' : x < 0.7 ? 'medium' : 'low';
      needOf.set(parentId, n);
    }
    return n;
  };
  // The demo parent needs care often: their history shows slots given and refused.
  needOf.set(families.demoParentId, 'high');

  const eventIds: string[] = [];
  for (const [index, s] of SEASON.entries()) {
    const categoryId = structure.categoryIds[s.category];
    // Sent on a working day at 07:30 (a weekend moves to the Friday before); immediate: care that
    // day, answers for 15 minutes; future: answers for two days, care on the next working day
    // after the deadline, 07:00 to 17:00 (docs/domain.md "Inquiries"; no Sundays).
    const sentDay = workday(dayOf(new Date(now.getTime() - s.daysAgo * DAY_MS)), -1);
    const start = at(sentDay, '07:30');
    const deadline =
      s.eventType === 'immediate' ? new Date(start.getTime() + 15 * MINUTE_MS) : new Date(start.getTime() + 2 * DAY_MS);
    const careDay = workday(addDays(sentDay, 3), 1);
    const careStart = s.eventType === 'immediate' ? start : at(careDay, '07:00');
    const careEnd = s.eventType === 'immediate' ? endOfZonedDay(start, DEMO_ZONE) : at(careDay, '17:00');
    // Stable across starts and public once closed, like any revealed seed.
    const seed = createHash('sha256').update(`kita-demo-season:${index}`).digest('hex');

    // The eligible children in a stable order (names are seeded; ids are not).
    const kids = await tx.execute<EligibleChild>(sql`
      select k.child_id as id, k.parent_id, k.is_anonymous
        from (${eligibleChildren(sql`${categoryId}::uuid`)}) k
       order by k.child_name, k.parent_name`);
    const [event] = await tx
      .insert(events)
      .values({
        kitaId,
        categoryId,
        eventType: s.eventType,
        careStartsAt: careStart,
        careEndsAt: careEnd,
        answersCloseAt: deadline,
        opensAt: start,
        description: s.description,
        totalSlots: Math.max(1, Math.round(kids.rows.length * s.slotShare)),
        status: 'open',
        seed,
        seedHash: hashSeed(seed),
        ruleVersion: RULE_VERSION,
        timezone: 'Europe/Berlin',
        notifiedAt: start,
        createdBy: structure.managerId,
        createdAt: new Date(start.getTime() - 10 * MINUTE_MS),
        updatedAt: start,
      })
      .returning({ id: events.id });

    // The inquiry's snapshot, as opening writes it.
    await writeSnapshot(tx, { id: event!.id, categoryId }, start);
    const answers: Array<typeof preferences.$inferInsert> = [];
    for (const [i, c] of kids.rows.entries()) {
      const colour = answerFor(rand, need(c.parent_id), s.eventType);
      if (!colour) continue;
      const at = new Date(start.getTime() + Math.min(i + 1, 14) * MINUTE_MS);
      answers.push({
        eventId: event!.id,
        childId: c.id,
        parentId: c.parent_id,
        preferenceType: colour,
        // Anonymous families answer by phone; the manager records it.
        recordedBy: c.is_anonymous ? structure.managerId : null,
        createdAt: at,
        updatedAt: at,
      });
    }
    if (answers.length > 0) await tx.insert(preferences).values(answers);

    eventIds.push(event!.id);
  }
  await closePastEvents(tx, kitaId, now);
  await seedSeasonMessages(tx, eventIds);
  return { eventIds };
}

/**
 * Closes every past event of the Kita in the order they ended, through the real closing code, so
 * each close sees the balances the earlier ones booked. This includes a past event another seed
 * wrote as 'finished' without an allocation (seed/events.ts leaves its allocation and credits to
 * this seed): it is opened again inside this transaction and closed like the others.
 */
async function closePastEvents(tx: Tx, kitaId: string, now: Date): Promise<void> {
  const past = await tx.execute<{ id: string; status: string; answers_close_at: Date | string }>(sql`
    select e.id, e.status, e.answers_close_at
      from events e
     where e.kita_id = ${kitaId} and e.answers_close_at <= ${now.toISOString()}::timestamptz
       and (e.status = 'open'
            or (e.status = 'finished' and not exists (select 1 from allocations a where a.event_id = e.id)))
     order by e.answers_close_at, e.id`);
  for (const e of past.rows) {
    if (e.status === 'finished') await tx.update(events).set({ status: 'open' }).where(eq(events.id, e.id));
    await closeEventTx(tx, e.id, {
      now: new Date(e.answers_close_at),
      actor: { userId: null, role: 'system', by: 'seed' },
      notify: false,
    });
  }
}

function answerFor(rand: () => number, level: keyof typeof NEED, eventType: EventType): PreferenceType | null {
  // A few children are already in the Kita when an immediate inquiry starts.
  if (eventType === 'immediate' && rand() < 0.08) return 'blue';
  const [red, yellow, green] = NEED[level];
  const x = rand();
  if (x < red) return 'red';
  if (x < red + yellow) return 'yellow';
  if (x < red + yellow + green) return 'green';
  return null;
}
