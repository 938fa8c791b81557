/**
 * `npm run bench`: runs every benchmark one after another (they share the machine's two cores, so
 * never in parallel), writes bench/results/summary.json and prints one table with each figure next
 * to its target, and for a missed aim the reason measured (who used the cores, see
 * lib/cpu-share.ts). `npm run bench -- answer-path fanout` runs a subset. The fairness simulator
 * runs separately (`npm run bench:fairness`) because it takes longer.
 *
 * Bounded: 6.2 minutes at load average 5-14 on the shared 2-core machine, 9.8 and 10.8 at 20-30
 * (strike morning about 3 with its fixed windows, fan-out 1.4-2.5, web 0.7-2.9, answer path and
 * parent's view 0.6-0.8 each, the rest under 1). Each benchmark has a time limit
 * (`limitS`) after which it counts as failed and the run goes on; the whole run stops after the
 * sum of the limits at the latest. Needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/test; each benchmark creates and drops its own
 * database) and pgbench.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const BENCHES = [
  { key: 'allocation', file: './allocation-bench.ts', limitS: 60 },
  { key: 'pdf', file: './report-bench.ts', limitS: 150 },
  { key: 'close', file: './close-bench.ts', limitS: 120 },
  { key: 'answer-path', file: './answer-path.ts', limitS: 150 },
  { key: 'parent-view', file: './parent-view.ts', limitS: 150 },
  { key: 'fanout', file: './fanout.ts', limitS: 240 },
  { key: 'strike-morning', file: './strike-morning.ts', limitS: 360 },
  { key: 'web', file: './web.ts', limitS: 420 },
] as const;

const loads = () => loadavg().map((v) => v.toFixed(2)).join(' ');

/** Rejects after `seconds` (the benchmark's child processes end with this process at exit). */
const limit = (seconds: number) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`did not finish within its limit of ${seconds} s`)), seconds * 1000).unref());

type Row = { name: string; target?: string; met?: boolean; pass?: boolean; [k: string]: unknown };

/** The headline figure of a result row, whatever shape its benchmark returns. */
function headline(r: Row): string {
  const skip = new Set(['name', 'target', 'met', 'pass', 'reason', 'measuredAt', 'loadAverage1m']);
  return Object.entries(r)
    .filter(([k, v]) => !skip.has(k) && (typeof v === 'number' || typeof v === 'string'))
    .slice(0, 4)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((w) => !BENCHES.some((b) => b.key === w));
  if (unknown.length) throw new Error(`unknown benchmark ${unknown.join(', ')}; known: ${BENCHES.map((b) => b.key).join(', ')}`);
  const rows: Row[] = [];
  const runStart = performance.now();
  const loadAtStart = loads();
  const chosen = BENCHES.filter((b) => !wanted.length || wanted.includes(b.key));
  console.log(`${chosen.length} benchmarks, at most ${Math.round(chosen.reduce((s, b) => s + b.limitS, 0) / 60)} min; load average ${loadAtStart} on ${cpus().length} cores`);
  for (const b of chosen) {
    const start = performance.now();
    console.log(`\n--- ${b.key} (limit ${b.limitS} s; load average ${loads()})`);
    try {
      const mod = (await import(b.file)) as Record<string, unknown>;
      const fn = Object.entries(mod).find(([k, v]) => k.startsWith('bench') && typeof v === 'function')?.[1] as
        | (() => Promise<Row | Row[]>)
        | undefined;
      if (!fn) throw new Error(`${b.file} exports no bench function`);
      const out = await Promise.race([fn(), limit(b.limitS)]);
      // Every row carries the load average of its run; a miss without a measured reason names it.
      const load = loadavg()[0]!.toFixed(2);
      for (const r of Array.isArray(out) ? out : [out]) {
        const unmet = !(r.met ?? r.pass);
        rows.push({ ...r, ...(r.loadAverage1m === undefined ? { loadAverage1m: Number(load) } : {}), ...(unmet && !r.reason ? { reason: `no cause measured by this benchmark; load average ${load} on ${cpus().length} cores at its end` } : {}) });
      }
    } catch (err) {
      console.error(`${b.key} failed:`, err instanceof Error ? err.message : err);
      rows.push({ name: b.key, target: 'ran', met: false, error: String(err instanceof Error ? err.message : err) });
    }
    console.log(`    ${b.key}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  }
  mkdirSync(path.join(here, 'results'), { recursive: true });
  const summaryFile = path.join(here, 'results', 'summary.json');
  if (wanted.length && existsSync(summaryFile)) {
    // A subset run keeps the last figures of the benchmarks it did not run (marked with their date).
    const last = JSON.parse(readFileSync(summaryFile, 'utf8')) as { at: string; rows: Row[] };
    const ran = BENCHES.filter((b) => wanted.includes(b.key)).map((b) => b.key);
    for (const r of last.rows) if (!ran.some((key) => r.name.startsWith(key))) rows.push({ measuredAt: (r.measuredAt as string | undefined) ?? last.at, ...r });
  }
  const minutes = (performance.now() - runStart) / 60_000;
  const machine = { cores: cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loads(), minutes: Math.round(minutes * 10) / 10 };
  writeFileSync(summaryFile, `${JSON.stringify({ at: new Date().toISOString(), machine, rows }, null, 2)}\n`);
  console.log('\nbenchmark            met   target                                    figures');
  for (const r of rows) {
    const met = (r.met ?? r.pass) ? 'yes' : 'NO ';
    console.log(`${r.name.padEnd(20)} ${met}   ${String(r.target ?? '').padEnd(41)} ${headline(r)}`);
    // An unmet aim names what was measured to miss it.
    if (!(r.met ?? r.pass) && (r.reason || r.error)) console.log(`${''.padEnd(26)}why: ${String(r.reason ?? r.error)}`);
  }
  console.log(`${minutes.toFixed(1)} min; load average (1/5/15 min) ${loadAtStart} at the start, ${machine.loadAverageAtEnd} at the end, on ${machine.cores} cores`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
