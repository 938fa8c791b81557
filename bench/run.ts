/**
 * `npm run bench`: runs every benchmark one after another (they share the machine's two cores, so
 * never in parallel), writes bench/results/summary.json and prints one table with each figure next
 * to its target. `npm run bench -- answer-path fanout` runs a subset. The fairness simulator runs
 * separately (`npm run bench:fairness`) because it takes longer.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const BENCHES = [
  { key: 'allocation', file: './allocation-bench.ts' },
  { key: 'pdf', file: './report-bench.ts' },
  { key: 'close', file: './close-bench.ts' },
  { key: 'answer-path', file: './answer-path.ts' },
  { key: 'parent-view', file: './parent-view.ts' },
  { key: 'fanout', file: './fanout.ts' },
  { key: 'strike-morning', file: './strike-morning.ts' },
  { key: 'web', file: './web.ts' },
] as const;

type Row = { name: string; target?: string; met?: boolean; pass?: boolean; [k: string]: unknown };

/** The headline figure of a result row, whatever shape its benchmark returns. */
function headline(r: Row): string {
  const skip = new Set(['name', 'target', 'met', 'pass', 'reason']);
  return Object.entries(r)
    .filter(([k, v]) => !skip.has(k) && (typeof v === 'number' || typeof v === 'string'))
    .slice(0, 4)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const rows: Row[] = [];
  for (const b of BENCHES) {
    if (wanted.length && !wanted.includes(b.key)) continue;
    console.log(`\n--- ${b.key}`);
    try {
      const mod = (await import(b.file)) as Record<string, unknown>;
      const fn = Object.entries(mod).find(([k, v]) => k.startsWith('bench') && typeof v === 'function')?.[1] as
        | (() => Promise<Row | Row[]>)
        | undefined;
      if (!fn) throw new Error(`${b.file} exports no bench function`);
      const out = await fn();
      rows.push(...(Array.isArray(out) ? out : [out]));
    } catch (err) {
      console.error(`${b.key} failed:`, err instanceof Error ? err.message : err);
      rows.push({ name: b.key, target: 'ran', met: false, error: String(err instanceof Error ? err.message : err) });
    }
  }
  mkdirSync(path.join(here, 'results'), { recursive: true });
  const summaryFile = path.join(here, 'results', 'summary.json');
  if (wanted.length && existsSync(summaryFile)) {
    // A subset run keeps the last figures of the benchmarks it did not run (marked with their date).
    const last = JSON.parse(readFileSync(summaryFile, 'utf8')) as { at: string; rows: Row[] };
    const ran = BENCHES.filter((b) => wanted.includes(b.key)).map((b) => b.key);
    for (const r of last.rows) if (!ran.some((key) => r.name.startsWith(key))) rows.push({ measuredAt: (r.measuredAt as string | undefined) ?? last.at, ...r });
  }
  writeFileSync(summaryFile, `${JSON.stringify({ at: new Date().toISOString(), rows }, null, 2)}\n`);
  console.log('\nbenchmark            met   target                                    figures');
  for (const r of rows) {
    const met = (r.met ?? r.pass) ? 'yes' : 'NO ';
    console.log(`${r.name.padEnd(20)} ${met}   ${String(r.target ?? '').padEnd(41)} ${headline(r)}`);
    // An unmet aim names what was measured to miss it.
    if (!(r.met ?? r.pass) && (r.reason || r.error)) console.log(`${''.padEnd(26)}why: ${String(r.reason ?? r.error)}`);
  }
  console.log(`load average (1/5/15 min) at the end: ${loadavg().map((v) => v.toFixed(2)).join(' ')} on ${cpus().length} cores`);
}

void main();
