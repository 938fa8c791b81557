/**
 * Allocation rules compared by the fairness benchmark. Each rule sees only what a real server sees
 * (the answers, its own history), never the true needs; only the oracle is allowed to look.
 *
 * - v2 / v1: the product's rule versions, the real allocate() and creditEntriesFor(…, version) with
 *   balances carried through the season (v2 is the default, v1 the rule before);
 * - fcfs: first-come-first-served. Places are promised as answers arrive, so it cannot wait for a
 *   later red answer: every red or yellow request is served in arrival order (blue keeps its place);
 * - lottery: a fresh random order of families per event, red before yellow (decided at close);
 * - rotation: families queue in a fixed random order; a family that gets a place goes to the back
 *   (least recently served first), red before yellow;
 * - oracle (reference, not a possible rule): knows the true needs and serves the needing family with
 *   the lowest share met so far first.
 * Candidates of the rule search (`--search`) are ledger rules run through the same allocate(): they
 * differ only in what they book per outcome, in a cap or decay of the balance, or in the priority key.
 * All rules keep blue, and serve siblings as a block that takes the last free places when it does
 * not fit whole (the same sibling rule as allocate()).
 */
import { allocate, creditEntriesFor, type AllocationChild, type ChildAllocation } from '../../apps/server/src/modules/allocation/allocate.js';
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

/** What a ledger rule sees after an event: the real allocation rows and the event's size. */
export interface EventOutcome {
  allocations: ChildAllocation[];
  totalSlots: number;
}

/**
 * A rule that orders by a per-family integer key through the real allocate(). `update` books the
 * event's outcome into the rule's own state; `key` turns the state into the balance allocate() sorts
 * by (higher first).
 */
function ledgerRule<S>(name: string, label: string, init: () => S, key: (s: S) => number, update: (s: S, parentId: string, rows: ChildAllocation[], o: EventOutcome) => void): Rule {
  return {
    name,
    label,
    start(world) {
      const state = new Map<string, S>();
      const get = (p: string) => {
        let s = state.get(p);
        if (!s) state.set(p, (s = init()));
        return s;
      };
      return (event, requests) => {
        const children: AllocationChild[] = [];
        for (const r of requests) {
          const creditBalance = key(get(r.family.parentId));
          for (const childId of r.family.childIds) children.push({ childId, parentId: r.family.parentId, preferenceType: r.colour, creditBalance });
        }
        const result = allocate({ seed: `${world.seed}:${event.index}`, totalSlots: world.totalSlots, eventType: event.type, children });
        const byFamily = new Map<string, ChildAllocation[]>();
        for (const a of result.allocations) {
          const rows = byFamily.get(a.parentId);
          if (rows) rows.push(a);
          else byFamily.set(a.parentId, [a]);
        }
        const outcome = { allocations: result.allocations, totalSlots: world.totalSlots };
        for (const [parentId, rows] of byFamily) update(get(parentId), parentId, rows, outcome);
        const placed = new Set<string>();
        for (const a of result.allocations) if (a.hasSlot) placed.add(a.childId);
        return placed;
      };
    },
  };
}

/** The product's rule of the given version: exactly the ledger entries the server books. */
export function productRule(version: 1 | 2, name: string, label: string): Rule {
  return ledgerRule(
    name,
    label,
    () => ({ balance: 0 }),
    (s) => s.balance,
    (s, _p, rows, o) => {
      void o;
      for (const e of creditEntriesFor(rows, version)) s.balance += e.amount;
    },
  );
}

export interface Tariff {
  redMiss: number;
  redSlot: number;
  yellowMiss: number;
  yellowSlot: number;
  blueSlot: number;
  green: number;
  /** Green books only when the event was oversubscribed (more red/yellow/blue children than slots). */
  greenOnlyWhenScarce?: boolean;
  /** Balance is clamped to [-cap, cap] after every event ([-floor, cap] when floor is given). */
  cap?: number;
  floor?: number;
  /** Balance multiplied by this factor before every event (rounded for ordering). */
  decay?: number;
}

/** Search candidate: a ledger with the given amounts per outcome. */
export function tariffRule(name: string, label: string, t: Tariff): Rule {
  return ledgerRule(
    name,
    label,
    () => ({ balance: 0 }),
    (s) => Math.round(s.balance),
    (s, _p, rows, o) => {
      if (t.decay !== undefined) s.balance *= t.decay;
      const scarce = o.allocations.filter((a) => a.preferenceType === 'red' || a.preferenceType === 'yellow' || a.preferenceType === 'blue').length > o.totalSlots;
      for (const a of rows) {
        if (a.preferenceType === 'green') s.balance += t.greenOnlyWhenScarce && !scarce ? 0 : t.green;
        else if (a.preferenceType === 'red') s.balance += a.hasSlot ? t.redSlot : t.redMiss;
        else if (a.preferenceType === 'yellow') s.balance += a.hasSlot ? t.yellowSlot : t.yellowMiss;
        else if (a.preferenceType === 'blue') s.balance += t.blueSlot;
      }
      if (t.cap !== undefined) s.balance = Math.max(-(t.floor ?? t.cap), Math.min(t.cap, s.balance));
    },
  );
}

/**
 * Search candidate: lowest share of the family's own red/blue answers met so far first, with `price`
 * pseudo-requests added to the denominator's complement: key = (met + price) / (asks + price).
 */
export function shareRule(name: string, label: string, prior: number, alpha = 1): Rule {
  return ledgerRule(
    name,
    label,
    () => ({ asks: 0, met: 0 }),
    (s) => (s.asks + prior === 0 ? 0 : -Math.round(1e6 * ((s.met + prior / 2) / (s.asks + prior) ** alpha))),
    (s, _p, rows) => {
      for (const a of rows) {
        if (a.preferenceType !== 'red' && a.preferenceType !== 'blue') continue;
        s.asks += 1;
        if (a.hasSlot) s.met += 1;
      }
    },
  );
}

/**
 * Search candidate, Karma-style fair share per event: every red/blue child is owed the event's share
 * slots / (red + blue children); the family's balance is what it was owed minus what it got.
 */
export const KARMA = ledgerRule(
  'karma',
  'candidate: fair share per event',
  () => ({ balance: 0 }),
  (s) => Math.round(1000 * s.balance),
  (s, _p, rows, o) => {
    const demand = o.allocations.filter((a) => a.preferenceType === 'red' || a.preferenceType === 'blue').length;
    const share = demand === 0 ? 0 : Math.min(1, o.totalSlots / demand);
    for (const a of rows) {
      if (a.preferenceType === 'red' || a.preferenceType === 'blue') s.balance += share;
      if (a.hasSlot) s.balance -= 1;
    }
  },
);

export const V2 = productRule(2, 'v2', 'v2 (new default)');
export const V1 = productRule(1, 'v1', 'v1 (rule until now)');

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
 * serves needing families with the lowest share met so far first. It shows what the capacity alone
 * allows; the 10th-percentile aim is measured against it.
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

/** The default run: the rules side by side. The oracle must stay in (the p10 aim divides by it). */
export const RULES: Rule[] = [V2, V1, LOTTERY, ROTATION, FCFS, ORACLE];

/** The search candidate that became rule version 2 (ringed in the trade-off chart). */
export const CHOSEN_CANDIDATE = 'v2';

const base: Tariff = { redMiss: 1, redSlot: -1, yellowMiss: 1, yellowSlot: -1, blueSlot: -1, green: 0 };
/** The rule search (`--search`): candidates next to the references, grouped by the idea they try. */
export const CANDIDATES: Rule[] = [
  V1,
  // Green: no credit, or only when green freed a place in an oversubscribed event.
  tariffRule('green-scarce', 'v1, green +1 only when oversubscribed', { ...base, green: 1, greenOnlyWhenScarce: true }),
  tariffRule('no-green', 'no credit for green', base),
  tariffRule('no-green-y0', 'no green, yellow books 0', { ...base, yellowMiss: 0, yellowSlot: 0 }),
  // A price for red: what a place costs against what a miss earns (no cap).
  tariffRule('price-0', 'price: miss 0 / slot -1 (equal counts)', { ...base, redMiss: 0, yellowMiss: 0, yellowSlot: 0 }),
  tariffRule('price-1-3', 'price: miss +1 / slot -3', { ...base, redSlot: -3, blueSlot: -3, yellowMiss: 0, yellowSlot: 0 }),
  tariffRule('price-1-2', 'price: miss +1 / slot -2', { ...base, redSlot: -2, blueSlot: -2, yellowMiss: 0, yellowSlot: 0 }),
  tariffRule('price-2-1', 'price: miss +2 / slot -1', { ...base, redMiss: 2, yellowMiss: 0, yellowSlot: 0 }),
  // Cap or decay: credits cannot be banked for a season.
  tariffRule('cap-1', 'no green, cap +-1', { ...base, yellowMiss: 0, yellowSlot: 0, cap: 1 }),
  tariffRule('cap-2', 'no green, cap +-2', { ...base, yellowMiss: 0, yellowSlot: 0, cap: 2 }),
  tariffRule('cap-4', 'no green, cap +-4', { ...base, yellowMiss: 0, yellowSlot: 0, cap: 4 }),
  tariffRule('cap-2-y', 'no green, yellow +-1, cap +-2', { ...base, cap: 2 }),
  tariffRule('decay-0.9', 'no green, decay 0.9 per event', { ...base, yellowMiss: 0, yellowSlot: 0, decay: 0.9 }),
  // Price and cap together: the chosen family.
  tariffRule('c2-12-y11', 'miss +1 / slot -2, yellow +1/-1, cap +-2', { ...base, redSlot: -2, blueSlot: -2, cap: 2 }),
  tariffRule('c3-12', 'miss +1 / slot -2, cap +-3', { ...base, redSlot: -2, blueSlot: -2, yellowMiss: 0, yellowSlot: 0, cap: 3 }),
  tariffRule('c2-12', 'miss +1 / slot -2, cap +-2', { ...base, redSlot: -2, blueSlot: -2, yellowMiss: 0, yellowSlot: 0, cap: 2 }),
  tariffRule('c1-12-y1', 'miss +1 / slot -2, yellow miss +1, cap +-1', { ...base, redSlot: -2, blueSlot: -2, yellowSlot: 0, cap: 1 }),
  tariffRule('c1f2-12', 'miss +1 / slot -2, range -2..+1', { ...base, redSlot: -2, blueSlot: -2, yellowMiss: 0, yellowSlot: 0, cap: 1, floor: 2 }),
  tariffRule('c2f3-12', 'miss +1 / slot -2, range -3..+2', { ...base, redSlot: -2, blueSlot: -2, yellowMiss: 0, yellowSlot: 0, cap: 2, floor: 3 }),
  tariffRule('c2-13', 'miss +1 / slot -3, cap +-2', { ...base, redSlot: -3, blueSlot: -3, yellowMiss: 0, yellowSlot: 0, cap: 2 }),
  V2,
  // Share of own red answers met so far, with a price for red (met / asks^alpha), and Karma.
  shareRule('share-a0.25', 'met / asks^0.25, lowest first', 0, 0.25),
  shareRule('share-a0.5', 'met / asks^0.5, lowest first', 0, 0.5),
  shareRule('share-a0.75', 'met / asks^0.75, lowest first', 0, 0.75),
  shareRule('share', 'lowest share of own red met first', 0),
  shareRule('share-prior-2', 'share of own red met, prior 1 of 2', 2),
  KARMA,
  LOTTERY,
  ROTATION,
  FCFS,
  ORACLE,
];
