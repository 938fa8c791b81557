/** Runs one rule over one season and measures how well true (red) needs were met. */
import type { Rule, Request } from './rules.js';
import { answerOf, type World } from './world.js';

export interface SeasonOutcome {
  /** Per family: child-events with a true need, and how many of them got a place. */
  needs: number[];
  met: number[];
  /** Places that served no true need (left empty or given without need) while a true need in the same event went without. */
  wasted: number;
  places: number;
  /**
   * Confirmed families only (rule version 3's worlds): their needs and places in the events where
   * the places allowed serving them all (places left after blue >= their needing children).
   */
  allowedNeeds: number;
  allowedMet: number;
}

export function runSeason(world: World, rule: Rule, cheatersActive: boolean): SeasonOutcome {
  const run = rule.start(world);
  const needs = world.families.map(() => 0);
  const met = world.families.map(() => 0);
  let wasted = 0;
  let allowedNeeds = 0;
  let allowedMet = 0;
  for (const event of world.events) {
    const requests: Request[] = world.families.map((family) => ({ family, colour: answerOf(world, event, family, cheatersActive) }));
    const placed = run(event, requests);
    let unmet = 0;
    let placedWithoutNeed = 0;
    let placedWithNeed = 0;
    for (const f of world.families) {
      const needy = event.needs[f.index] === true;
      for (const c of f.childIds) {
        if (needy) {
          needs[f.index] = (needs[f.index] ?? 0) + 1;
          if (placed.has(c)) {
            met[f.index] = (met[f.index] ?? 0) + 1;
            placedWithNeed += 1;
          } else unmet += 1;
        } else if (placed.has(c)) placedWithoutNeed += 1;
      }
    }
    const empty = Math.max(0, world.totalSlots - placedWithNeed - placedWithoutNeed);
    wasted += Math.min(unmet, placedWithoutNeed + empty);
    // Could the places have served every confirmed family that needed care (after blue)?
    let blue = 0;
    let confirmedNeeding = 0;
    for (const r of requests) {
      if (r.colour === 'blue') blue += r.family.childIds.length;
      else if (world.confirmed[r.family.index] != null && event.needs[r.family.index]) confirmedNeeding += r.family.childIds.length;
    }
    if (confirmedNeeding > 0 && world.totalSlots - blue >= confirmedNeeding) {
      for (const r of requests) {
        if (r.colour === 'blue' || world.confirmed[r.family.index] == null || !event.needs[r.family.index]) continue;
        allowedNeeds += r.family.childIds.length;
        allowedMet += r.family.childIds.filter((c) => placed.has(c)).length;
      }
    }
  }
  return { needs, met, wasted, places: world.totalSlots * world.events.length, allowedNeeds, allowedMet };
}

/** Families counted for evenness: at least this many true needs in the season. */
export const MIN_NEEDS = 4;

export interface SeasonFigures {
  /** Jain's index over honest families' shares with at least MIN_NEEDS needs (NaN if none). */
  jain: number;
  /** 10th-percentile share of those families. */
  p10: number;
  /** Pooled share of all true needs met. */
  shareMet: number;
  highShare: number;
  lowShare: number;
  /** Wasted places (see SeasonOutcome) per season, and as a share of all places. */
  wasted: number;
  wastedShare: number;
  /** Pooled share of true needs met for honest families and for the always-red families. */
  honestShare: number;
  cheaterShare: number;
  /** Confirmed worlds (NaN elsewhere): pooled share met of the confirmed families, of the others, */
  confirmedShare: number;
  othersShare: number;
  /** the confirmed families' share where the places allowed serving them all, */
  confirmedAllowedShare: number;
  /** and Jain's index and parity among the other honest families. */
  othersJain: number;
  othersHigh: number;
  othersLow: number;
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

/** Nearest-rank percentile of sorted values (q in [0, 1]). */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] as number;
}

export function jainIndex(shares: number[]): number {
  if (shares.length === 0) return NaN;
  const sum = shares.reduce((s, x) => s + x, 0);
  const sumSq = shares.reduce((s, x) => s + x * x, 0);
  // 1 = all equal; 1/n = one family gets everything. All zero counts as equal.
  return sumSq === 0 ? 1 : (sum * sum) / (shares.length * sumSq);
}

/** `cheatersActive` says whether the always-red families lied in this run (they are then left out of evenness). */
export function figures(world: World, o: SeasonOutcome, cheatersActive: boolean): SeasonFigures {
  const shares = o.needs.flatMap((n, i) => (n >= MIN_NEEDS && !(cheatersActive && world.cheaters[i]) ? [(o.met[i] ?? 0) / n] : []));
  return {
    jain: jainIndex(shares),
    p10: percentile([...shares].sort((a, b) => a - b), 0.1),
    shareMet: pooled(o, () => true),
    highShare: pooled(o, (i) => world.families[i]?.need === 'high'),
    lowShare: pooled(o, (i) => world.families[i]?.need === 'low'),
    wasted: o.wasted,
    wastedShare: o.wasted / Math.max(1, o.places),
    honestShare: pooled(o, (i) => !world.cheaters[i]),
    cheaterShare: pooled(o, (i) => world.cheaters[i] === true),
    confirmedShare: pooled(o, (i) => world.confirmed[i] != null),
    othersShare: pooled(o, (i) => world.confirmed[i] == null && !(cheatersActive && world.cheaters[i])),
    confirmedAllowedShare: o.allowedNeeds === 0 ? NaN : o.allowedMet / o.allowedNeeds,
    othersJain: jainIndex(
      o.needs.flatMap((n, i) => (n >= MIN_NEEDS && world.confirmed[i] == null && !(cheatersActive && world.cheaters[i]) ? [(o.met[i] ?? 0) / n] : [])),
    ),
    othersHigh: pooled(o, (i) => world.confirmed[i] == null && world.families[i]?.need === 'high'),
    othersLow: pooled(o, (i) => world.confirmed[i] == null && world.families[i]?.need === 'low'),
  };
}

/** Mean over seasons, skipping NaN (a season without any low-need family, say). */
export function mean(values: number[]): number {
  const ok = values.filter((v) => Number.isFinite(v));
  return ok.length === 0 ? NaN : ok.reduce((s, v) => s + v, 0) / ok.length;
}

/** Mean with its 95 % interval (normal approximation over seasons; seasons are independent). */
export interface Estimate {
  mean: number;
  lo: number;
  hi: number;
  n: number;
}
export function estimate(values: number[]): Estimate {
  const ok = values.filter((v) => Number.isFinite(v));
  const n = ok.length;
  if (n === 0) return { mean: NaN, lo: NaN, hi: NaN, n };
  const m = ok.reduce((s, v) => s + v, 0) / n;
  const sd = n > 1 ? Math.sqrt(ok.reduce((s, v) => s + (v - m) ** 2, 0) / (n - 1)) : 0;
  const half = (1.96 * sd) / Math.sqrt(n);
  return { mean: m, lo: m - half, hi: m + half, n };
}
