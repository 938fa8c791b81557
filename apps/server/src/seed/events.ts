import { sql } from 'drizzle-orm';
import { defaultResponseDeadline, type PreferenceType } from '@kita/shared';
import type { DbOrTx } from '../db/client.js';
import { events, preferences } from '../db/schema.js';
import { hashSeed, newSeed, RULE_VERSION } from '../modules/allocation/allocate.js';
import type { DemoParents } from './parents.js';
import type { DemoStructure } from './structure.js';
import { at, demoStrikeDays } from './calendar.js';

const HOUR_MS = 3600_000;
const ANSWERS: PreferenceType[] = ['red', 'green', 'yellow', 'green', 'red', 'green', 'yellow', 'green', 'green', 'red', 'yellow', 'green'];

/**
 * One open future inquiry on the demo Kita's Kindergarten with a dozen answers, so a newcomer sees
 * answers come in. It is written as due ('scheduled' with a start two hours ago): the periodic job
 * opens it right after the first start and writes the inquiries (with their preference links built
 * from PUBLIC_URL) into the dev mailbox. The demo parent's children stay unanswered, ready to try.
 */
export async function seedEvents(tx: DbOrTx, structure: DemoStructure, families: DemoParents, now: Date): Promise<{ eventId: string }> {
  const kitaId = structure.kitaIds[0]!;
  const categoryId = structure.categoryIds.Kindergarten;
  const seed = newSeed();
  // A strike on the first working day at least three days ahead, 07:00 to 17:00 Berlin time, and
  // the day after too when that is a working day (the care days are weekdays whatever the date of
  // the start); answers until the evening before.
  const { first: firstDay, last: lastDay } = demoStrikeDays(now);
  const careStart = at(firstDay, '07:00');
  const careEnd = at(lastDay, '17:00');
  const opensAt = new Date(now.getTime() - 2 * HOUR_MS);
  const [event] = await tx
    .insert(events)
    .values({
      kitaId,
      categoryId,
      eventType: 'future',
      careStartsAt: careStart,
      careEndsAt: careEnd,
      answersCloseAt: defaultResponseDeadline(careStart, opensAt, 'Europe/Berlin'),
      opensAt,
      description: 'Warnstreik: Im Kindergarten stehen nur wenige Erzieherinnen zur Verfügung.',
      totalSlots: 8,
      status: 'scheduled',
      seed,
      seedHash: hashSeed(seed),
      ruleVersion: RULE_VERSION,
      timezone: 'Europe/Berlin',
      createdBy: structure.managerId,
      createdAt: new Date(now.getTime() - 3 * HOUR_MS),
    })
    .returning({ id: events.id });

  const eligible = await tx.execute<{ id: string; parent_id: string }>(sql`
    select c.id, c.parent_id
      from children c join groups g on g.id = c.group_id join parents p on p.id = c.parent_id
     where g.category_id = ${categoryId} and p.status = 'approved' and (p.is_active or p.is_anonymous)
       and p.id <> ${families.demoParentId}
     order by c.name, c.id
     limit ${ANSWERS.length}`);
  if (eligible.rows.length > 0) {
    await tx.insert(preferences).values(
      eligible.rows.map((c, i) => ({
        eventId: event!.id,
        childId: c.id,
        parentId: c.parent_id,
        preferenceType: ANSWERS[i]!,
        // Every third answer came in by phone and was recorded by the manager.
        recordedBy: i % 3 === 2 ? structure.managerId : null,
        createdAt: new Date(now.getTime() - (90 - i * 5) * 60_000),
        updatedAt: new Date(now.getTime() - (90 - i * 5) * 60_000),
      })),
    );
  }
  return { eventId: event!.id };
}
