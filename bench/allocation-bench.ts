/**
 * Allocation of 10,000 children (docs/quality.md): times the pure allocate() after a warm-up and reports
 * the median of several runs. Run alone with `node --import tsx bench/allocation-bench.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { allocate, type AllocationChild } from '../apps/server/src/modules/allocation/allocate.js';
import { rngFrom } from './lib/rng.js';

export interface BenchResult {
  name: string;
  ms: number;
  target: string;
  [extra: string]: unknown;
}

const CHILDREN = 10_000;
const WARMUP = 5;
const RUNS = 21;
const COLOURS = ['blue', 'red', 'red', 'yellow', 'green', 'green', null] as const;

function makeChildren(): AllocationChild[] {
  const rng = rngFrom('allocation-bench');
  const children: AllocationChild[] = [];
  let family = 0;
  while (children.length < CHILDREN) {
    const parentId = `parent-${family++}`;
    const creditBalance = rng.int(-10, 10);
    const kids = rng.chance(0.15) ? 2 : 1;
    for (let k = 0; k < kids && children.length < CHILDREN; k++) {
      children.push({
        childId: `child-${children.length}`,
        parentId,
        creditBalance,
        preferenceType: COLOURS[rng.int(0, COLOURS.length - 1)] ?? null,
      });
    }
  }
  return children;
}

export async function benchAllocation(): Promise<BenchResult> {
  const children = makeChildren();
  const run = (i: number) => {
    const start = performance.now();
    allocate({ seed: `bench-${i}`, totalSlots: 3_000, eventType: 'immediate', children });
    return performance.now() - start;
  };
  for (let i = 0; i < WARMUP; i++) run(i);
  const times = Array.from({ length: RUNS }, (_, i) => run(WARMUP + i)).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? NaN;
  return {
    name: 'allocation-10k',
    ms: Math.round(median * 100) / 100,
    target: '<= 50 ms',
    met: median <= 50,
    runs: RUNS,
    minMs: Math.round((times[0] ?? NaN) * 100) / 100,
    maxMs: Math.round((times.at(-1) ?? NaN) * 100) / 100,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchAllocation();
  console.log(`allocation of ${CHILDREN} children: median ${result.ms} ms (target ${result.target}) ${result.met ? 'MET' : 'MISSED'}`);
  console.log(JSON.stringify(result));
}
