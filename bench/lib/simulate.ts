/** Runs every rule over a range of seasons, honest and with always-red families. */
import { figures, runSeason, type SeasonFigures } from './metrics.js';
import { CANDIDATES, PRIORITY_RULES, RULES, type Rule } from './rules.js';
import { makeWorld, type World, type WorldConfig } from './world.js';

export interface SeasonBatch {
  /** rule name -> figures per season, in season order. */
  honest: Record<string, SeasonFigures[]>;
  cheat: Record<string, SeasonFigures[]>;
  /** Places as a share of the expected true demand, per season. */
  ratio: number[];
}

/** default: the four worlds' rules; search: the rule search; priority: the confirmed worlds' rules. */
export type RuleSet = 'default' | 'search' | 'priority';
export const rulesOf = (set: RuleSet, names?: string[]): Rule[] => {
  const all = set === 'search' ? CANDIDATES : set === 'priority' ? PRIORITY_RULES : RULES;
  // The oracle and the lottery stay in: the p10 and share aims are measured against them.
  return names ? all.filter((r) => names.includes(r.name) || r.name === 'oracle' || r.name === 'lottery') : all;
};

export const seasonSeed = (config: WorldConfig, index: number) => (config.name === 'standard' ? `season-${index}` : `${config.name}-season-${index}`);

export function simulateWorlds(worlds: World[], rules: Rule[]): SeasonBatch {
  const batch: SeasonBatch = { honest: {}, cheat: {}, ratio: [] };
  for (const rule of rules) {
    batch.honest[rule.name] = [];
    batch.cheat[rule.name] = [];
  }
  for (const world of worlds) {
    batch.ratio.push(world.ratio);
    for (const rule of rules) {
      batch.honest[rule.name]?.push(figures(world, runSeason(world, rule, false), false));
      batch.cheat[rule.name]?.push(figures(world, runSeason(world, rule, true), true));
    }
  }
  return batch;
}

export function simulateSeasons(from: number, to: number, config: WorldConfig, set: RuleSet, names?: string[]): SeasonBatch {
  const worlds: World[] = [];
  for (let s = from; s < to; s++) worlds.push(makeWorld(seasonSeed(config, s), config));
  return simulateWorlds(worlds, rulesOf(set, names));
}

/** Joins batches of consecutive season ranges, in the given order. */
export function joinBatches(batches: SeasonBatch[], rules: Rule[]): SeasonBatch {
  const joined: SeasonBatch = { honest: {}, cheat: {}, ratio: [] };
  for (const rule of rules) {
    joined.honest[rule.name] = batches.flatMap((b) => b.honest[rule.name] ?? []);
    joined.cheat[rule.name] = batches.flatMap((b) => b.cheat[rule.name] ?? []);
  }
  joined.ratio = batches.flatMap((b) => b.ratio);
  return joined;
}
