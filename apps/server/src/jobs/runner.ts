import type { FastifyInstance } from 'fastify';
import { openDueEvents } from '../modules/events/service.js';
import { closeDueEvents, msUntilNextDeadline } from '../modules/results/close.js';
import { runRetention } from './retention.js';
import { sendDueReminders, sendFallbacks } from '../modules/delivery/service.js';
import { expireRegistrations } from '../modules/accounts/registration-expiry.js';

export interface PeriodicJob {
  name: string;
  intervalMs: number;
  /** Must be safe to run on several processes at once (claim work with UPDATE ... RETURNING / SKIP LOCKED). */
  run(app: FastifyInstance): Promise<unknown>;
  /**
   * When the next round is due, if sooner than intervalMs (e.g. the next deadline of an open
   * event); null = after intervalMs. The runner waits at least MIN_DELAY_MS between rounds.
   */
  dueInMs?(app: FastifyInstance): Promise<number | null>;
}

/** The shortest pause between two rounds of a job, so work that keeps failing cannot spin. */
export const MIN_DELAY_MS = 1000;

/** The periodic jobs of the app. Add one entry per job. */
export const PERIODIC_JOBS: PeriodicJob[] = [
  // Scheduled future events open (and notify the parents) at their eventDate.
  { name: 'open-due-events', intervalMs: 10_000, run: (app) => openDueEvents(app) },
  // Open events close at expireDate (immediate ones also once every child has answered): the
  // round after a deadline starts at that deadline, not up to 10 s later (issue 15: a strike
  // morning's inquiries close within seconds of their deadline).
  { name: 'close-due-events', intervalMs: 10_000, run: (app) => closeDueEvents(app), dueInMs: (app) => msUntilNextDeadline(app) },
  // Storage limitation: old messages, expired sessions and tokens, stale rate-limit rows (jobs/retention.ts).
  { name: 'retention', intervalMs: 3_600_000, run: (app) => runRetention(app) },
  // A failed or undelivered inquiry goes out once on the family's other verified channel.
  { name: 'channel-fallbacks', intervalMs: 5_000, run: (app) => sendFallbacks(app) },
  // Registrations that proved neither e-mail nor phone end after REGISTRATION_EXPIRY_DAYS (issue 21).
  { name: 'registration-expiry', intervalMs: 600_000, run: (app) => expireRegistrations(app) },
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
      const round = job
        .run(app)
        .then(() => job.dueInMs?.(app) ?? null)
        .catch((err: unknown) => {
          app.log.error({ err, job: job.name }, 'periodic job failed');
          return null;
        });
      inFlight.add(round);
      const due = await round;
      inFlight.delete(round);
      const delay = due === null ? job.intervalMs : Math.min(job.intervalMs, Math.max(MIN_DELAY_MS, due));
      if (!stopped) timers.push(setTimeout(() => void tick(), delay));
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
