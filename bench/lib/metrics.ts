/** Runs one rule over one season and measures how well true (red) needs were met. */
import type { Rule, Request } from './rules.js';
import { answerOf, type World } from './world.js';

export interface SeasonOutcome {
  /** Per family: child-events with a true need, and how many of them got a place. */
  needs: number[];
  met: number[];
  /** Places that served no true need while a true need in the same event went without. */
  wasted: number;
  places: number;
}

export function runSeason(world: World, rule: Rule, cheatersActive: boolean): SeasonOutcome {
  const run = rule.start(world);
  const needs = world.families.map(() => 0);
  const met = world.families.map(() => 0);
  let wasted = 0;
  for (const event of world.events) {
    const requests: Request[] = world.families.map((family) => ({ family, colour: answerOf(world, event, family, cheatersActive) }));
    const placed = run(event, requests);
    let unmet = 0;
    let placedWithoutNeed = 0;
    for (const f of world.families) {
      const needy = event.needs[f.index] === true;
      for (const c of f.childIds) {
        if (needy) {
          needs[f.index] = (needs[f.index] ?? 0) + 1;
          if (placed.has(c)) met[f.index] = (met[f.index] ?? 0) + 1;
          else unmet += 1;
        } else if (placed.has(c)) placedWithoutNeed += 1;
      }
    }
    const empty = Math.max(0, world.totalSlots - placed.size);
    wasted += Math.min(unmet, placedWithoutNeed + empty);
  }
  return { needs, met, wasted, places: world.totalSlots * world.events.length };
}

export interface SeasonFigures {
  jain: number;
  shareMet: number;
  worst: number;
  highShare: number;
  lowShare: number;
  wastedShare: number;
  /** Pooled share of true needs met for honest families and for the always-red families. */
  honestShare: number;
  cheaterShare: number;
}

const pooled = (o: SeasonOutcome, pick: (i: number) => boolean) => {
  let n = 0;
  let m = 0;
  o.needs.forEach((need, i) => {
    if (!pick(i)) return;
    n += need;
    m += o.met[i] ?? 0;
  });
  return n === 0 ? NaN : m / n;
};

export function figures(world: World, o: SeasonOutcome): SeasonFigures {
  const shares = o.needs.flatMap((n, i) => (n > 0 ? [(o.met[i] ?? 0) / n] : []));
  const sum = shares.reduce((s, x) => s + x, 0);
  const sumSq = shares.reduce((s, x) => s + x * x, 0);
  return {
    // Jain's index: 1 = all equal; 1/n = one family gets everything. All zero counts as equal.
    jain: sumSq === 0 ? 1 : (sum * sum) / (shares.length * sumSq),
    shareMet: pooled(o, () => true),
    worst: Math.min(...shares),
    highShare: pooled(o, (i) => world.families[i]?.need === 'high'),
    lowShare: pooled(o, (i) => world.families[i]?.need === 'low'),
    wastedShare: o.wasted / o.places,
    honestShare: pooled(o, (i) => !world.cheaters[i]),
    cheaterShare: pooled(o, (i) => world.cheaters[i] === true),
  };
}

/** Mean over seasons, skipping NaN (a season without any low-need family, say). */
export function mean(values: number[]): number {
  const ok = values.filter((v) => Number.isFinite(v));
  return ok.length === 0 ? NaN : ok.reduce((s, v) => s + v, 0) / ok.length;
}
