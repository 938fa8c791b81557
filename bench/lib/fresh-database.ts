import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The PostgreSQL server the benchmarks use (a fresh database is created on it per run). */
export const benchServerUrl = () =>
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Creates a fresh database, hands its URL to `work`, and drops it afterwards. */
export async function withFreshDatabase<T>(prefix: string, work: (url: string) => Promise<T>): Promise<T> {
  const server = benchServerUrl();
  const name = `kita_bench_${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
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
