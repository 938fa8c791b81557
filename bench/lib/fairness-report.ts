/** Summary figures per rule and world, the aims, and the printed table of bench/fairness.ts. */
import { estimate, type Estimate } from './metrics.js';
import type { Rule } from './rules.js';
import type { SeasonBatch } from './simulate.js';

/** The aims of docs/fairness.md, judged on the mean of every world of the default run. */
export const AIMS = {
  jain: 0.95,
  p10OfOracle: 0.9,
  parity: [0.9, 1.1] as [number, number],
  cheaterChangePp: 0,
  honestLossPp: 1,
  wasted: 0,
  shareVsLotteryPp: 0,
};

export interface RuleSummary {
  rule: string;
  label: string;
  /** Jain's index over honest families with >= 4 needs. */
  jain: Estimate;
  /** 10th-percentile family's share ÷ the oracle's 10th percentile in the same season. */
  p10OfOracle: Estimate;
  p10: Estimate;
  /** High-need share met ÷ low-need share met. */
  parity: Estimate;
  highShare: Estimate;
  lowShare: Estimate;
  /** Always-red families: share of true needs met lying minus honest, in pp. */
  cheaterChangePp: Estimate;
  /** Honest families: share met honest-only run minus run with always-red families, in pp. */
  honestLossPp: Estimate;
  /** Wasted places per season with honest answers, and the worst season. */
  wasted: Estimate;
  wastedMax: number;
  shareMet: Estimate;
  /** Overall share met minus the lottery's in the same season, in pp. */
  shareVsLotteryPp: Estimate;
  aims: Record<keyof typeof AIMS, boolean>;
}

export function summarise(rule: Rule, batch: SeasonBatch, oracle = 'oracle', lottery = 'lottery'): RuleSummary {
  const honest = batch.honest[rule.name] ?? [];
  const cheat = batch.cheat[rule.name] ?? [];
  const oracleHonest = batch.honest[oracle] ?? [];
  const lotteryHonest = batch.honest[lottery] ?? [];
  const jain = estimate(honest.map((f) => f.jain));
  const p10OfOracle = estimate(honest.map((f, i) => {
    const o = oracleHonest[i]?.p10 ?? NaN;
    return o > 0 ? f.p10 / o : NaN;
  }));
  const parity = estimate(honest.map((f) => (f.lowShare > 0 ? f.highShare / f.lowShare : NaN)));
  const cheaterChangePp = estimate(honest.map((f, i) => 100 * ((cheat[i]?.cheaterShare ?? NaN) - f.cheaterShare)));
  const honestLossPp = estimate(honest.map((f, i) => 100 * (f.honestShare - (cheat[i]?.honestShare ?? NaN))));
  const wasted = estimate(honest.map((f) => f.wasted));
  const wastedMax = Math.max(0, ...honest.map((f) => f.wasted));
  const shareMet = estimate(honest.map((f) => f.shareMet));
  const shareVsLotteryPp = estimate(honest.map((f, i) => 100 * (f.shareMet - (lotteryHonest[i]?.shareMet ?? NaN))));
  return {
    rule: rule.name,
    label: rule.label,
    jain,
    p10OfOracle,
    p10: estimate(honest.map((f) => f.p10)),
    parity,
    highShare: estimate(honest.map((f) => f.highShare)),
    lowShare: estimate(honest.map((f) => f.lowShare)),
    cheaterChangePp,
    honestLossPp,
    wasted,
    wastedMax,
    shareMet,
    shareVsLotteryPp,
    aims: {
      jain: jain.mean >= AIMS.jain,
      p10OfOracle: p10OfOracle.mean >= AIMS.p10OfOracle,
      parity: parity.mean >= AIMS.parity[0] && parity.mean <= AIMS.parity[1],
      cheaterChangePp: cheaterChangePp.mean <= AIMS.cheaterChangePp,
      honestLossPp: honestLossPp.mean <= AIMS.honestLossPp,
      wasted: wastedMax <= AIMS.wasted,
      shareVsLotteryPp: shareVsLotteryPp.mean >= -0.05,
    },
  };
}

export const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
export const pp = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)}`;

/** "0.912 ±0.004": the mean and the half-width of its 95 % interval. */
function cell(e: Estimate, digits: number, scale = 1, sign = false): string {
  if (!Number.isFinite(e.mean)) return 'n/a';
  const m = (e.mean * scale).toFixed(digits);
  const half = ((e.hi - e.mean) * scale).toFixed(digits);
  return `${sign && e.mean * scale >= 0 ? '+' : ''}${m} ±${half}`;
}

export function tableRows(rows: RuleSummary[]): string[][] {
  const mark = (ok: boolean) => (ok ? ' ' : '*');
  const header = ['rule', 'Jain (>=4 needs)', 'p10 / oracle p10', 'need parity hi/lo', 'always-red change pp', 'honest loss pp', 'wasted/season (max)', 'share met', 'vs lottery pp'];
  const body = rows.map((r) => [
    r.label,
    cell(r.jain, 3) + mark(r.aims.jain),
    cell(r.p10OfOracle, 3) + mark(r.aims.p10OfOracle),
    cell(r.parity, 3) + mark(r.aims.parity),
    cell(r.cheaterChangePp, 2, 1, true) + mark(r.aims.cheaterChangePp),
    cell(r.honestLossPp, 2, 1, true) + mark(r.aims.honestLossPp),
    `${cell(r.wasted, 1)} (${r.wastedMax})${mark(r.aims.wasted)}`,
    cell(r.shareMet, 1, 100) + '%',
    cell(r.shareVsLotteryPp, 2, 1, true) + mark(r.aims.shareVsLotteryPp),
  ]);
  const aims = ['aim', `>= ${AIMS.jain}`, `>= ${AIMS.p10OfOracle}`, `${AIMS.parity[0]}-${AIMS.parity[1]}`, `<= ${AIMS.cheaterChangePp}`, `<= ${AIMS.honestLossPp}`, '0', '', '>= 0'];
  return [header, ...body, aims];
}

export function printTable(rows: RuleSummary[]): void {
  const all = tableRows(rows);
  const widths = (all[0] ?? []).map((_, c) => Math.max(...all.map((row) => (row[c] ?? '').length)));
  for (const row of all) console.log(row.map((cellText, c) => (c === 0 ? cellText.padEnd(widths[c] ?? 0) : cellText.padStart(widths[c] ?? 0))).join('  '));
}

/** The same table as Markdown, for docs/fairness.md. */
export function markdownTable(rows: RuleSummary[]): string {
  const all = tableRows(rows);
  const [header, ...rest] = all;
  const line = (r: string[]) => `| ${r.join(' | ')} |`;
  return [line(header ?? []), line((header ?? []).map(() => '---')), ...rest.map(line)].join('\n');
}
