import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withFreshDatabase as onFreshDatabase } from '../../apps/server/test/fresh-database.js';

/** The PostgreSQL server the benchmarks use (a fresh database is created on it per run). */
export const benchServerUrl = () =>
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Creates a fresh database `kita_bench_<prefix>_…`, hands its URL to `work`, and drops it afterwards. */
export function withFreshDatabase<T>(prefix: string, work: (url: string) => Promise<T>): Promise<T> {
  return onFreshDatabase(benchServerUrl(), `kita_bench_${prefix}`, work);
}

/** A one-figure result (allocation, PDF, close): milliseconds against a target. */
export interface BenchResult {
  name: string;
  ms: number;
  target: string;
  met: boolean;
  [extra: string]: unknown;
}

/** bench/results/<name>.json */
export function writeBenchResult(name: string, result: unknown): string {
  const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'results', `${name}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  return out;
}

/** Percentile (0..100) of unsorted numbers. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}
