/**
 * The rig of the answer-path and parent's-view benchmarks: a fresh PostgreSQL database with the
 * answer world (2,000 families, one open inquiry, a link session each), the real app in its own
 * process (answer-app.ts) with a signed token per family, the load generators (autocannon here,
 * pgbench as a child) and the CPU meter around each measured phase.
 */
import { openDatabase } from '../../apps/server/src/db/client.js';
import type { AppMessage, AppReply } from './answer-app.js';
import { seedAnswerWorld, type AnswerWorld } from './answer-world.js';
import { forkChild } from './child-process.js';
import { startCpuMeter, type CpuShares } from './cpu-share.js';
import { benchServerUrl, withFreshDatabase } from './fresh-database.js';
import { hammer } from './http-load.js';
import { runPgbench } from './pgbench.js';

export const FAMILIES = 2000;
export const CONNECTIONS = 50;
/** Seconds per measured phase (BENCH_SECONDS changes it). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** The app's database pool: openDatabase's default unless BENCH_POOL_SIZE says otherwise (answer-app.ts reads it). */
export const POOL = Number(process.env.BENCH_POOL_SIZE ?? 10);
export const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const COLOURS = ['red', 'yellow', 'green'];

export interface AnswerRig {
  url: string;
  port: number;
  world: AnswerWorld;
  tokens: string[];
  /** The statements one request sent (recorded from node-postgres in the app process). */
  capture(m: Omit<Extract<AppMessage, { type: 'capture' }>, 'type'>): Promise<Extract<AppReply, { type: 'captured' }>>;
  /** POST /api/preference for the next family, round robin, for `seconds`. */
  answers(seconds: number): ReturnType<typeof hammer>;
  /** GET the parent's view of the next family, round robin, for `seconds`. */
  views(seconds: number): ReturnType<typeof hammer>;
  pgbench(script: string, seconds: number): ReturnType<typeof runPgbench>;
  /** Runs `work` with the CPU meter on (app, generator = this process and pgbench, postgres backends). */
  metered<T>(work: () => Promise<T>): Promise<{ out: T; cpu: CpuShares }>;
}

export function answerBody(world: AnswerWorld, i: number, colour = COLOURS[i % 3]!) {
  return { eventId: world.eventId, preferences: [{ childId: world.childId(i), childName: `Kind ${i}`, preferenceType: colour }] };
}

export async function withAnswerRig<T>(prefix: string, work: (rig: AnswerRig) => Promise<T>): Promise<T> {
  return withFreshDatabase(prefix, async (url) => {
    const database = await openDatabase({ url });
    const world = await seedAnswerWorld(database.db, FAMILIES, new Date());
    await database.close();
    const app = forkChild<AppMessage, AppReply>('answer-app.ts', {
      DATABASE_URL: url,
      JWT_SECRET,
      PUBLIC_URL: 'http://bench.local',
      WORKER: 'off',
      BENCH_POOL_SIZE: String(POOL),
    });
    try {
      const ready = await app.ready;
      if (ready.type !== 'ready') throw new Error('app did not start');
      const signed = await app.ask({ type: 'sign', sessionIds: world.sessionIds, expiresAt: world.expireDate.toISOString() });
      if (signed.type !== 'signed') throw new Error('no tokens');
      const tokens = signed.tokens;
      let pgbenchPid: number | undefined;
      let round = 0;
      const rig: AnswerRig = {
        url,
        port: ready.port,
        world,
        tokens,
        async capture(m) {
          const r = await app.ask({ type: 'capture', ...m });
          if (r.type !== 'captured') throw new Error('no capture');
          return r;
        },
        answers: (seconds) => {
          // Each round of answers changes the colours, so every answer is a real update.
          const shift = round++;
          return hammer({
            port: ready.port,
            connections: CONNECTIONS,
            seconds,
            next: (n) => {
              const i = n % FAMILIES;
              return {
                method: 'POST',
                path: '/api/preference',
                headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i]}` },
                body: JSON.stringify(answerBody(world, i, COLOURS[(i + shift + Math.floor(n / FAMILIES)) % 3])),
              };
            },
          });
        },
        views: (seconds) =>
          hammer({
            port: ready.port,
            connections: CONNECTIONS,
            seconds,
            next: (n) => {
              const i = n % FAMILIES;
              return { method: 'GET', path: `/api/auth/${world.eventId}/parents/${world.parentId(i)}`, headers: { authorization: `Bearer ${tokens[i]}` } };
            },
          }),
        pgbench: (script, seconds) =>
          runPgbench(url, script, seconds, CONNECTIONS, (pid) => (pgbenchPid = pid)).finally(() => (pgbenchPid = undefined)),
        async metered(work) {
          const meter = await startCpuMeter(benchServerUrl(), new URL(url).pathname.slice(1), {
            app: () => [app.pid],
            generator: () => [process.pid, pgbenchPid],
          });
          const out = await work();
          return { out, cpu: await meter.stop() };
        },
      };
      return await work(rig);
    } finally {
      await app.stop();
    }
  });
}
