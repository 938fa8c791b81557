/**
 * Closing an event of 500 children on the real PostgreSQL (docs/quality.md): the
 * whole close as the route runs it, in ONE transaction: lock, read answers and balances, allocate,
 * write 500 allocation rows, ~450 ledger entries and ~450 result messages, mark finished. A fresh
 * database per run of the benchmark (dropped at the end); one warm-up close, then the median of
 * several closes of identical fresh events. Run alone with `node --import tsx bench/close-bench.ts`
 * (TEST_DATABASE_URL or BENCH_DATABASE_URL names the server, default postgres://postgres@127.0.0.1:5432/test).
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
// The FastifyInstance decorations (db, clock, outbox) that the results module's types refer to.
import type {} from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { closeEventTx } from '../apps/server/src/modules/results/close.js';
import { withFreshDatabase, writeBenchResult, type BenchResult } from './lib/fresh-database.js';
import { CHILDREN, createResultsWorld, median, openEventWithAnswers } from './lib/results-world.js';

const RUNS = 5;
const TARGET_MS = 1000;

export async function benchClose(): Promise<BenchResult> {
  return withFreshDatabase('close', async (url) => {
    const database = await openDatabase({ url });
    try {
      const now = new Date();
      const world = await createResultsWorld(database.db);
      const times: number[] = [];
      let rows = { allocations: 0, ledger: 0, messages: 0 };
      for (let i = 0; i <= RUNS; i++) {
        const eventId = await openEventWithAnswers(database.db, world, now, String(i));
        const start = performance.now();
        const r = await database.db.transaction((tx) =>
          closeEventTx(tx, eventId, { now, actor: { userId: null, role: 'system', by: 'schedule' } }),
        );
        const ms = performance.now() - start;
        if (r.state !== 'closed') throw new Error(`close did not run: ${r.state}`);
        // Run 0 warms up the JIT and PostgreSQL's caches.
        if (i > 0) times.push(ms);
        const counts = await database.db.execute<{ a: number; l: number; m: number }>(sql`
          select (select count(*) from allocations where event_id = ${eventId})::int as a,
                 (select count(*) from credit_ledger where event_id = ${eventId})::int as l,
                 (select count(*) from outbox_messages where event_id = ${eventId} and kind = 'results')::int as m`);
        const c = counts.rows[0]!;
        rows = { allocations: Number(c.a), ledger: Number(c.l), messages: Number(c.m) };
      }
      const ms = Math.round(median(times) * 10) / 10;
      return {
        name: 'close-500',
        ms,
        target: `<= ${TARGET_MS} ms`,
        met: ms <= TARGET_MS,
        database: 'postgresql',
        children: CHILDREN,
        runs: RUNS,
        minMs: Math.round(Math.min(...times) * 10) / 10,
        maxMs: Math.round(Math.max(...times) * 10) / 10,
        rowsPerClose: rows,
      };
    } finally {
      await database.close();
    }
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchClose();
  writeBenchResult(result.name, result);
  console.log(`closing an event of ${CHILDREN} children: median ${result.ms} ms (target ${result.target}) ${result.met ? 'MET' : 'MISSED'}`);
  console.log(JSON.stringify(result));
}
