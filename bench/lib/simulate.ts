/** Runs every rule over a range of seasons, honest and with always-red families. */
import { figures, runSeason, type SeasonFigures } from './metrics.js';
import { RULES } from './rules.js';
import { makeWorld } from './world.js';

export interface SeasonBatch {
  /** rule name -> figures per season, in season order. */
  honest: Record<string, SeasonFigures[]>;
  cheat: Record<string, SeasonFigures[]>;
  /** Places as a share of the expected true demand, per season. */
  ratio: number[];
}

export const seasonSeed = (index: number) => `season-${index}`;

export function simulateSeasons(from: number, to: number): SeasonBatch {
  const batch: SeasonBatch = { honest: {}, cheat: {}, ratio: [] };
  for (const rule of RULES) {
    batch.honest[rule.name] = [];
    batch.cheat[rule.name] = [];
  }
  for (let s = from; s < to; s++) {
    const world = makeWorld(seasonSeed(s));
    batch.ratio.push(world.ratio);
    for (const rule of RULES) {
      batch.honest[rule.name]?.push(figures(world, runSeason(world, rule, false)));
      batch.cheat[rule.name]?.push(figures(world, runSeason(world, rule, true)));
    }
  }
  return batch;
}

/** Joins batches of consecutive season ranges, in the given order. */
export function joinBatches(batches: SeasonBatch[]): SeasonBatch {
  const joined: SeasonBatch = { honest: {}, cheat: {}, ratio: [] };
  for (const rule of RULES) {
    joined.honest[rule.name] = batches.flatMap((b) => b.honest[rule.name] ?? []);
    joined.cheat[rule.name] = batches.flatMap((b) => b.cheat[rule.name] ?? []);
  }
  joined.ratio = batches.flatMap((b) => b.ratio);
  return joined;
}
