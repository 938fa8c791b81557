/**
 * The parent's view of an inquiry (issue 15, aim 1): `GET /api/auth/{eventId}/parents/{parentId}`
 * of the real app on real PostgreSQL under autocannon (50 connections), 2,000 families, each
 * request with its own family's link session. In the same run: pgbench (50 clients) executing the
 * very statements the app sent for one view (recorded from the driver), and the answer path
 * (POST /api/preference) under the same load. Aims: at most 2 statements per view, app/pgbench
 * ratio >= 0.6, view throughput >= the answer path's. The load average of the machine is recorded
 * with the figures (the 2 cores are shared).
 *
 * Run alone: `node --import tsx bench/parent-view.ts` (BENCH_DATABASE_URL or TEST_DATABASE_URL;
 * BENCH_SECONDS changes the 10 s per side).
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runApp, runPgbench, startApp } from './answer-path.js';
import type { AppMessage } from './lib/answer-app.js';
import { seedAnswerWorld, type AnswerWorld } from './lib/answer-world.js';
import { percentile, withFreshDatabase, writeBenchResult } from './lib/fresh-database.js';
import { pgbenchScript } from './lib/pgbench-script.js';

const FAMILIES = 2000;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

export interface ParentViewResult {
  name: 'parent-view';
  statementsPerView: number;
  ratio: number;
  viewVsAnswer: number;
  viewReqPerSec: number;
  target: string;
  pass: boolean;
  view: { reqPerSec: number; p50Ms: number; p99Ms: number; requests: number; non2xx: number; errors: number };
  answer: { reqPerSec: number; p50Ms: number; p99Ms: number; non2xx: number };
  pgbench: { tps: number; p50Ms: number; p99Ms: number; statements: number };
  statements: string[];
  loadAverage1m: number[];
  families: number;
  connections: number;
  seconds: number;
  reason?: string;
}

const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

function runView(port: number, world: AnswerWorld, tokens: string[], seconds: number) {
  let n = 0;
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        // Each request reads the next family's view with that family's link session (round robin).
        setupRequest: (req) => {
          const i = n++ % world.families;
          return { ...req, path: `/api/auth/${world.eventId}/parents/${world.parentId(i)}`, headers: { authorization: `Bearer ${tokens[i]}` } };
        },
      },
    ],
  });
}

export async function benchParentView(): Promise<ParentViewResult> {
  return withFreshDatabase('view', async (url) => {
    const database = await openDatabase({ url });
    const world = await seedAnswerWorld(database.db, FAMILIES, new Date());
    await database.close();

    const app = startApp(url);
    try {
      const ready = await app.ready;
      if (ready.type !== 'ready') throw new Error('app did not start');
      const signed = await app.ask({ type: 'sign', sessionIds: world.sessionIds, expiresAt: world.expireDate.toISOString() });
      if (signed.type !== 'signed') throw new Error('no tokens');
      const captured = await app.ask({ type: 'capture', token: signed.tokens[0]!, method: 'GET', url: `/api/auth/${world.eventId}/parents/${world.parentId(0)}` });
      if (captured.type !== 'captured' || captured.status !== 200) throw new Error(`sample view failed: ${JSON.stringify(captured)}`);
      const script = pgbenchScript(captured.queries, world);
      const load: number[] = [round(loadavg()[0]!, 2)];

      await runView(ready.port, world, signed.tokens, 3);
      const v = await runView(ready.port, world, signed.tokens, SECONDS);
      load.push(round(loadavg()[0]!, 2));
      const a = await runApp(ready.port, world, signed.tokens, SECONDS);
      load.push(round(loadavg()[0]!, 2));
      runPgbench(url, script.text, 2);
      const p = runPgbench(url, script.text, SECONDS);
      load.push(round(loadavg()[0]!, 2));

      const viewRps = v.requests.average;
      const ratio = viewRps / p.tps;
      const viewVsAnswer = viewRps / a.requests.average;
      const reasons: string[] = [];
      if (captured.queries.length > 2) reasons.push(`${captured.queries.length} statements per view`);
      if (ratio < 0.6) reasons.push(`app reaches ${round(ratio, 2)} of pgbench on the same statements (p50 app ${v.latency.p50} ms vs pgbench ${round(percentile(p.latencies, 50), 2)} ms)`);
      if (viewVsAnswer < 1) reasons.push(`view ${round(viewRps)} req/s < answer ${round(a.requests.average)} req/s`);
      if (v.non2xx || v.errors) reasons.push(`${v.non2xx} non-2xx, ${v.errors} errors`);
      const result: ParentViewResult = {
        name: 'parent-view',
        statementsPerView: captured.queries.length,
        ratio: round(ratio, 2),
        viewVsAnswer: round(viewVsAnswer, 2),
        viewReqPerSec: round(viewRps),
        target: '<= 2 statements, ratio >= 0.6, view >= answer',
        pass: reasons.length === 0,
        view: { reqPerSec: round(viewRps), p50Ms: v.latency.p50, p99Ms: v.latency.p99, requests: v['2xx'] + v.non2xx, non2xx: v.non2xx, errors: v.errors },
        answer: { reqPerSec: round(a.requests.average), p50Ms: a.latency.p50, p99Ms: a.latency.p99, non2xx: a.non2xx },
        pgbench: { tps: round(p.tps), p50Ms: round(percentile(p.latencies, 50), 2), p99Ms: round(percentile(p.latencies, 99), 2), statements: script.statements },
        statements: captured.queries.map((q) => q.text.replace(/\s+/g, ' ').slice(0, 120)),
        loadAverage1m: load,
        families: FAMILIES,
        connections: CONNECTIONS,
        seconds: SECONDS,
        ...(reasons.length ? { reason: reasons.join('; ') } : {}),
      };
      writeBenchResult(result.name, result);
      return result;
    } finally {
      app.child.send({ type: 'stop' } satisfies AppMessage);
      await new Promise((resolve) => app.child.once('exit', resolve));
    }
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchParentView();
  console.log(`parent's view, ${r.connections} connections, ${r.seconds} s each, ${r.families} families (load average ${r.loadAverage1m.join(' → ')}):`);
  console.log(`  statements per view ${r.statementsPerView}: ${r.statements.join(' | ')}`);
  console.log(`  view     GET  ${r.view.reqPerSec} req/s  p50 ${r.view.p50Ms} ms  p99 ${r.view.p99Ms} ms  (non-2xx ${r.view.non2xx}, errors ${r.view.errors})`);
  console.log(`  answer   POST ${r.answer.reqPerSec} req/s  p50 ${r.answer.p50Ms} ms  p99 ${r.answer.p99Ms} ms`);
  console.log(`  pgbench  same ${r.pgbench.statements} statements  ${r.pgbench.tps} tps  p50 ${r.pgbench.p50Ms} ms`);
  console.log(`  ratio view/pgbench ${r.ratio}, view/answer ${r.viewVsAnswer} (target ${r.target}) ${r.pass ? 'PASS' : `MISS: ${r.reason}`}`);
}
