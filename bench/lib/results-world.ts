/**
 * A Kita with 500 Kindergarten children (450 families, 50 with two children) and open events with
 * answers, written straight into the database: the setup shared by the close and report benchmarks.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';
import { categories, children, events, groups, kitas, parents, preferences } from '../../apps/server/src/db/schema.js';
import { hashSeed, newSeed } from '../../apps/server/src/modules/allocation/allocate.js';
import { writeSnapshot } from '../../apps/server/src/modules/events/snapshot.js';
import { rngFrom } from './rng.js';

export const CHILDREN = 500;
const COLOURS = ['red', 'red', 'yellow', 'yellow', 'green', 'green', 'green'] as const;
const NAMES = ['Müller', 'Schäfer', 'Böhm', 'Weiß', 'Krüger', 'Köhler', 'Bär', 'Groß'];

export interface ResultsWorld {
  kitaId: string;
  categoryId: string;
}

export async function createResultsWorld(db: Db): Promise<ResultsWorld> {
  const rng = rngFrom('results-bench');
  const [kita] = await db.insert(kitas).values({ name: 'Kita Bärenstark', location: 'München' }).returning();
  const [category] = await db.insert(categories).values({ kitaId: kita!.id, name: 'Kindergarten' }).returning();
  const groupRows = await db
    .insert(groups)
    .values(['Bären', 'Füchse', 'Eulen', 'Löwen'].map((name) => ({ categoryId: category!.id, name })))
    .returning();
  const families = await db
    .insert(parents)
    .values(
      Array.from({ length: 450 }, (_, i) => ({
        kitaId: kita!.id,
        name: `Eltern ${NAMES[i % NAMES.length]} ${i}`,
        email: `eltern${i}@bench.example`,
        preferredCommunication: 'email',
        emailVerified: true,
        language: i % 7 === 0 ? 'en' : 'de',
        status: 'approved',
      })),
    )
    .returning({ id: parents.id });
  const kids = Array.from({ length: CHILDREN }, (_, i) => ({
    parentId: families[i < 450 ? i : i - 450]!.id,
    groupId: groupRows[rng.int(0, groupRows.length - 1)]!.id,
    name: `Kind ${NAMES[i % NAMES.length]} ${i}`,
    dateOfBirth: '2021-05-04',
  }));
  await db.insert(children).values(kids);
  return { kitaId: kita!.id, categoryId: category!.id };
}

/** An open future event with answers for about 90% of the children; returns its id. */
export async function openEventWithAnswers(db: Db, world: ResultsWorld, now: Date, label: string): Promise<string> {
  const rng = rngFrom(`results-bench-${label}`);
  const seed = newSeed();
  const [event] = await db
    .insert(events)
    .values({
      kitaId: world.kitaId,
      categoryId: world.categoryId,
      eventType: 'future',
      careStartsAt: new Date(now.getTime() + 86_400_000),
      careEndsAt: new Date(now.getTime() + 2 * 86_400_000),
      answersCloseAt: new Date(now.getTime() + 43_200_000),
      opensAt: now,
      totalSlots: 150,
      status: 'open',
      seed,
      seedHash: hashSeed(seed),
    })
    .returning({ id: events.id });
  await writeSnapshot(db, { id: event!.id, categoryId: world.categoryId }, now);
  const kids = await db.execute<{ id: string; parent_id: string }>(sql`
    select c.id, c.parent_id from children c join groups g on g.id = c.group_id where g.category_id = ${world.categoryId}`);
  const answers = kids.rows
    .filter(() => rng.chance(0.9))
    .map((c) => ({ eventId: event!.id, childId: c.id, parentId: c.parent_id, preferenceType: COLOURS[rng.int(0, COLOURS.length - 1)]! }));
  await db.insert(preferences).values(answers);
  return event!.id;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};
