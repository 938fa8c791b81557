/**
 * The answer path (quality.md, issue 4): `POST /api/preference` of the real app on real
 * PostgreSQL under autocannon (50 connections), side by side in the same run with pgbench (50
 * clients) executing the very statements the app sent for one answer (recorded from the app's
 * database driver, parameters turned into per-client values). The figure is the ratio app/pgbench;
 * aims (issue 15): ratio >= 0.6 and app p99 <= 50 ms, with the load average of the run.
 *
 * What the session costs: pgbench once more on the same statements less the session look-up (the
 * database's share of a request that the revocable session row takes), and the CPU of verifying
 * the token (the direct HMAC the app uses, next to jose's jwtVerify it replaced).
 *
 * Run alone: `node --import tsx bench/answer-path.ts` (BENCH_DATABASE_URL or TEST_DATABASE_URL
 * names the server; default postgres://postgres@127.0.0.1:5432/test). Needs `pgbench` on the PATH
 * (Debian: `apt-get install postgresql-client-15` or the server package; also found in
 * /usr/lib/postgresql/<version>/bin). BENCH_SECONDS changes the 10 s per side.
 */
import { fork, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { SignJWT, jwtVerify } from 'jose';
import { verifyHs256 } from '../apps/server/src/lib/jwt.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import type { AppMessage, AppReply } from './lib/answer-app.js';
import { seedAnswerWorld, type AnswerWorld } from './lib/answer-world.js';
import { percentile, withFreshDatabase, writeBenchResult } from './lib/fresh-database.js';
import { pgbenchScript } from './lib/pgbench-script.js';

const FAMILIES = 2000;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The app's database pool: openDatabase's default unless BENCH_POOL_SIZE says otherwise. */
const POOL = Number(process.env.BENCH_POOL_SIZE ?? 10);
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

export interface AnswerPathResult {
  name: 'answer-path';
  ratio: number;
  appReqPerSec: number;
  appP99Ms: number;
  pgbenchTps: number;
  app: { reqPerSec: number; p50Ms: number; p99Ms: number; requests: number; non2xx: number; errors: number };
  pgbench: { tps: number; p50Ms: number; p99Ms: number; transactions: number; statements: number };
  session: { pgbenchTpsWithoutLookup: number; lookupShareOfDb: number; verifyUs: number; joseVerifyUs: number };
  loadAverage1m: number[];
  target: string;
  pass: boolean;
  reason?: string;
  families: number;
  appDbPool: number;
  connections: number;
  seconds: number;
}

export function findPgbench(): string {
  const onPath = spawnSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  const root = '/usr/lib/postgresql';
  for (const version of existsSync(root) ? readdirSync(root).sort().reverse() : []) {
    const candidate = join(root, version, 'bin', 'pgbench');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('pgbench not found: install postgresql-client (Debian) or put pgbench on the PATH');
}

/** The app in a child process; resolves once it listens. */
export function startApp(url: string) {
  const here = dirname(fileURLToPath(import.meta.url));
  const child = fork(join(here, 'lib', 'answer-app.ts'), [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [])],
    env: { ...process.env, DATABASE_URL: url, JWT_SECRET, PUBLIC_URL: 'http://bench.local', WORKER: 'off', BENCH_POOL_SIZE: String(POOL) },
  });
  const waiters: Array<(m: AppReply) => void> = [];
  child.on('message', (m: AppReply) => waiters.shift()?.(m));
  const next = () => new Promise<AppReply>((resolve) => waiters.push(resolve));
  const ask = async (m: AppMessage) => {
    const reply = next();
    child.send(m);
    return reply;
  };
  return { child, ready: next(), ask };
}

export async function runApp(port: number, world: AnswerWorld, tokens: string[], seconds: number, connections = CONNECTIONS) {
  let n = 0;
  const colours = ['red', 'yellow', 'green'];
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/preference',
        // Each request answers for the next family with its own link session (round robin).
        setupRequest: (req) => {
          const i = n++ % world.families;
          return {
            ...req,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i]}` },
            body: JSON.stringify({
              eventId: world.eventId,
              preferences: [{ childId: world.childId(i), childName: `Kind ${i}`, preferenceType: colours[(n + i) % 3] }],
            }),
          };
        },
      },
    ],
  });
}

export function runPgbench(url: string, script: string, seconds: number, connections = CONNECTIONS) {
  const dir = mkdtempSync(join(tmpdir(), 'kita-pgbench-'));
  try {
    const file = join(dir, 'answer.sql');
    writeFileSync(file, script);
    const u = new URL(url);
    const out = spawnSync(
      findPgbench(),
      ['-n', '-M', 'extended', '-c', String(connections), '-j', '2', '-T', String(seconds), '-f', file, '-l', `--log-prefix=${join(dir, 'log')}`,
        '-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres'), u.pathname.slice(1)],
      { encoding: 'utf8', env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) } },
    );
    if (out.status !== 0) throw new Error(`pgbench failed: ${out.stderr}`);
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out.stdout)?.[1] ?? NaN);
    const failed = Number(/number of failed transactions: (\d+)/.exec(out.stdout)?.[1] ?? 0);
    if (failed > 0) throw new Error(`pgbench: ${failed} failed transactions\n${out.stdout}`);
    // Per-transaction log lines: client_id transaction_no latency_us script_no epoch epoch_us
    const latencies = readdirSync(dir)
      .filter((f) => f.startsWith('log'))
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').trim().split('\n'))
      .map((line) => Number(line.split(' ')[2]) / 1000)
      .filter((v) => Number.isFinite(v));
    return { tps, latencies };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;
const SHARED_CORES = 2;

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
  return { direct: await time(20_000, () => verifyHs256(token, secret)), jose: await time(5_000, () => jwtVerify(token, secret, { algorithms: ['HS256'] })) };
}

export async function benchAnswerPath(): Promise<AnswerPathResult> {
  return withFreshDatabase('answer', async (url) => {
    const database = await openDatabase({ url });
    const world = await seedAnswerWorld(database.db, FAMILIES, new Date());
    await database.close();

    const app = startApp(url);
    try {
      const ready = await app.ready;
      if (ready.type !== 'ready') throw new Error('app did not start');
      const signed = await app.ask({ type: 'sign', sessionIds: world.sessionIds, expiresAt: world.expireDate.toISOString() });
      if (signed.type !== 'signed') throw new Error('no tokens');
      const captured = await app.ask({
        type: 'capture',
        token: signed.tokens[0]!,
        body: { eventId: world.eventId, preferences: [{ childId: world.childId(0), childName: 'Kind 0', preferenceType: 'red' }] },
      });
      if (captured.type !== 'captured' || captured.status !== 200) throw new Error(`sample answer failed: ${JSON.stringify(captured)}`);
      const script = pgbenchScript(captured.queries, world);

      // Warm-up (JIT, connection pools, PostgreSQL caches), then the measured runs back to back.
      await runApp(ready.port, world, signed.tokens, 3);
      const a = await runApp(ready.port, world, signed.tokens, SECONDS);
      runPgbench(url, script.text, 2);
      const p = runPgbench(url, script.text, SECONDS);

      const withoutSession = pgbenchScript(captured.queries.filter((q) => !/from "sessions"/.test(q.text)), world);
      const q = runPgbench(url, withoutSession.text, SECONDS);
      const load = [round(loadavg()[0]!, 2)];
      const verify = await verifyCost();

      const appRps = a.requests.average;
      const ratio = appRps / p.tps;
      const p99 = a.latency.p99;
      const reasons: string[] = [];
      if (ratio < 0.6) reasons.push(`app ${round(appRps)} req/s vs pgbench ${round(p.tps)} tps (app p50 ${a.latency.p50} ms, pgbench p50 ${round(percentile(p.latencies, 50), 2)} ms)`);
      if (p99 > 50) reasons.push(`p99 ${p99} ms at load average ${load[0]} on ${SHARED_CORES} shared cores`);
      if (a.non2xx || a.errors) reasons.push(`${a.non2xx} non-2xx, ${a.errors} errors`);
      const result: AnswerPathResult = {
        name: 'answer-path',
        ratio: round(ratio, 2),
        appReqPerSec: round(appRps),
        appP99Ms: p99,
        pgbenchTps: round(p.tps),
        app: { reqPerSec: round(appRps), p50Ms: a.latency.p50, p99Ms: p99, requests: a['2xx'] + a.non2xx, non2xx: a.non2xx, errors: a.errors },
        pgbench: { tps: round(p.tps), p50Ms: round(percentile(p.latencies, 50), 2), p99Ms: round(percentile(p.latencies, 99), 2), transactions: p.latencies.length, statements: script.statements },
        session: {
          pgbenchTpsWithoutLookup: round(q.tps),
          lookupShareOfDb: round(1 - p.tps / q.tps, 2),
          verifyUs: verify.direct,
          joseVerifyUs: verify.jose,
        },
        loadAverage1m: load,
        target: 'ratio app/pgbench >= 0.6, p99 <= 50 ms',
        pass: reasons.length === 0,
        ...(reasons.length ? { reason: reasons.join('; ') } : {}),
        families: FAMILIES,
        appDbPool: POOL,
        connections: CONNECTIONS,
        seconds: SECONDS,
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
  const r = await benchAnswerPath();
  console.log(`answer path, ${r.connections} connections, ${r.seconds} s each, ${r.families} families, app pool ${r.appDbPool}:`);
  console.log(`  app      POST /api/preference  ${r.app.reqPerSec} req/s  p50 ${r.app.p50Ms} ms  p99 ${r.app.p99Ms} ms  (non-2xx ${r.app.non2xx}, errors ${r.app.errors})`);
  console.log(`  pgbench  same ${r.pgbench.statements} statements  ${r.pgbench.tps} tps  p50 ${r.pgbench.p50Ms} ms  p99 ${r.pgbench.p99Ms} ms`);
  console.log(`  ratio app/pgbench ${r.ratio}  (target ${r.target})  ${r.pass ? 'PASS' : `MISS: ${r.reason}`}`);
  console.log(`  session: pgbench without the session look-up ${r.session.pgbenchTpsWithoutLookup} tps, so the look-up is ${r.session.lookupShareOfDb} of the database time; token check ${r.session.verifyUs} µs (jose ${r.session.joseVerifyUs} µs); load average ${r.loadAverage1m.join(' ')}`);
}
