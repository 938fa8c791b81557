/** The small bits of chart geometry the credits histogram needs (pure, unit-tested). */

/**
 * Whole-number ticks from 0 that cover `max` in about five steps of 1, 2, 2.5 (only for steps of
 * 10 and more), 5 or 10 × a power of ten; a count never gets a fractional tick.
 */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / (count - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw && Number.isInteger(s)) ?? 10 * power);
  const ticks: number[] = [];
  for (let v = 0; v < max + step; v += step) ticks.push(v);
  return ticks;
}

export interface Band {
  /** Left edge and width of the whole category (the hover area). */
  start: number;
  size: number;
  centre: number;
  /** Left edge and width of the bar: the category less `gap` of it on each side. */
  barStart: number;
  barSize: number;
}

/**
 * `n` equal categories over [from, from + width]; `gap` is the share of a category left empty on
 * each side of its bar (0.3 = 30 %, as recharts' barCategoryGap, which the chart used before).
 */
export function bandLayout(n: number, from: number, width: number, gap: number): Band[] {
  const size = n > 0 ? width / n : 0;
  return Array.from({ length: n }, (_, i) => {
    const start = from + i * size;
    const barSize = Math.max(0, size * (1 - 2 * gap));
    return { start, size, centre: start + size / 2, barStart: start + (size - barSize) / 2, barSize };
  });
}

/** A bar with rounded top corners (radius r, at most half its width or its height). */
export function barPath(x: number, y: number, width: number, height: number, r: number): string {
  if (height <= 0 || width <= 0) return `M${x},${y}h0`;
  const radius = Math.min(r, width / 2, height);
  const f = (v: number) => Math.round(v * 100) / 100;
  return [
    `M${f(x)},${f(y + height)}`,
    `V${f(y + radius)}`,
    `A${f(radius)},${f(radius)} 0 0 1 ${f(x + radius)},${f(y)}`,
    `H${f(x + width - radius)}`,
    `A${f(radius)},${f(radius)} 0 0 1 ${f(x + width)},${f(y + radius)}`,
    `V${f(y + height)}`,
    'Z',
  ].join(' ');
}
