/**
 * SVG charts of the fairness benchmark (written by bench/fairness.ts, shown in docs/fairness.md):
 * - fairnessChart: one panel per aim, one row per rule, one dot per world with its 95 % interval,
 *   the aim shaded green;
 * - tradeoffChart: the rule search's candidates as points, honest loss (x) against need parity
 *   (y), one colour per world, the chosen rule ringed.
 * Plain SVG text, no dependencies, so the docs render it anywhere.
 */
import type { Estimate } from './metrics.js';
import { AIMS, type RuleSummary } from './fairness-report.js';

export interface WorldRows {
  world: string;
  rules: RuleSummary[];
}

const COLOURS = ['#1f4e9c', '#d9480f', '#2b8a3e', '#862e9c', '#5c940d', '#c2255c'];
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Panel {
  title: string;
  pick: (r: RuleSummary) => Estimate;
  lo: number;
  hi: number;
  /** The aim as a band [from, to] on the axis. */
  aim: [number, number];
  ticks: number[];
}

const PANELS: Panel[] = [
  { title: "Jain's index (>= 4 needs)", pick: (r) => r.jain, lo: 0.65, hi: 1, aim: [AIMS.jain, 1], ticks: [0.7, 0.8, 0.9, 1] },
  { title: 'p10 / oracle p10', pick: (r) => r.p10OfOracle, lo: 0, hi: 1.1, aim: [AIMS.p10OfOracle, 1.1], ticks: [0, 0.5, 1] },
  { title: 'need parity high/low', pick: (r) => r.parity, lo: 0.3, hi: 1.7, aim: AIMS.parity, ticks: [0.5, 1, 1.5] },
  { title: 'always-red change (pp)', pick: (r) => r.cheaterChangePp, lo: -20, hi: 10, aim: [-20, AIMS.cheaterChangePp], ticks: [-20, -10, 0, 10] },
  { title: 'honest loss (pp)', pick: (r) => r.honestLossPp, lo: -1, hi: 7, aim: [-1, AIMS.honestLossPp], ticks: [0, 2, 4, 6] },
];

export function fairnessChart(worlds: WorldRows[]): string {
  const rules = worlds[0]?.rules ?? [];
  const labelW = 210;
  const panelW = 170;
  const gap = 14;
  const rowH = 26;
  const top = 56;
  const width = labelW + PANELS.length * (panelW + gap) + 10;
  const height = top + rules.length * rowH + 70;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Arial, sans-serif" font-size="11">`);
  out.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="10" y="20" font-size="14" font-weight="bold">Allocation rules side by side: mean and 95 % interval per world; green band = aim</text>`);
  rules.forEach((r, i) => {
    const y = top + i * rowH + rowH / 2;
    out.push(`<text x="10" y="${y + 4}"${r.rule === 'v2' ? ' font-weight="bold"' : ''}>${esc(r.label)}</text>`);
    if (i % 2 === 0) out.push(`<rect x="${labelW - 4}" y="${y - rowH / 2}" width="${width - labelW - 6}" height="${rowH}" fill="#f3f4f6"/>`);
  });
  PANELS.forEach((p, k) => {
    const x0 = labelW + k * (panelW + gap);
    const sx = (v: number) => x0 + ((Math.max(p.lo, Math.min(p.hi, v)) - p.lo) / (p.hi - p.lo)) * panelW;
    const yTop = top;
    const yBottom = top + rules.length * rowH;
    out.push(`<text x="${x0 + panelW / 2}" y="${top - 10}" text-anchor="middle" font-weight="bold">${esc(p.title)}</text>`);
    out.push(`<rect x="${sx(p.aim[0])}" y="${yTop}" width="${Math.max(0, sx(p.aim[1]) - sx(p.aim[0]))}" height="${yBottom - yTop}" fill="#d3f9d8" opacity="0.7"/>`);
    out.push(`<rect x="${x0}" y="${yTop}" width="${panelW}" height="${yBottom - yTop}" fill="none" stroke="#868e96"/>`);
    for (const t of p.ticks) {
      out.push(`<line x1="${sx(t)}" y1="${yBottom}" x2="${sx(t)}" y2="${yBottom + 4}" stroke="#495057"/>`);
      out.push(`<text x="${sx(t)}" y="${yBottom + 15}" text-anchor="middle">${t}</text>`);
    }
    rules.forEach((r, i) => {
      worlds.forEach((w, j) => {
        const e = p.pick(w.rules.find((x) => x.rule === r.rule) ?? r);
        if (!Number.isFinite(e.mean)) return;
        const y = top + i * rowH + 6 + (j * (rowH - 12)) / Math.max(1, worlds.length - 1);
        const c = COLOURS[j % COLOURS.length];
        out.push(`<line x1="${sx(e.lo)}" y1="${y}" x2="${sx(e.hi)}" y2="${y}" stroke="${c}" stroke-width="1.5"/>`);
        out.push(`<circle cx="${sx(e.mean)}" cy="${y}" r="2.8" fill="${c}"><title>${esc(`${r.label}, ${w.world}: ${e.mean.toFixed(3)} [${e.lo.toFixed(3)}, ${e.hi.toFixed(3)}]`)}</title></circle>`);
      });
    });
  });
  const ly = height - 22;
  worlds.forEach((w, j) => {
    const x = labelW + j * 150;
    out.push(`<circle cx="${x}" cy="${ly - 4}" r="4" fill="${COLOURS[j % COLOURS.length]}"/><text x="${x + 8}" y="${ly}">world: ${esc(w.world)}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/** Honest loss (x) against need parity (y) for every candidate of the rule search. */
export function tradeoffChart(worlds: WorldRows[], chosen: string): string {
  const width = 760;
  const height = 520;
  const left = 70;
  const right = 20;
  const top = 50;
  const bottom = 70;
  const xLo = -0.5;
  const xHi = 8;
  const yLo = 0.3;
  const yHi = 2.3;
  const sx = (v: number) => left + ((Math.max(xLo, Math.min(xHi, v)) - xLo) / (xHi - xLo)) * (width - left - right);
  const sy = (v: number) => top + (1 - (Math.max(yLo, Math.min(yHi, v)) - yLo) / (yHi - yLo)) * (height - top - bottom);
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Arial, sans-serif" font-size="11">`);
  out.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="10" y="20" font-size="14" font-weight="bold">Rule search: honest loss vs need parity (ringed: v2; hollow: lying pays)</text>`);
  // The aims: parity band and honest loss <= 1 pp.
  out.push(`<rect x="${sx(xLo)}" y="${sy(AIMS.parity[1])}" width="${sx(xHi) - sx(xLo)}" height="${sy(AIMS.parity[0]) - sy(AIMS.parity[1])}" fill="#d3f9d8" opacity="0.7"/>`);
  out.push(`<rect x="${sx(xLo)}" y="${sy(yHi)}" width="${sx(AIMS.honestLossPp) - sx(xLo)}" height="${sy(yLo) - sy(yHi)}" fill="#d0ebff" opacity="0.6"/>`);
  out.push(`<rect x="${left}" y="${top}" width="${width - left - right}" height="${height - top - bottom}" fill="none" stroke="#868e96"/>`);
  for (const t of [0, 2, 4, 6, 8]) out.push(`<text x="${sx(t)}" y="${height - bottom + 15}" text-anchor="middle">${t}</text>`);
  for (const t of [0.5, 0.9, 1.1, 1.5, 2]) out.push(`<text x="${left - 6}" y="${sy(t) + 4}" text-anchor="end">${t}</text>`);
  out.push(`<text x="${(left + width - right) / 2}" y="${height - bottom + 32}" text-anchor="middle">honest families' loss with 10 % always-red families (pp)</text>`);
  out.push(`<text transform="translate(16 ${(top + height - bottom) / 2}) rotate(-90)" text-anchor="middle">need parity (share met high ÷ low)</text>`);
  worlds.forEach((w, j) => {
    const c = COLOURS[j % COLOURS.length];
    for (const r of w.rules) {
      if (r.rule === 'oracle' || !Number.isFinite(r.honestLossPp.mean) || !Number.isFinite(r.parity.mean)) continue;
      const x = sx(r.honestLossPp.mean);
      const y = sy(r.parity.mean);
      const pays = r.cheaterChangePp.mean > 0;
      out.push(`<circle cx="${x}" cy="${y}" r="4" fill="${pays ? 'none' : c}" stroke="${c}" stroke-width="1.5"><title>${esc(`${r.label} (${w.world}): loss ${r.honestLossPp.mean.toFixed(2)} pp, parity ${r.parity.mean.toFixed(3)}, always-red change ${r.cheaterChangePp.mean.toFixed(2)} pp`)}</title></circle>`);
      if (r.rule === chosen) out.push(`<circle cx="${x}" cy="${y}" r="9" fill="none" stroke="#000" stroke-width="1.5"/>`);
    }
    out.push(`<circle cx="${left + j * 160}" cy="${height - 16}" r="4" fill="${c}"/><text x="${left + j * 160 + 8}" y="${height - 12}">world: ${esc(w.world)}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
