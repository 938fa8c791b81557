/**
 * Worlds from a JSON file (`npm run bench:fairness -- --worlds path.json`), so worlds made elsewhere
 * (a real Kita's anonymised season, a hand-made corner case) run through the same rules and the real
 * allocation module unchanged. Format (documented in docs/fairness.md, example in
 * bench/worlds/example.json):
 *
 * {
 *   "format": "kita-fairness-worlds/1",
 *   "worlds": [{
 *     "name": "example",                        // shown in the report
 *     "slots": 6,                               // places of the category per event
 *     "families": [{ "id": "a", "need": "high", "children": 2 }, ...],   // need: high | medium | low
 *     "cheaters": ["d"],                        // optional: always red in the strategy run
 *                                               //   (default: 10 % of the families, drawn from the name)
 *     "confirmed": { "a": 1 },                  // optional: families with a confirmed priority and
 *                                               //   the position of their group (rule version 3)
 *     "events": [{
 *       "type": "immediate",                    // immediate | future
 *       "needs": ["a", "b"],                    // families with a true need (all their children)
 *       "blue": ["a"],                          // optional, immediate only: needing families already in the Kita
 *       "yellow": ["c"],                        // optional: families without need answering yellow
 *       "unanswered": ["e"],                    // optional: families without an answer; the rest answer green
 *       "arrival": ["b", "a", "c"]              // optional: order of answers for first-come-first-served
 *     }]                                        //   (families left out follow in listed order)
 *   }]
 * }
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { rngFrom } from './rng.js';
import { CHEATER_SHARE, NEED_PROBABILITY, type Family, type SimEvent, type World } from './world.js';

const id = z.string().min(1);
const eventSchema = z.object({
  type: z.enum(['immediate', 'future']),
  needs: z.array(id),
  blue: z.array(id).optional(),
  yellow: z.array(id).optional(),
  unanswered: z.array(id).optional(),
  arrival: z.array(id).optional(),
});
const worldSchema = z.object({
  name: z.string().min(1),
  slots: z.number().int().min(0),
  families: z.array(z.object({ id, need: z.enum(['high', 'medium', 'low']), children: z.number().int().min(1).max(10) })).min(1),
  cheaters: z.array(id).optional(),
  confirmed: z.record(id, z.number().int().min(1)).optional(),
  events: z.array(eventSchema).min(1),
});
export const worldFileSchema = z.object({ format: z.literal('kita-fairness-worlds/1'), worlds: z.array(worldSchema).min(1) });
export type WorldFile = z.infer<typeof worldFileSchema>;

/** Mood values that make answerOf() give the listed answer to a family without need. */
const MOOD = { yellow: 0.1, green: 0.5, unanswered: 0.95 } as const;

export function worldsFromJson(data: unknown): World[] {
  const file = worldFileSchema.parse(data);
  return file.worlds.map(toWorld);
}

export function readWorldFile(path: string): World[] {
  return worldsFromJson(JSON.parse(readFileSync(path, 'utf8')));
}

function toWorld(w: z.infer<typeof worldSchema>): World {
  const index = new Map<string, number>();
  const families: Family[] = w.families.map((f, i) => {
    if (index.has(f.id)) throw new Error(`world ${w.name}: family ${f.id} listed twice`);
    index.set(f.id, i);
    return { index: i, parentId: `p-${f.id}`, childIds: Array.from({ length: f.children }, (_, k) => `c-${f.id}-${k}`), need: f.need };
  });
  const lookup = (family: string, where: string): number => {
    const i = index.get(family);
    if (i === undefined) throw new Error(`world ${w.name}: ${where} names unknown family ${family}`);
    return i;
  };
  const flags = (ids: string[] | undefined, where: string): boolean[] => {
    const out = families.map(() => false);
    for (const f of ids ?? []) out[lookup(f, where)] = true;
    return out;
  };
  const events: SimEvent[] = w.events.map((e, k) => {
    const where = `event ${k + 1}`;
    const needs = flags(e.needs, `${where} needs`);
    const inKita = flags(e.blue, `${where} blue`);
    const yellow = flags(e.yellow, `${where} yellow`);
    const unanswered = flags(e.unanswered, `${where} unanswered`);
    families.forEach((f, i) => {
      if (inKita[i] && !needs[i]) throw new Error(`world ${w.name}: ${where}: blue family ${w.families[i]?.id} has no need`);
      if (inKita[i] && e.type !== 'immediate') throw new Error(`world ${w.name}: ${where}: blue on a future event`);
      if ((yellow[i] || unanswered[i]) && needs[i]) throw new Error(`world ${w.name}: ${where}: needing family ${w.families[i]?.id} listed as yellow/unanswered`);
      if (yellow[i] && unanswered[i]) throw new Error(`world ${w.name}: ${where}: family ${w.families[i]?.id} both yellow and unanswered`);
      void f;
    });
    const mood = families.map((_, i) => (yellow[i] ? MOOD.yellow : unanswered[i] ? MOOD.unanswered : MOOD.green));
    const listed = (e.arrival ?? []).map((f) => lookup(f, `${where} arrival`));
    const seen = new Set(listed);
    const arrival = [...listed, ...families.map((f) => f.index).filter((i) => !seen.has(i))];
    return { index: k, type: e.type, needs, inKita, mood, arrival };
  });
  const rng = rngFrom(`file-world:${w.name}`);
  const cheaters =
    w.cheaters !== undefined
      ? flags(w.cheaters, 'cheaters')
      : (() => {
          const count = Math.max(1, Math.round(CHEATER_SHARE * families.length));
          const set = new Set(rng.shuffle(families.map((f) => f.index)).slice(0, count));
          return families.map((f) => set.has(f.index));
        })();
  const rotationOrder = rng.shuffle(families.map((f) => f.index));
  const meanDemand = events.reduce((s, e) => s + families.reduce((t, f) => t + (e.needs[f.index] ? f.childIds.length : 0), 0), 0) / events.length;
  const expected = families.reduce((s, f) => s + f.childIds.length * NEED_PROBABILITY[f.need], 0);
  const ratio = w.slots / Math.max(1e-9, meanDemand || expected);
  const childCount = families.reduce((s, f) => s + f.childIds.length, 0);
  const confirmed: Array<number | null> = families.map(() => null);
  for (const [family, position] of Object.entries(w.confirmed ?? {})) confirmed[lookup(family, 'confirmed')] = position;
  return { seed: `file:${w.name}`, families, childCount, totalSlots: w.slots, ratio, events, cheaters, rotationOrder, confirmed };
}
