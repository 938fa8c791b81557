import type { FastifyInstance } from 'fastify';
import { openDueEvents } from '../modules/events/service.js';
import { closeDueEvents } from '../modules/results/close.js';
import { runRetention } from './retention.js';
import { sendDueReminders, sendFallbacks } from '../modules/delivery/service.js';

export interface PeriodicJob {
  name: string;
  intervalMs: number;
  /** Must be safe to run on several processes at once (claim work with UPDATE ... RETURNING / SKIP LOCKED). */
  run(app: FastifyInstance): Promise<unknown>;
}

/** The periodic jobs of the app. Add one entry per job. */
export const PERIODIC_JOBS: PeriodicJob[] = [
  // Scheduled future events open (and notify the parents) at their eventDate.
  { name: 'open-due-events', intervalMs: 10_000, run: (app) => openDueEvents(app) },
  // Open events close at expireDate (immediate ones also once every child has answered).
  { name: 'close-due-events', intervalMs: 10_000, run: (app) => closeDueEvents(app) },
  // Storage limitation: old messages, expired sessions and tokens, stale rate-limit rows (jobs/retention.ts).
  { name: 'retention', intervalMs: 3_600_000, run: (app) => runRetention(app) },
  // A failed or undelivered inquiry goes out once on the family's other verified channel.
  { name: 'channel-fallbacks', intervalMs: 5_000, run: (app) => sendFallbacks(app) },
  // One reminder per open event to families without an answer, half-way through the window.
  { name: 'reminders', intervalMs: 10_000, run: (app) => sendDueReminders(app) },
];

/**
 * Runs each job every intervalMs, one round at a time per job (no overlap within a process).
 * Several processes may run the same jobs: every job claims its work in the database.
 */
export function startJobs(app: FastifyInstance, jobs: PeriodicJob[] = PERIODIC_JOBS): { stop(): Promise<void> } {
  let stopped = false;
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Set<Promise<unknown>>();
  for (const job of jobs) {
    const tick = async () => {
      if (stopped) return;
      const round = job.run(app).catch((err: unknown) => app.log.error({ err, job: job.name }, 'periodic job failed'));
      inFlight.add(round);
      await round;
      inFlight.delete(round);
      if (!stopped) timers.push(setTimeout(() => void tick(), job.intervalMs));
    };
    timers.push(setTimeout(() => void tick(), 0));
  }
  return {
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.all(inFlight);
    },
  };
}
