/** Summary figures per rule and the printed table of bench/fairness.ts. */
import { mean, type SeasonFigures } from './metrics.js';
import type { Rule } from './rules.js';

export const AIM_WORST_HALF = 0.99;
export const AIM_HONEST_LOSS_PP = 1;

export interface RuleSummary {
  rule: string;
  label: string;
  jain: number;
  shareMet: number;
  worstMean: number;
  pWorstBelowHalf: number;
  pWorstAtLeastHalf: number;
  /** Same, only over seasons whose places are at least half the expected true demand. */
  pWorstAtLeastHalfWhenFeasible: number;
  highShare: number;
  lowShare: number;
  wastedShare: number;
  cheaterGainPp: number;
  honestLossPp: number;
  honestLossPpP95: number;
  meetsWorstAim: boolean;
  meetsHonestAim: boolean;
}

export function summarise(rule: Rule, honest: SeasonFigures[], cheat: SeasonFigures[], feasible: boolean[]): RuleSummary {
  const below = honest.map((f) => f.worst < 0.5);
  const pBelow = below.filter(Boolean).length / honest.length;
  const feasibleIdx = honest.map((_, i) => i).filter((i) => feasible[i]);
  const feasibleOk = feasibleIdx.filter((i) => !below[i]).length / Math.max(1, feasibleIdx.length);
  const loss = honest.map((f, i) => 100 * (f.honestShare - (cheat[i]?.honestShare ?? NaN)));
  const gain = honest.map((f, i) => 100 * ((cheat[i]?.cheaterShare ?? NaN) - f.cheaterShare));
  const sortedLoss = loss.filter(Number.isFinite).sort((a, b) => a - b);
  const honestLossPp = mean(loss);
  return {
    rule: rule.name,
    label: rule.label,
    jain: mean(honest.map((f) => f.jain)),
    shareMet: mean(honest.map((f) => f.shareMet)),
    worstMean: mean(honest.map((f) => f.worst)),
    pWorstBelowHalf: pBelow,
    pWorstAtLeastHalf: 1 - pBelow,
    pWorstAtLeastHalfWhenFeasible: feasibleOk,
    highShare: mean(honest.map((f) => f.highShare)),
    lowShare: mean(honest.map((f) => f.lowShare)),
    wastedShare: mean(honest.map((f) => f.wastedShare)),
    cheaterGainPp: mean(gain),
    honestLossPp,
    honestLossPpP95: sortedLoss[Math.floor(0.95 * (sortedLoss.length - 1))] ?? NaN,
    meetsWorstAim: 1 - pBelow >= AIM_WORST_HALF,
    meetsHonestAim: honestLossPp <= AIM_HONEST_LOSS_PP,
  };
}

export const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
export const pp = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(2)} pp`;

export function printTable(rows: RuleSummary[]): void {
  const header = ['rule', 'Jain', 'red met', 'worst-off', 'P(worst<1/2)', 'worst>=1/2 if places>=demand/2', 'high-need', 'low-need', 'wasted', 'always-red gain', 'honest loss', 'honest loss p95'];
  const body = rows.map((r) => [
    r.label,
    r.jain.toFixed(3),
    pct(r.shareMet),
    pct(r.worstMean),
    pct(r.pWorstBelowHalf),
    pct(r.pWorstAtLeastHalfWhenFeasible),
    pct(r.highShare),
    pct(r.lowShare),
    pct(r.wastedShare),
    pp(r.cheaterGainPp),
    pp(r.honestLossPp),
    pp(r.honestLossPpP95),
  ]);
  const aims = ['aim', '', '', '', `<= ${pct(1 - AIM_WORST_HALF)}`, '', '', '', '', '', `<= ${AIM_HONEST_LOSS_PP.toFixed(2)} pp`, ''];
  const all = [header, ...body, aims];
  const widths = header.map((_, c) => Math.max(...all.map((row) => (row[c] ?? '').length)));
  for (const row of all) console.log(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join('  '));
}
