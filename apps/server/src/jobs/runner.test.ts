import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { startJobs } from './runner.js';

const fakeApp = { log: { error: () => undefined }, schemaGuard: { writable: true } } as unknown as FastifyInstance;

describe('periodic job runner', () => {
  it('runs each job at once and again after its interval, never two rounds at a time', async () => {
    let running = 0;
    let maxRunning = 0;
    let rounds = 0;
    const jobs = startJobs(fakeApp, [
      {
        name: 'slow',
        intervalMs: 5,
        run: async () => {
          running++;
          maxRunning = Math.max(maxRunning, running);
          await new Promise((r) => setTimeout(r, 20));
          rounds++;
          running--;
        },
      },
    ]);
    await new Promise((r) => setTimeout(r, 120));
    await jobs.stop();
    const after = rounds;
    await new Promise((r) => setTimeout(r, 60));
    expect(after).toBeGreaterThanOrEqual(2);
    expect(maxRunning).toBe(1);
    // Stopped: no further rounds.
    expect(rounds).toBe(after);
  });

  it('keeps running after a failing round and logs it', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const app = { log: { error: (obj: unknown) => errors.push(obj) }, schemaGuard: { writable: true } } as unknown as FastifyInstance;
    const jobs = startJobs(app, [
      {
        name: 'flaky',
        intervalMs: 5,
        run: async () => {
          calls++;
          if (calls === 1) throw new Error('database gone');
        },
      },
    ]);
    await new Promise((r) => setTimeout(r, 60));
    await jobs.stop();
    expect(calls).toBeGreaterThanOrEqual(2);
    expect(errors).toHaveLength(1);
  });
});

describe('a job with a due time', () => {
  it('runs its next round when it is due, not after the whole interval', async () => {
    const starts: number[] = [];
    const jobs = startJobs(fakeApp, [
      {
        name: 'deadline',
        intervalMs: 10_000,
        run: async () => void starts.push(performance.now()),
        // The next deadline is 250 ms away after every round.
        dueInMs: async () => 250,
      },
    ]);
    await new Promise((r) => setTimeout(r, 1400));
    await jobs.stop();
    expect(starts.length).toBeGreaterThanOrEqual(2);
    // 250 ms after the first round, far before the 10 s interval.
    expect(starts[1]! - starts[0]!).toBeLessThan(3000);
  });

  it('waits for a due time shorter than MIN_DELAY_MS to the millisecond (a round just before a deadline)', async () => {
    const starts: number[] = [];
    const jobs = startJobs(fakeApp, [
      {
        name: 'deadline-soon',
        intervalMs: 10_000,
        run: async () => void starts.push(performance.now()),
        // After the first round the deadline is 200 ms away; after that nothing is due.
        dueInMs: async () => (starts.length === 1 ? 200 : null),
      },
    ]);
    await new Promise((r) => setTimeout(r, 900));
    await jobs.stop();
    expect(starts).toHaveLength(2);
    // Not MIN_DELAY_MS (1 s) later: the deadline's round comes at the deadline.
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(199);
    expect(starts[1]! - starts[0]!).toBeLessThan(700);
  });

  it('never runs rounds closer than MIN_DELAY_MS, even when work stays due', async () => {
    let rounds = 0;
    const jobs = startJobs(fakeApp, [{ name: 'due', intervalMs: 10_000, run: async () => void rounds++, dueInMs: async () => 0 }]);
    await new Promise((r) => setTimeout(r, 1500));
    await jobs.stop();
    expect(rounds).toBeGreaterThanOrEqual(2);
    expect(rounds).toBeLessThanOrEqual(3);
  });
});
