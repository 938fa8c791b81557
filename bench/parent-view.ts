/**
 * The parent's view of an inquiry: `GET /api/auth/{eventId}/parents/{parentId}`
 * of the real app on real PostgreSQL under autocannon (50 connections), 2,000 families, each
 * request with its own family's link session. In the same run: pgbench (50 clients) executing the
 * very statements the app sent for one view (recorded from the driver), and the answer path
 * (POST /api/preference) under the same load. Aims: at most 2 statements per view, app/pgbench
 * ratio >= 0.6, view throughput >= the answer path's. Each phase records who used the cores
 * (cpu-share.ts) and the load average.
 *
 * Run alone: `node --import tsx bench/parent-view.ts` (BENCH_DATABASE_URL or TEST_DATABASE_URL;
 * about 45 s; BENCH_SECONDS changes the 8 s per phase).
 */
import { pathToFileURL } from 'node:url';
import { CONNECTIONS, FAMILIES, SECONDS, withAnswerRig } from './lib/answer-rig.js';
import { cpuMsPer, describeCpu, type CpuShares } from './lib/cpu-share.js';
import { percentile, writeBenchResult } from './lib/fresh-database.js';
import { summary } from './lib/http-load.js';
import { pgbenchScript } from './lib/pgbench-script.js';

export interface ParentViewResult {
  name: 'parent-view';
  statementsPerView: number;
  ratio: number;
  viewVsAnswer: number;
  viewReqPerSec: number;
  target: string;
  pass: boolean;
  reason?: string;
  view: ReturnType<typeof summary>;
  answer: ReturnType<typeof summary>;
  pgbench: { tps: number; p50Ms: number; p99Ms: number; statements: number };
  statements: string[];
  cpu: { view: CpuShares; answer: CpuShares; pgbench: CpuShares };
  /** CPU ms per view, per answer and per pgbench transaction, by process group. */
  cpuMsPerRequest: { view: Record<string, number>; answer: Record<string, number>; pgbench: Record<string, number> };
  loadAverage1m: number[];
  families: number;
  connections: number;
  seconds: number;
}

const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

export async function benchParentView(): Promise<ParentViewResult> {
  return withAnswerRig('view', async (rig) => {
    const captured = await rig.capture({ token: rig.tokens[0]!, method: 'GET', url: `/api/auth/${rig.world.eventId}/parents/${rig.world.parentId(0)}` });
    if (captured.status !== 200) throw new Error(`sample view failed: ${JSON.stringify(captured)}`);
    const script = pgbenchScript(captured.queries, rig.world);

    await rig.views(3);
    const { out: v, cpu: viewCpu } = await rig.metered(() => rig.views(SECONDS));
    const { out: a, cpu: answerCpu } = await rig.metered(() => rig.answers(SECONDS));
    await rig.pgbench(script.text, 2);
    const { out: p, cpu: pgbenchCpu } = await rig.metered(() => rig.pgbench(script.text, SECONDS));

    const view = summary(v);
    const answer = summary(a);
    const ratio = view.reqPerSec / p.tps;
    const viewVsAnswer = view.reqPerSec / answer.reqPerSec;
    const perRequest = { view: cpuMsPer(viewCpu, view.requests), answer: cpuMsPer(answerCpu, answer.requests), pgbench: cpuMsPer(pgbenchCpu, p.latencies.length) };
    const reasons: string[] = [];
    if (captured.queries.length > 2) reasons.push(`${captured.queries.length} statements per view`);
    if (ratio < 0.6) reasons.push(`view ${view.reqPerSec} req/s vs pgbench ${round(p.tps)} tps; view run: ${describeCpu(viewCpu)}; pgbench run: ${describeCpu(pgbenchCpu)}; CPU ms per view ${JSON.stringify(perRequest.view)} vs per pgbench transaction ${JSON.stringify(perRequest.pgbench)}`);
    if (viewVsAnswer < 1) reasons.push(`view ${view.reqPerSec} req/s < answer ${answer.reqPerSec} req/s; answer run: ${describeCpu(answerCpu)}; CPU ms per view ${JSON.stringify(perRequest.view)} vs per answer ${JSON.stringify(perRequest.answer)}`);
    if (view.non2xx || view.errors) reasons.push(`${view.non2xx} non-2xx, ${view.errors} errors`);
    const result: ParentViewResult = {
      name: 'parent-view',
      statementsPerView: captured.queries.length,
      ratio: round(ratio, 2),
      viewVsAnswer: round(viewVsAnswer, 2),
      viewReqPerSec: view.reqPerSec,
      target: '<= 2 statements, ratio >= 0.6, view >= answer',
      pass: reasons.length === 0,
      ...(reasons.length ? { reason: reasons.join('; ') } : {}),
      view,
      answer,
      pgbench: { tps: round(p.tps), p50Ms: round(percentile(p.latencies, 50), 2), p99Ms: round(percentile(p.latencies, 99), 2), statements: script.statements },
      statements: captured.queries.map((q) => q.text.replace(/\s+/g, ' ').slice(0, 120)),
      cpu: { view: viewCpu, answer: answerCpu, pgbench: pgbenchCpu },
      cpuMsPerRequest: perRequest,
      loadAverage1m: [viewCpu.loadAverage1m, answerCpu.loadAverage1m, pgbenchCpu.loadAverage1m],
      families: FAMILIES,
      connections: CONNECTIONS,
      seconds: SECONDS,
    };
    writeBenchResult(result.name, result);
    return result;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchParentView();
  console.log(`parent's view, ${r.connections} connections, ${r.seconds} s each, ${r.families} families:`);
  console.log(`  statements per view ${r.statementsPerView}: ${r.statements.join(' | ')}`);
  console.log(`  view     GET  ${r.view.reqPerSec} req/s  p50 ${r.view.p50Ms} ms  p99 ${r.view.p99Ms} ms  (non-2xx ${r.view.non2xx}, errors ${r.view.errors})`);
  console.log(`           ${describeCpu(r.cpu.view)}; CPU ms per request ${JSON.stringify(r.cpuMsPerRequest.view)}`);
  console.log(`  answer   POST ${r.answer.reqPerSec} req/s  p50 ${r.answer.p50Ms} ms  p99 ${r.answer.p99Ms} ms`);
  console.log(`           ${describeCpu(r.cpu.answer)}; CPU ms per request ${JSON.stringify(r.cpuMsPerRequest.answer)}`);
  console.log(`  pgbench  same ${r.pgbench.statements} statements  ${r.pgbench.tps} tps  p50 ${r.pgbench.p50Ms} ms`);
  console.log(`           ${describeCpu(r.cpu.pgbench)}; CPU ms per request ${JSON.stringify(r.cpuMsPerRequest.pgbench)}`);
  console.log(`  ratio view/pgbench ${r.ratio}, view/answer ${r.viewVsAnswer} (target ${r.target}) ${r.pass ? 'PASS' : `MISS: ${r.reason}`}`);
}
