/**
 * The PDF report of an event with 500 children (docs/quality.md): what
 * `GET emergency-event/{id}/pdf` does after the auth check (read the event, build the report rows
 * with reasons, render the A4 PDF), on the embedded database (PGlite, the default product setup).
 * One warm-up, then the median of several runs. Run alone with `node --import tsx bench/report-bench.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
// The FastifyInstance decorations (db, clock, outbox) that the results module's types refer to.
import type {} from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { findEvent } from '../apps/server/src/modules/events/queries.js';
import { closeEventTx } from '../apps/server/src/modules/results/close.js';
import { renderReportPdf } from '../apps/server/src/modules/results/pdf.js';
import { buildReport } from '../apps/server/src/modules/results/report.js';
import { writeBenchResult, type BenchResult } from './lib/fresh-database.js';
import { CHILDREN, createResultsWorld, median, openEventWithAnswers } from './lib/results-world.js';

const WARMUP = 2;
const RUNS = 7;
const TARGET_MS = 1000;

export async function benchPdf(): Promise<BenchResult> {
  const database = await openDatabase({});
  try {
    const now = new Date();
    const world = await createResultsWorld(database.db);
    const eventId = await openEventWithAnswers(database.db, world, now, 'report');
    await database.db.transaction((tx) => closeEventTx(tx, eventId, { now, actor: { userId: null, role: 'system', by: 'schedule' } }));
    let bytes = 0;
    const run = async () => {
      const start = performance.now();
      const e = (await findEvent(database.db, eventId))!;
      const pdf = await renderReportPdf(await buildReport(database.db, e, 'de', now), 'de');
      bytes = pdf.length;
      return performance.now() - start;
    };
    for (let i = 0; i < WARMUP; i++) await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push(await run());
    const ms = Math.round(median(times) * 10) / 10;
    return {
      name: 'report-pdf-500',
      ms,
      target: `<= ${TARGET_MS} ms`,
      met: ms <= TARGET_MS,
      database: 'pglite',
      children: CHILDREN,
      runs: RUNS,
      minMs: Math.round(Math.min(...times) * 10) / 10,
      maxMs: Math.round(Math.max(...times) * 10) / 10,
      pdfBytes: bytes,
    };
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchPdf();
  writeBenchResult(result.name, result);
  console.log(`PDF report of ${CHILDREN} children: median ${result.ms} ms (target ${result.target}) ${result.met ? 'MET' : 'MISSED'}`);
  console.log(JSON.stringify(result));
}
