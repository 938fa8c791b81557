/**
 * How late the close job allocates future inquiries after their answer deadline: the
 * app with its periodic jobs as `npm start` runs them, on the real clock, on a fresh database;
 * three future inquiries of one Kita whose answers close 20, 23.5 and 27 s after their creation,
 * each with a care period ending days later. Prints each inquiry's lateness (finished_at minus
 * answers_close_at). Aim: under 1 s each on an idle machine.
 *
 * Run alone: `node --import tsx bench/close-lateness.ts` (embedded PGlite; TEST_DATABASE_URL for
 * PostgreSQL). Takes about 30 s.
 */
import { inArray } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { events } from '../apps/server/src/db/schema.js';
import { startJobs } from '../apps/server/src/jobs/runner.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { testConfig } from '../apps/server/test/app.js';
import { openTestDatabase, prepareTestDatabaseTemplate } from '../apps/server/test/database.js';
import { authHeader, createChild, createKita, createParent, createStaff } from '../apps/server/test/factories.js';

const DEADLINES_S = [20, 23.5, 27];
const HOUR = 3_600_000;

await prepareTestDatabaseTemplate();
const database = await openTestDatabase();
const app = await buildApp({ config: testConfig(), database, clock: systemClock, logger: false, serveWeb: false });
await app.ready();
const jobs = startJobs(app);
try {
  const home = await createKita(database.db, 'Kita Messung');
  const manager = await createStaff(database.db, 'KitaManager', home.kita.id);
  for (let i = 0; i < 5; i++) {
    const p = await createParent(database.db, home.kita.id, { name: `Familie ${i}` });
    await createChild(database.db, p.parent.id, home.kgGroup.id, `Kind ${i}`);
  }
  const headers = await authHeader(app, manager.id);
  const ids: string[] = [];
  for (const s of DEADLINES_S) {
    const created = systemClock.now();
    const deadline = new Date(created.getTime() + s * 1000);
    const eventDate = new Date(deadline.getTime() + 12 * HOUR);
    const res = await app.inject({
      method: 'POST',
      url: '/api/emergency-event',
      headers,
      payload: {
        kitaId: home.kita.id,
        categoryId: home.kindergarten.id,
        eventType: 'future',
        confirmOverlap: true,
        opensAt: created.toISOString(),
        responseDeadline: deadline.toISOString(),
        eventDate: eventDate.toISOString(),
        expireDate: new Date(eventDate.getTime() + 48 * HOUR).toISOString(),
        totalSlotsKindergarten: 2,
      },
    });
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    ids.push(res.json().data.eventId as string);
  }
  const giveUp = Date.now() + (Math.max(...DEADLINES_S) + 20) * 1000;
  let rows = await database.db.select().from(events).where(inArray(events.id, ids));
  while (rows.some((e) => e.status !== 'finished') && Date.now() < giveUp) {
    await new Promise((r) => setTimeout(r, 100));
    rows = await database.db.select().from(events).where(inArray(events.id, ids));
  }
  for (const id of ids) {
    const e = rows.find((r) => r.id === id)!;
    const late = e.finishedAt ? ((e.finishedAt.getTime() - e.answersCloseAt.getTime()) / 1000).toFixed(2) + ' s' : 'not closed';
    console.log(`answers closed ${e.answersCloseAt.toISOString()}, allocated ${e.finishedAt?.toISOString() ?? '-'}: ${late} late`);
  }
} finally {
  await jobs.stop();
  await app.close();
  await database.close();
}
