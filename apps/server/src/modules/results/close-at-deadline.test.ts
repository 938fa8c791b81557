import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { futureEvent, immediateEvent, resultsWorld, type ResultsWorld } from '../../../test/factories-results.js';
import { createEventViaApi, DAY, futureDates } from '../../../test/factories-events.js';
import { events } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { PERIODIC_JOBS, startJobs } from '../../jobs/runner.js';
import { msUntilNextDeadline } from './close.js';

/**
 * The close job wakes at the earliest answer deadline (answers_close_at) of an open inquiry, not
 * at the end of a care period (care_ends_at): an inquiry is allocated within a second of its
 * deadline, not at the job's next 10-second round.
 */

/** A clock that runs with real time from `start` on: the job runner waits in real milliseconds. */
class RunningClock implements Clock {
  private readonly offset: number;
  constructor(start: Date) {
    this.offset = start.getTime() - Date.now();
  }
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
}

let t: TestContext;
let w: ResultsWorld;
beforeAll(async () => ({ t, w } = await testAppWith(resultsWorld)));
afterAll(async () => t.close());

const closeJob = PERIODIC_JOBS.filter((j) => j.name === 'close-due-events');

describe('the close job wakes at the answer deadline', () => {
  it('allocates a future and an immediate inquiry within 1 s of their deadlines while other care periods end days later', async () => {
    const created = t.clock.now();
    // Another open inquiry: its answers close in two days, its care period ends days later.
    await futureEvent(t, w, 1);
    const immediate = await immediateEvent(t, w, 1);
    const [imm] = await t.db.select().from(events).where(eq(events.id, immediate));
    // A future inquiry whose answers close 1.5 s after the immediate one's 15 minutes; its care
    // period starts 12 h later and ends a day after that.
    const future = await createEventViaApi(t, w.headers.manager, {
      kitaId: w.home.kita.id,
      categoryId: w.home.kindergarten.id,
      eventType: 'future',
      ...futureDates(created, new Date(imm!.answersCloseAt.getTime() + 1500)),
      totalSlotsKindergarten: 1,
    });

    // A second process on the same database whose clock runs in real time, 1.5 s before the
    // immediate inquiry's deadline; it runs the close job exactly as the worker does.
    const clock = new RunningClock(new Date(imm!.answersCloseAt.getTime() - 1500));
    const worker = await buildApp({ config: t.config, database: t.database, clock, logger: false, serveWeb: false });
    await worker.ready();
    const jobs = startJobs(worker, closeJob);
    try {
      const ids = [immediate, future];
      const finished = async () =>
        (await t.db.select().from(events).where(inArray(events.id, ids))).filter((e) => e.status === 'finished').length === ids.length;
      // The bug: the next round came with the 10 s interval, as long as no care period had ended.
      const until = Date.now() + 12_000;
      while (!(await finished()) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      const rows = await t.db.select().from(events).where(inArray(events.id, ids));
      const lateness = Object.fromEntries(
        rows.map((e) => [e.eventType, e.finishedAt ? e.finishedAt.getTime() - e.answersCloseAt.getTime() : null]),
      );
      expect(lateness.immediate).not.toBeNull();
      expect(lateness.future).not.toBeNull();
      for (const ms of Object.values(lateness)) {
        expect(ms).toBeGreaterThanOrEqual(0);
        expect(ms).toBeLessThan(1000);
      }
    } finally {
      await jobs.stop();
      await worker.close();
    }
  }, 30_000);

  it('the next wake-up is the earliest response deadline of an open inquiry, not when a care period ends', async () => {
    const created = t.clock.now();
    // The inquiry of the test above: answers close in two days; care starts 12 h after that and
    // ends a day later.
    expect(await msUntilNextDeadline(t.app)).toBe(2 * DAY);
    // A scheduled inquiry (not open yet) does not count; the open job wakes for it.
    const start = new Date(created.getTime() + DAY);
    await createEventViaApi(t, w.headers.manager, {
      kitaId: w.home.kita.id,
      categoryId: w.home.kindergarten.id,
      eventType: 'future',
      ...futureDates(start, new Date(start.getTime() + 3 * DAY)),
      totalSlotsKindergarten: 1,
    });
    expect(await msUntilNextDeadline(t.app)).toBe(2 * DAY);
    t.clock.advance(DAY + 1);
    expect(await msUntilNextDeadline(t.app)).toBe(DAY - 1);
    // The open job has a due time too: the scheduled inquiry was due a millisecond ago.
    const openJob = PERIODIC_JOBS.find((j) => j.name === 'open-due-events')!;
    expect(await openJob.dueInMs?.(t.app)).toBe(0);
    await openJob.run(t.app);
    // Now open: its deadline (two days on) is later than the first inquiry's.
    expect(await msUntilNextDeadline(t.app)).toBe(DAY - 1);
    expect(await openJob.dueInMs?.(t.app)).toBeNull();
  });
});
