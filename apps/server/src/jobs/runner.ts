import type { FastifyInstance } from 'fastify';
import { msUntilNextOpening, openDueEvents } from '../modules/events/service.js';
import { closeDueEvents, msUntilNextDeadline } from '../modules/results/close.js';
import { runRetention } from './retention.js';
import { sendDueReminders, sendFallbacks } from '../modules/delivery/service.js';
import { escalatePushes } from '../modules/delivery/escalation.js';
import { expireRegistrations } from '../modules/accounts/registration-expiry.js';

export interface PeriodicJob {
  name: string;
  intervalMs: number;
  /** Must be safe to run on several processes at once (claim work with UPDATE ... RETURNING / SKIP LOCKED). */
  run(app: FastifyInstance): Promise<unknown>;
  /**
   * When the next round is due, if sooner than intervalMs (e.g. the next deadline of an open
   * event); null = after intervalMs. A due time in the future is kept to the millisecond (a round
   * just before a deadline waits for it, not a whole MIN_DELAY_MS); 0 (work is due now, yet this
   * round left it) waits MIN_DELAY_MS.
   */
  dueInMs?(app: FastifyInstance): Promise<number | null>;
}

/**
 * The pause before the next round when work is still due after a round (it failed, or another
 * process holds it), so work that keeps failing cannot spin.
 */
export const MIN_DELAY_MS = 1000;

/**
 * Added to a due time: a timer may fire a millisecond before the due instant by the app's clock
 * (timers and the wall clock round differently), and a round that comes too early finds nothing
 * due and waits MIN_DELAY_MS for the next.
 */
export const DUE_MARGIN_MS = 5;

/** The periodic jobs of the app. Add one entry per job. */
export const PERIODIC_JOBS: PeriodicJob[] = [
  // Scheduled future events open (and notify the parents) at their opensAt: the round after an
  // opening time starts at it, not up to 10 s later.
  { name: 'open-due-events', intervalMs: 10_000, run: (app) => openDueEvents(app), dueInMs: (app) => msUntilNextOpening(app) },
  // Open events close at their responseDeadline (immediate ones also once every child has
  // answered): the round after a deadline starts at that deadline, not up to 10 s later (an
  // inquiry is allocated within a second of its deadline). Not at expireDate, which is
  // when the care period ends.
  { name: 'close-due-events', intervalMs: 10_000, run: (app) => closeDueEvents(app), dueInMs: (app) => msUntilNextDeadline(app) },
  // Storage limitation: old messages, expired sessions and tokens, stale rate-limit rows (jobs/retention.ts).
  { name: 'retention', intervalMs: 3_600_000, run: (app) => runRetention(app) },
  // A failed or undelivered inquiry goes out once on the family's other verified channel.
  { name: 'channel-fallbacks', intervalMs: 5_000, run: (app) => sendFallbacks(app) },
  // Push first: a push not opened in time (or failed) is followed by the usual SMS or e-mail, once.
  { name: 'push-escalation', intervalMs: 15_000, run: (app) => escalatePushes(app) },
  // Registrations that proved neither e-mail nor phone end after REGISTRATION_EXPIRY_DAYS.
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
      // Paused while a newer release owns the database schema (db/schema-version.ts).
      const round = (app.schemaGuard.writable ? job.run(app) : Promise.resolve())
        .then(() => job.dueInMs?.(app) ?? null)
        .catch((err: unknown) => {
          app.log.error({ err, job: job.name }, 'periodic job failed');
          return null;
        });
      inFlight.add(round);
      const due = await round;
      inFlight.delete(round);
      const delay =
        due === null ? job.intervalMs : due <= 0 ? MIN_DELAY_MS : Math.min(job.intervalMs, Math.ceil(due) + DUE_MARGIN_MS);
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
