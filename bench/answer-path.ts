/**
 * The answer path (docs/quality.md "Performance"): `POST /api/preference` of the real app on
 * real PostgreSQL under autocannon (50 connections), side by side in the same run with pgbench (50
 * clients) executing the very statements the app sent for one answer (recorded from the app's
 * database driver, parameters turned into per-client values). The figure is the ratio app/pgbench;
 * aims: ratio >= 0.6 and app p99 <= 50 ms, with the load average of the run. Each phase records
 * who used the 2 cores (app, PostgreSQL, load generator, other users of the machine; cpu-share.ts),
 * so a miss names its measured cause.
 *
 * The app prepares its session look-up (a named statement per connection, plugins/auth.ts) and
 * pgbench runs in extended mode (every statement parsed each time), so for the look-up the
 * database works a little less per answer for the app than for pgbench; the answer statement is
 * parsed each time by both.
 *
 * What the session costs: pgbench once more on the same statements less the session look-up (the
 * database's share of a request that the revocable session row takes), and the CPU of verifying
 * the token (the direct HMAC the app uses, next to jose's jwtVerify it replaced).
 *
 * Run alone: `node --import tsx bench/answer-path.ts` (BENCH_DATABASE_URL or TEST_DATABASE_URL
 * names the server; default postgres://postgres@127.0.0.1:5432/test). Needs `pgbench` (Debian:
 * postgresql-client; also found in /usr/lib/postgresql/<version>/bin). About 45 s; BENCH_SECONDS
 * changes the 8 s per phase, BENCH_CPU_PROF=<folder> writes a CPU profile of the app.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { SignJWT, jwtVerify } from 'jose';
import { verifyHs256 } from '../apps/server/src/lib/jwt.js';
import { answerBody, CONNECTIONS, FAMILIES, JWT_SECRET, POOL, SECONDS, withAnswerRig } from './lib/answer-rig.js';
import { cpuMsPer, describeCpu, type CpuShares } from './lib/cpu-share.js';
import { percentile, writeBenchResult } from './lib/fresh-database.js';
import { summary } from './lib/http-load.js';
import { pgbenchScript } from './lib/pgbench-script.js';

export interface AnswerPathResult {
  name: 'answer-path';
  ratio: number;
  appP99Ms: number;
  appReqPerSec: number;
  pgbenchTps: number;
  target: string;
  pass: boolean;
  reason?: string;
  app: ReturnType<typeof summary>;
  pgbench: { tps: number; p50Ms: number; p99Ms: number; transactions: number; statements: number };
  session: { pgbenchTpsWithoutLookup: number; lookupShareOfDb: number; verifyUs: number; joseVerifyUs: number };
  cpu: { app: CpuShares; pgbench: CpuShares };
  /** CPU ms per answer (app run) and per transaction (pgbench run), by process group. */
  cpuMsPerRequest: { app: Record<string, number>; pgbench: Record<string, number> };
  loadAverage1m: number[];
  families: number;
  appDbPool: number;
  connections: number;
  seconds: number;
}

const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Microseconds per token verification: the app's direct HMAC and jose's jwtVerify, same token. */
async function verifyCost(): Promise<{ direct: number; jose: number }> {
  const secret = new TextEncoder().encode(JWT_SECRET);
  const token = await new SignJWT({ kind: 'link' }).setProtectedHeader({ alg: 'HS256' }).setSubject('bench').setIssuedAt().setExpirationTime('1h').sign(secret);
  const time = async (n: number, fn: () => unknown) => {
    for (let i = 0; i < 500; i++) await fn();
    const start = performance.now();
    for (let i = 0; i < n; i++) await fn();
    return round(((performance.now() - start) * 1000) / n, 1);
  };
  return { direct: await time(20_000, () => verifyHs256(token, secret, Math.floor(Date.now() / 1000))), jose: await time(5_000, () => jwtVerify(token, secret, { algorithms: ['HS256'] })) };
}

export async function benchAnswerPath(): Promise<AnswerPathResult> {
  return withAnswerRig('answer', async (rig) => {
    const captured = await rig.capture({ token: rig.tokens[0]!, body: answerBody(rig.world, 0, 'red') });
    if (captured.status !== 200) throw new Error(`sample answer failed: ${JSON.stringify(captured)}`);
    const script = pgbenchScript(captured.queries, rig.world);

    // Warm-up (JIT, connection pools, PostgreSQL caches), then the measured runs back to back.
    await rig.answers(3);
    const { out: a, cpu: appCpu } = await rig.metered(() => rig.answers(SECONDS));
    await rig.pgbench(script.text, 2);
    const { out: p, cpu: pgbenchCpu } = await rig.metered(() => rig.pgbench(script.text, SECONDS));
    const withoutSession = pgbenchScript(captured.queries.filter((q) => !/from "sessions"/.test(q.text)), rig.world);
    const q = await rig.pgbench(withoutSession.text, SECONDS);
    const verify = await verifyCost();

    const app = summary(a);
    const ratio = app.reqPerSec / p.tps;
    const perRequest = { app: cpuMsPer(appCpu, a['2xx'] + a.non2xx), pgbench: cpuMsPer(pgbenchCpu, p.latencies.length) };
    const costs = `CPU ms per answer ${JSON.stringify(perRequest.app)} vs per pgbench transaction ${JSON.stringify(perRequest.pgbench)}`;
    const reasons: string[] = [];
    if (ratio < 0.6) reasons.push(`app ${app.reqPerSec} req/s vs pgbench ${round(p.tps)} tps; app run: ${describeCpu(appCpu)}; pgbench run: ${describeCpu(pgbenchCpu)}; ${costs}`);
    if (app.p99Ms > 50) reasons.push(`p99 ${app.p99Ms} ms (p50 ${app.p50Ms} ms)${ratio < 0.6 ? '' : `; ${describeCpu(appCpu)}`}`);
    if (app.non2xx || app.errors) reasons.push(`${app.non2xx} non-2xx, ${app.errors} errors`);
    const result: AnswerPathResult = {
      name: 'answer-path',
      ratio: round(ratio, 2),
      appP99Ms: app.p99Ms,
      appReqPerSec: app.reqPerSec,
      pgbenchTps: round(p.tps),
      target: 'ratio app/pgbench >= 0.6, p99 <= 50 ms',
      pass: reasons.length === 0,
      ...(reasons.length ? { reason: reasons.join('; ') } : {}),
      app,
      pgbench: { tps: round(p.tps), p50Ms: round(percentile(p.latencies, 50), 2), p99Ms: round(percentile(p.latencies, 99), 2), transactions: p.latencies.length, statements: script.statements },
      session: {
        pgbenchTpsWithoutLookup: round(q.tps),
        lookupShareOfDb: round(1 - p.tps / q.tps, 2),
        verifyUs: verify.direct,
        joseVerifyUs: verify.jose,
      },
      cpu: { app: appCpu, pgbench: pgbenchCpu },
      cpuMsPerRequest: perRequest,
      loadAverage1m: [appCpu.loadAverage1m, pgbenchCpu.loadAverage1m],
      families: FAMILIES,
      appDbPool: POOL,
      connections: CONNECTIONS,
      seconds: SECONDS,
    };
    writeBenchResult(result.name, result);
    return result;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchAnswerPath();
  console.log(`answer path, ${r.connections} connections, ${r.seconds} s each, ${r.families} families, app pool ${r.appDbPool}:`);
  console.log(`  app      POST /api/preference  ${r.app.reqPerSec} req/s  p50 ${r.app.p50Ms} ms  p99 ${r.app.p99Ms} ms  (non-2xx ${r.app.non2xx}, errors ${r.app.errors})`);
  console.log(`           ${describeCpu(r.cpu.app)}; CPU ms per answer ${JSON.stringify(r.cpuMsPerRequest.app)}`);
  console.log(`  pgbench  same ${r.pgbench.statements} statements  ${r.pgbench.tps} tps  p50 ${r.pgbench.p50Ms} ms  p99 ${r.pgbench.p99Ms} ms`);
  console.log(`           ${describeCpu(r.cpu.pgbench)}; CPU ms per transaction ${JSON.stringify(r.cpuMsPerRequest.pgbench)}`);
  console.log(`  ratio app/pgbench ${r.ratio}  (target ${r.target})  ${r.pass ? 'PASS' : `MISS: ${r.reason}`}`);
  console.log(`  session: pgbench without the session look-up ${r.session.pgbenchTpsWithoutLookup} tps, so the look-up is ${r.session.lookupShareOfDb} of the database time; token check ${r.session.verifyUs} µs (jose ${r.session.joseVerifyUs} µs)`);
}
