/**
 * Simulated Kita seasons for the fairness benchmark. Everything random is drawn here, up front, from
 * the season seed, so every rule (and the honest and the always-red run) sees the identical world.
 *
 * Model (documented in the report as well):
 * - 60-120 children in the category; a family has two children there with probability 0.15
 *   (the last family is cut to one child when the count is reached);
 * - need classes: high (20% of families, need probability 0.8 per event), medium (50%, 0.5),
 *   low (30%, 0.2). Need is drawn per family and event: when a family needs care, all its children
 *   in the category need it (both parents work that day);
 * - E events (a world knob: 40 or 10), half immediate and half future in random order;
 * - places: one slot count per season (it belongs to the Kita), ratio r ~ U(lo, hi) of the expected
 *   true demand: totalSlots = max(1, round(r * sum of children * need probability)); the knob
 *   (lo, hi) is (0.3, 0.7) in the standard world and (0.2, 0.4) in the scarce one;
 * - immediate events: a needing family's children are already in the Kita (blue) with probability 0.3;
 * - honest answers: needing -> red (blue when already in the Kita); not needing -> yellow 25%,
 *   green 65%, no answer 10% (one draw per family and event);
 * - always-red families (the second run; 10% of families, at least one): red whenever not blue.
 *   Blue cannot be faked: the child is visibly in the Kita;
 * - first-come-first-served arrival order: a fresh random order of families per event.
 * - confirmed worlds (knob `confirmedShare`, 10 % or 20 % of families): these families have a need
 *   the Kita has confirmed (a priority group 1-3) and need care more often (probability 0.9 per
 *   event, whatever their class). They are drawn from a stream of their own, so the worlds without
 *   confirmations stay exactly as before; the always-red families are then drawn among the others
 *   (a family cannot claim a confirmation, only answer red).
 */
import { rngFrom } from './rng.js';

export type NeedClass = 'high' | 'medium' | 'low';
export const NEED_PROBABILITY: Record<NeedClass, number> = { high: 0.8, medium: 0.5, low: 0.2 };
export const EVENTS_PER_SEASON = 40;
export const CHEATER_SHARE = 0.1;
/** Need probability of a family the Kita has confirmed (confirmed worlds). */
export const CONFIRMED_NEED_PROBABILITY = 0.9;

/** The world knobs the report states: events per season and places as a share of expected demand. */
export interface WorldConfig {
  name: string;
  events: number;
  placesOfDemand: [number, number];
  /** Share of families with a confirmed priority (rule version 3's worlds); none when absent. */
  confirmedShare?: number;
}
export const STANDARD_WORLD: WorldConfig = { name: 'standard', events: EVENTS_PER_SEASON, placesOfDemand: [0.3, 0.7] };
/** The worlds of the default run: every aim is judged on each of them. */
export const WORLDS: WorldConfig[] = [
  STANDARD_WORLD,
  { name: 'scarce', events: 40, placesOfDemand: [0.2, 0.4] },
  { name: 'short', events: 10, placesOfDemand: [0.3, 0.7] },
  { name: 'scarce-short', events: 10, placesOfDemand: [0.2, 0.4] },
];
/** The worlds of confirmed priority: the standard world with 10 % and 20 % confirmed families. */
export const CONFIRMED_WORLDS: WorldConfig[] = [
  { name: 'confirmed-10', events: EVENTS_PER_SEASON, placesOfDemand: [0.3, 0.7], confirmedShare: 0.1 },
  { name: 'confirmed-20', events: EVENTS_PER_SEASON, placesOfDemand: [0.3, 0.7], confirmedShare: 0.2 },
];

export interface Family {
  index: number;
  parentId: string;
  childIds: string[];
  need: NeedClass;
}

export interface SimEvent {
  index: number;
  type: 'immediate' | 'future';
  /** Per family: truly needs care at this event. */
  needs: boolean[];
  /** Per family: children already in the Kita (immediate events only, needing families only). */
  inKita: boolean[];
  /** Per family: uniform draw deciding an honest non-needing family's answer. */
  mood: number[];
  /** Family indices in the order their answers arrive (first-come-first-served). */
  arrival: number[];
}

export interface World {
  seed: string;
  families: Family[];
  childCount: number;
  totalSlots: number;
  /** Places as a share of the expected true demand. */
  ratio: number;
  events: SimEvent[];
  /** Families that always answer red in the second run. */
  cheaters: boolean[];
  /** Fixed queue position of each family for strict rotation. */
  rotationOrder: number[];
  /** Per family: the position of its confirmed priority group (1 = first), or null. */
  confirmed: Array<number | null>;
}

export function makeWorld(seed: string, config: WorldConfig = STANDARD_WORLD): World {
  const rng = rngFrom(`world:${seed}`);
  const childCount = rng.int(60, 120);
  const families: Family[] = [];
  let children = 0;
  while (children < childCount) {
    const size = Math.min(rng.chance(0.15) ? 2 : 1, childCount - children);
    const index = families.length;
    const u = rng.next();
    const need: NeedClass = u < 0.2 ? 'high' : u < 0.7 ? 'medium' : 'low';
    const childIds = Array.from({ length: size }, (_, k) => `c${index}-${k}`);
    families.push({ index, parentId: `p${index}`, childIds, need });
    children += size;
  }
  // Confirmed families come from their own stream: the main one stays as in the worlds without.
  const confirmed: Array<number | null> = families.map(() => null);
  if (config.confirmedShare) {
    const c = rngFrom(`confirmed:${seed}`);
    const count = Math.max(1, Math.round(config.confirmedShare * families.length));
    for (const i of c.shuffle(families.map((f) => f.index)).slice(0, count)) confirmed[i] = c.int(1, 3);
  }
  const needProbability = (f: Family) => (confirmed[f.index] !== null ? CONFIRMED_NEED_PROBABILITY : NEED_PROBABILITY[f.need]);
  const expectedDemand = families.reduce((s, f) => s + f.childIds.length * needProbability(f), 0);
  const [lo, hi] = config.placesOfDemand;
  const ratio = lo + (hi - lo) * rng.next();
  const totalSlots = Math.max(1, Math.round(ratio * expectedDemand));

  const types = rng.shuffle([
    ...Array<'immediate'>(Math.floor(config.events / 2)).fill('immediate'),
    ...Array<'future'>(config.events - Math.floor(config.events / 2)).fill('future'),
  ]);
  const events: SimEvent[] = types.map((type, index) => {
    const needs = families.map((f) => rng.chance(needProbability(f)));
    const inKita = needs.map((n) => type === 'immediate' && n && rng.chance(0.3));
    const mood = families.map(() => rng.next());
    const arrival = rng.shuffle(families.map((f) => f.index));
    return { index, type, needs, inKita, mood, arrival };
  });

  const cheaterCount = Math.max(1, Math.round(CHEATER_SHARE * families.length));
  const cheaterSet = new Set(
    rng
      .shuffle(families.map((f) => f.index))
      .filter((i) => confirmed[i] === null)
      .slice(0, cheaterCount),
  );
  const cheaters = families.map((f) => cheaterSet.has(f.index));
  const rotationOrder = rng.shuffle(families.map((f) => f.index));
  return { seed, families, childCount, totalSlots, ratio, events, cheaters, rotationOrder, confirmed };
}

export type Colour = 'red' | 'yellow' | 'green' | 'blue';

/** The family's answer (for all its children) at one event. */
export function answerOf(world: World, event: SimEvent, family: Family, cheatersActive: boolean): Colour | null {
  const i = family.index;
  if (event.needs[i] && event.inKita[i]) return 'blue';
  if (cheatersActive && world.cheaters[i]) return 'red';
  if (event.needs[i]) return 'red';
  const mood = event.mood[i] ?? 1;
  return mood < 0.25 ? 'yellow' : mood < 0.9 ? 'green' : null;
}
