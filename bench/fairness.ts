/**
 * Fairness benchmark: runs the allocation rules over many simulated seasons side
 * by side on identical worlds, once with honest families only and once with 10 % of families always
 * answering red, and judges them by the aims in docs/fairness.md.
 *
 * Usage: npm run bench:fairness [-- --seasons N] [--workers W] [--world NAME] [--search]
 *                               [--worlds FILE.json] [--rules NAME,NAME]
 * - --seasons: seasons per world (default 300; four worlds, see bench/lib/world.ts WORLDS);
 * - --search: the rule search (candidates of bench/lib/rules.ts CANDIDATES) instead of the default
 *   rules; writes bench/results/fairness-search.json;
 * - --worlds: run the worlds of a JSON file (format: bench/lib/world-file.ts, docs/fairness.md)
 *   instead of simulated ones; writes nothing unless --out is given.
 * Writes bench/results/fairness.json and docs/fairness-chart.svg. The figures do not depend on the
 * number of workers (every season is rebuilt from its own seed).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { fairnessChart, tradeoffChart } from './lib/fairness-chart.js';
import { AIMS, markdownTable, printTable, summarise, type RuleSummary } from './lib/fairness-report.js';
import { MIN_NEEDS } from './lib/metrics.js';
import { joinBatches, rulesOf, simulateWorlds, type RuleSet, type SeasonBatch } from './lib/simulate.js';
import { readWorldFile } from './lib/world-file.js';
import { CHOSEN_CANDIDATE } from './lib/rules.js';
import { CHEATER_SHARE, NEED_PROBABILITY, WORLDS, type WorldConfig } from './lib/world.js';

export const DEFAULT_SEASONS = 300;

function option(argv: string[], name: string, fallback: number): number {
  const raw = stringOption(argv, name);
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a positive integer, got ${raw}`);
  return n;
}
function stringOption(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

// Node 20 does not pass tsx's loader hooks on to worker threads, so the worker registers tsx itself
// before importing the TypeScript entry.
const workerBoot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => {
  tsx.register();
  return import(${JSON.stringify(new URL('./lib/fairness-worker.ts', import.meta.url).href)});
});`;

function simulateInWorkers(seasons: number, workers: number, config: WorldConfig, set: RuleSet, names?: string[]): Promise<SeasonBatch[]> {
  const per = Math.ceil(seasons / workers);
  const ranges = Array.from({ length: workers }, (_, w) => ({ from: w * per, to: Math.min(seasons, (w + 1) * per) })).filter((r) => r.from < r.to);
  return Promise.all(
    ranges.map(
      (range) =>
        new Promise<SeasonBatch>((done, reject) => {
          const worker = new Worker(workerBoot, { eval: true, workerData: { ...range, config, set, names } });
          worker.once('message', (batch: SeasonBatch) => done(batch));
          worker.once('error', reject);
          worker.once('exit', (code) => code !== 0 && reject(new Error(`worker exited with ${code}`)));
        }),
    ),
  );
}

interface WorldResult {
  world: string;
  events: number | null;
  placesOfDemand: [number, number] | null;
  seasons: number;
  meanPlacesOfDemand: number;
  rules: RuleSummary[];
}

function report(name: string, rows: RuleSummary[], header: string): void {
  console.log(`\n== ${name}: ${header}`);
  printTable(rows);
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const set: RuleSet = argv.includes('--search') ? 'search' : 'default';
  const names = stringOption(argv, 'rules')?.split(',');
  const rules = rulesOf(set, names);
  const seasons = option(argv, 'seasons', DEFAULT_SEASONS);
  const workers = Math.min(option(argv, 'workers', Math.min(2, availableParallelism())), seasons);
  const only = stringOption(argv, 'world');
  const file = stringOption(argv, 'worlds');
  const started = performance.now();
  const results: WorldResult[] = [];

  console.log('Shares are of true (red) needs met. Every cell: mean over seasons ±half-width of its 95 % interval; * = aim missed.');
  console.log(`Evenness counts honest families with >= ${MIN_NEEDS} needs; always-red change and honest loss: run with ${100 * CHEATER_SHARE} % always-red families minus the honest run.`);

  if (file) {
    const worlds = readWorldFile(resolve(file));
    const batch = simulateWorlds(worlds, rules);
    const rows = rules.map((rule) => summarise(rule, batch));
    report(`worlds of ${file}`, rows, `${worlds.length} world(s)`);
    const out = stringOption(argv, 'out');
    if (out) writeFileSync(resolve(out), `${JSON.stringify({ name: 'fairness', worlds: file, rules: rows }, null, 2)}\n`);
    return;
  }

  for (const config of WORLDS.filter((w) => !only || w.name === only)) {
    const t0 = performance.now();
    const batch = joinBatches(await simulateInWorkers(seasons, workers, config, set, names), rules);
    const rows = rules.map((rule) => summarise(rule, batch));
    const meanRatio = batch.ratio.reduce((s, r) => s + r, 0) / batch.ratio.length;
    const [lo, hi] = config.placesOfDemand;
    report(config.name, rows, `${seasons} seasons of ${config.events} events, places ${100 * lo}-${100 * hi} % of expected demand (mean ${(100 * meanRatio).toFixed(1)} %), ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    results.push({ world: config.name, events: config.events, placesOfDemand: config.placesOfDemand, seasons, meanPlacesOfDemand: meanRatio, rules: rows });
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`\n${seasons} seasons per world, ${workers} worker(s), ${seconds.toFixed(1)} s.`);
  if (only || names) return;

  const here = dirname(fileURLToPath(import.meta.url));
  const out = join(here, 'results', set === 'search' ? 'fairness-search.json' : 'fairness.json');
  mkdirSync(dirname(out), { recursive: true });
  const model = { needProbability: NEED_PROBABILITY, cheaterShare: CHEATER_SHARE, minNeedsForEvenness: MIN_NEEDS, worlds: WORLDS };
  const json = { name: 'fairness', set, seasonsPerWorld: seasons, workers, seconds, model, aims: AIMS, worlds: results, generatedAt: new Date().toISOString() };
  writeFileSync(out, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`written ${out}`);
  // The same tables in Markdown, for docs/fairness.md.
  const md = results
    .map((r) => `### ${r.world}: ${r.seasons} seasons of ${r.events} events, places ${(r.placesOfDemand ?? []).map((x) => 100 * x).join('-')} % of expected demand\n\n${markdownTable(r.rules)}\n`)
    .join('\n');
  const mdOut = out.replace(/\.json$/, '.md');
  writeFileSync(mdOut, `<!-- written by npm run bench:fairness${set === 'search' ? ' -- --search' : ''}; * = aim missed; cells: mean ±half-width of the 95 % interval -->\n\n${md}`);
  console.log(`written ${mdOut}`);
  const svg = join(here, '..', 'docs', set === 'default' ? 'fairness-chart.svg' : 'fairness-tradeoff.svg');
  mkdirSync(dirname(svg), { recursive: true });
  writeFileSync(svg, set === 'default' ? fairnessChart(results) : tradeoffChart(results, CHOSEN_CANDIDATE));
  console.log(`written ${svg}`);
}

await main();
