/**
 * Allocation rules compared by the fairness benchmark. Each rule sees only what a real server sees
 * (the answers, its own history), never the true needs.
 *
 * - credits: the project's rule, the real allocate() and creditEntriesFor() with balances carried
 *   through the season;
 * - fcfs: first-come-first-served. Places are promised as answers arrive, so it cannot wait for a
 *   later red answer: every red or yellow request is served in arrival order (blue keeps its place);
 * - lottery: a fresh random order of families per event, red before yellow (decided at close);
 * - rotation: families queue in a fixed random order; a family that gets a place goes to the back
 *   (least recently served first), red before yellow.
 * All rules keep blue, and serve siblings as a block that takes the last free places when it does
 * not fit whole (the same sibling rule as allocate()).
 */
import { allocate, creditEntriesFor, type AllocationChild, type LedgerEntry } from '../../apps/server/src/modules/allocation/allocate.js';
import { rngFrom } from './rng.js';
import type { Colour, Family, SimEvent, World } from './world.js';

export interface Request {
  family: Family;
  colour: Colour | null;
}

/** One season's run of a rule: returns the child ids that got a place. */
export type RuleRun = (event: SimEvent, requests: Request[]) => Set<string>;
export interface Rule {
  name: string;
  label: string;
  start(world: World): RuleRun;
}

/** Blue first (always), then the given families in order, filling the remaining places. */
function serve(totalSlots: number, requests: Request[], order: Request[]): Set<string> {
  const placed = new Set<string>();
  for (const r of requests) if (r.colour === 'blue') for (const c of r.family.childIds) placed.add(c);
  let remaining = totalSlots - placed.size;
  for (const r of order) {
    if (remaining <= 0) break;
    for (const c of r.family.childIds.slice(0, remaining)) placed.add(c);
    remaining -= r.family.childIds.length;
  }
  return placed;
}

const asking = (r: Request) => r.colour === 'red' || r.colour === 'yellow';
const tierRank = (r: Request) => (r.colour === 'red' ? 0 : 1);

/** `book` returns the amount a variant books for a ledger entry (the shipped rule: its amount). */
export function creditsRule(name: string, label: string, book: (e: LedgerEntry) => number): Rule {
  return {
    name,
    label,
    start(world) {
      const balance = new Map<string, number>();
      return (event, requests) => {
        const children: AllocationChild[] = [];
        for (const r of requests) {
          const creditBalance = balance.get(r.family.parentId) ?? 0;
          for (const childId of r.family.childIds) {
            children.push({ childId, parentId: r.family.parentId, preferenceType: r.colour, creditBalance });
          }
        }
        const result = allocate({ seed: `${world.seed}:${event.index}`, totalSlots: world.totalSlots, eventType: event.type, children });
        for (const e of creditEntriesFor(result.allocations)) {
          balance.set(e.parentId, (balance.get(e.parentId) ?? 0) + book(e));
        }
        const placed = new Set<string>();
        for (const a of result.allocations) if (a.hasSlot) placed.add(a.childId);
        return placed;
      };
    },
  };
}

export const CREDITS = creditsRule('credits', 'credits (our rule)', (e) => e.amount);
/** Labelled tweak, not the shipped rule: green answers earn nothing, only unmet requests do. */
export const CREDITS_NO_GREEN = creditsRule('credits-no-green', 'tweak: credits, green earns 0', (e) =>
  e.reason === 'green' ? 0 : e.amount,
);

export const FCFS: Rule = {
  name: 'fcfs',
  label: 'first come, first served',
  start: (world) => (event, requests) => {
    const byFamily = new Map(requests.map((r) => [r.family.index, r]));
    const order = event.arrival.map((i) => byFamily.get(i)).filter((r): r is Request => !!r && asking(r));
    return serve(world.totalSlots, requests, order);
  },
};

export const LOTTERY: Rule = {
  name: 'lottery',
  label: 'fresh lottery per event',
  start: (world) => (event, requests) => {
    const rng = rngFrom(`lottery:${world.seed}:${event.index}`);
    const order = rng.shuffle(requests.filter(asking)).sort((a, b) => tierRank(a) - tierRank(b));
    return serve(world.totalSlots, requests, order);
  },
};

export const ROTATION: Rule = {
  name: 'rotation',
  label: 'strict rotation',
  start(world) {
    const queuePos = new Map(world.rotationOrder.map((f, i) => [f, i]));
    const lastServed = new Map<number, number>();
    return (event, requests) => {
      const key = (r: Request) => lastServed.get(r.family.index) ?? -1;
      const order = requests
        .filter(asking)
        .sort((a, b) => tierRank(a) - tierRank(b) || key(a) - key(b) || (queuePos.get(a.family.index) ?? 0) - (queuePos.get(b.family.index) ?? 0));
      const placed = serve(world.totalSlots, requests, order);
      for (const r of requests) if (r.family.childIds.some((c) => placed.has(c))) lastServed.set(r.family.index, event.index);
      return placed;
    };
  },
};

/**
 * Reference only, not a possible rule: it knows the true needs (a server only sees answers) and
 * serves needing families with the lowest share met so far first. It shows how far the capacity
 * alone lets any rule lift the worst-off family.
 */
export const ORACLE: Rule = {
  name: 'oracle',
  label: 'reference: oracle (knows needs)',
  start(world) {
    const needs = new Map<number, number>();
    const met = new Map<number, number>();
    const share = (f: number) => ((needs.get(f) ?? 0) === 0 ? 0 : (met.get(f) ?? 0) / (needs.get(f) ?? 1));
    return (event, requests) => {
      const needing = requests.filter((r) => event.needs[r.family.index] && r.colour !== 'blue');
      const order = needing.sort((a, b) => share(a.family.index) - share(b.family.index) || a.family.index - b.family.index);
      const placed = serve(world.totalSlots, requests, order);
      for (const r of requests) {
        if (!event.needs[r.family.index]) continue;
        const f = r.family.index;
        needs.set(f, (needs.get(f) ?? 0) + r.family.childIds.length);
        met.set(f, (met.get(f) ?? 0) + r.family.childIds.filter((c) => placed.has(c)).length);
      }
      return placed;
    };
  },
};

export const RULES: Rule[] = [CREDITS, FCFS, LOTTERY, ROTATION, CREDITS_NO_GREEN, ORACLE];
