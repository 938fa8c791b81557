import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { DEMO_LOGINS, seedStructure } from './structure.js';
import { seedParents } from './parents.js';
import { seedEvents } from './events.js';
import { seedSeason } from './season.js';

export { DEMO_LOGINS };

/** True when the database holds no Kita and no user yet (a fresh embedded database). */
export async function isEmpty(db: Db): Promise<boolean> {
  const r = await db.execute<{ n: number }>(sql`select (select count(*) from users) + (select count(*) from kitas) as n`);
  return Number(r.rows[0]?.n ?? 0) === 0;
}

/**
 * Loads the demo data in one transaction. Each area adds its part after the structure
 * (parents and children, events, a past season of allocations).
 */
export async function seedDemo(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const structure = await seedStructure(tx);
    const families = await seedParents(tx, structure, now);
    await seedEvents(tx, structure, families, now);
    await seedSeason(tx, structure, families, now);
    void structure;
    void now;
  });
}
