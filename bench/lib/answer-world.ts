/**
 * The answer-path benchmark's data: one Kita, one open future inquiry on its Kindergarten, and
 * `families` approved parents with one child each and a link session each. Ids are derived from
 * the family number, so pgbench can address family i with plain SQL (see pgbench-script.ts).
 */
import type { Db } from '../../apps/server/src/db/client.js';
import { categories, children, events, groups, kitas, parents, sessions } from '../../apps/server/src/db/schema.js';
import { hashSeed, newSeed } from '../../apps/server/src/modules/allocation/allocate.js';
import { writeSnapshot } from '../../apps/server/src/modules/events/snapshot.js';

const pad = (i: number) => String(i).padStart(12, '0');
export const ID_PREFIX = { parent: '00000000-0000-4000-8000-', child: '00000000-0000-4000-9000-', session: '00000000-0000-4000-a000-' } as const;

export interface AnswerWorld {
  eventId: string;
  expireDate: Date;
  families: number;
  sessionIds: string[];
  parentId(i: number): string;
  childId(i: number): string;
}

export async function seedAnswerWorld(db: Db, families: number, now: Date): Promise<AnswerWorld> {
  const parentId = (i: number) => `${ID_PREFIX.parent}${pad(i)}`;
  const childId = (i: number) => `${ID_PREFIX.child}${pad(i)}`;
  const sessionId = (i: number) => `${ID_PREFIX.session}${pad(i)}`;
  const [kita] = await db.insert(kitas).values({ name: 'Kita Lastprobe', location: 'Berlin' }).returning();
  const [category] = await db.insert(categories).values({ kitaId: kita!.id, name: 'Kindergarten' }).returning();
  const groupRows = await db
    .insert(groups)
    .values(['Bären', 'Füchse', 'Eulen', 'Löwen'].map((name) => ({ categoryId: category!.id, name })))
    .returning();
  const seed = newSeed();
  const expireDate = new Date(now.getTime() + 2 * 86_400_000);
  const [event] = await db
    .insert(events)
    .values({
      kitaId: kita!.id,
      categoryId: category!.id,
      eventType: 'future',
      careStartsAt: new Date(now.getTime() + 86_400_000),
      careEndsAt: expireDate,
      answersCloseAt: new Date(now.getTime() + 43_200_000),
      opensAt: new Date(now.getTime() - 60_000),
      totalSlots: Math.floor(families / 3),
      status: 'open',
      // As the fan-out stores it when an inquiry opens (the parent's view reads the threshold from it).
      eligibleCount: families,
      seed,
      seedHash: hashSeed(seed),
    })
    .returning();
  const range = Array.from({ length: families }, (_, i) => i);
  for (let start = 0; start < families; start += 1000) {
    const chunk = range.slice(start, start + 1000);
    await db.insert(parents).values(
      chunk.map((i) => ({
        id: parentId(i),
        kitaId: kita!.id,
        name: `Familie ${i}`,
        email: `familie${i}@bench.example`,
        emailVerified: true,
        preferredCommunication: 'email',
        status: 'approved',
      })),
    );
    await db.insert(children).values(
      chunk.map((i) => ({ id: childId(i), parentId: parentId(i), groupId: groupRows[i % groupRows.length]!.id, name: `Kind ${i}`, dateOfBirth: '2021-05-04' })),
    );
    await db.insert(sessions).values(chunk.map((i) => ({ id: sessionId(i), kind: 'link', parentId: parentId(i), eventId: event!.id, expiresAt: expireDate })));
  }
  // The inquiry asks these families (its snapshot, written at opening by the real code).
  await writeSnapshot(db, { id: event!.id, categoryId: category!.id }, now);
  return { eventId: event!.id, expireDate, families, sessionIds: range.map(sessionId), parentId, childId };
}
