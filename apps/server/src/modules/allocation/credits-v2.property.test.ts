/**
 * Laws of rule version 2 over random events and seasons (fast-check), next to the allocation laws
 * of allocate.property.test.ts (which hold for every version: the order of service did not change).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  creditEntriesFor,
  nextOnWaitlist,
  promoteEntries,
  releaseEntries,
  V2_CAP,
  type AllocationChild,
  type ChildAllocation,
  type LedgerEntry,
} from './allocate.js';
import type { PreferenceType } from '@kita/shared';

const FAMILIES = 8;
const COLOURS = ['red', 'yellow', 'green', 'blue', null] as const;

/** A season: children of up to 8 families, a few events with random answers and slot counts. */
const arbSeason = fc.record({
  families: fc.array(fc.nat({ max: FAMILIES - 1 }), { minLength: 1, maxLength: 20 }),
  events: fc.array(
    fc.record({
      seed: fc.string({ minLength: 1, maxLength: 8 }),
      totalSlots: fc.nat({ max: 12 }),
      eventType: fc.constantFrom('immediate' as const, 'future' as const),
      answers: fc.array(fc.constantFrom(...COLOURS), { minLength: 20, maxLength: 20 }),
      releases: fc.array(fc.nat(), { maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 8 },
  ),
});

type Row = ChildAllocation & { releasedAt: Date | null; promotedAt: Date | null };
const sum = (entries: readonly LedgerEntry[], parentId: string) => entries.filter((e) => e.parentId === parentId).reduce((s, e) => s + e.amount, 0);

describe('rule version 2: laws (fast-check)', () => {
  it('over a season with releases and move-ups: the ledger sum is the balance shown and used, and stays within -1..+1', () => {
    fc.assert(
      fc.property(arbSeason, ({ families, events }) => {
        const ledger: LedgerEntry[] = [];
        const shown = (p: string) => sum(ledger, p);
        for (const ev of events) {
          const children: AllocationChild[] = families.map((f, i) => {
            const answer = ev.answers[i] ?? null;
            return {
              childId: `c${i}`,
              parentId: `p${f}`,
              preferenceType: answer === 'blue' && ev.eventType === 'future' ? 'red' : answer,
              creditBalance: shown(`p${f}`),
            };
          });
          const result = allocate({ seed: ev.seed, totalSlots: ev.totalSlots, eventType: ev.eventType, children });
          // The balance each row was ordered by is the ledger sum shown before the close.
          for (const a of result.allocations) expect(a.creditBalance).toBe(shown(a.parentId));
          const atClose = creditEntriesFor(result.allocations, 2);
          ledger.push(...atClose);
          const rows: Row[] = result.allocations.map((a) => ({ ...a, releasedAt: null, promotedAt: null }));
          if (ev.eventType === 'future') {
            for (const pick of ev.releases) {
              const releasable = rows.filter((r) => r.hasSlot);
              const row = releasable[pick % Math.max(1, releasable.length)];
              if (!row) break;
              const booked = atClose.find((e) => e.childId === row.childId && e.reason === 'slot')?.amount ?? 0;
              ledger.push(...releaseEntries(row, 2, { booked, balance: shown(row.parentId) }));
              Object.assign(row, { hasSlot: false, releasedAt: new Date(0) });
              const next = nextOnWaitlist(rows);
              if (next) {
                const miss = atClose.find((e) => e.childId === next.childId && e.reason === 'no_slot')?.amount ?? 0;
                ledger.push(...promoteEntries(next, 2, { booked: miss, balance: shown(next.parentId) }));
                Object.assign(next, { hasSlot: true, promotedAt: new Date(0) });
              }
            }
          }
          for (let f = 0; f < FAMILIES; f++) {
            expect(shown(`p${f}`)).toBeGreaterThanOrEqual(-V2_CAP);
            expect(shown(`p${f}`)).toBeLessThanOrEqual(V2_CAP);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('books only red and blue outcomes: +1 per red miss and -2 per red or blue place, before the range cuts them', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ colour: fc.constantFrom(...COLOURS), hasSlot: fc.boolean(), family: fc.nat({ max: 3 }) }), { maxLength: 20 }),
        fc.array(fc.integer({ min: -V2_CAP, max: V2_CAP }), { minLength: 4, maxLength: 4 }),
        (kids, balances) => {
          const rows = kids.map((k, i) => ({
            childId: `c${i}`,
            parentId: `p${k.family}`,
            preferenceType: k.colour as PreferenceType | null,
            hasSlot: k.colour === 'blue' ? true : k.colour === 'green' || k.colour === null ? false : k.hasSlot,
            creditBalance: balances[k.family] ?? 0,
          }));
          const entries = creditEntriesFor(rows, 2);
          for (const e of entries) {
            const row = rows.find((r) => r.childId === e.childId)!;
            expect(row.preferenceType === 'red' || row.preferenceType === 'blue').toBe(true);
            if (row.hasSlot) expect(e).toMatchObject({ reason: 'slot' });
            else expect(e).toMatchObject({ reason: 'no_slot' });
            // The cut only ever shortens an amount, never turns it around.
            expect(row.hasSlot ? e.amount >= -2 && e.amount <= 0 : e.amount >= 0 && e.amount <= 1).toBe(true);
          }
          // Every red/blue outcome has exactly one entry; nothing else has one.
          expect(entries.map((e) => e.childId).sort()).toEqual(rows.filter((r) => r.preferenceType === 'red' || r.preferenceType === 'blue').map((r) => r.childId).sort());
          // From balance 0 one red miss gives +1 (room up to +1); one place gives -1 (-2 cut at the floor).
          for (const f of [0, 1, 2, 3]) {
            const mine = rows.filter((r) => r.parentId === `p${f}`);
            const start = balances[f] ?? 0;
            const end = start + sum(entries, `p${f}`);
            expect(end).toBeGreaterThanOrEqual(-V2_CAP);
            expect(end).toBeLessThanOrEqual(V2_CAP);
            if (mine.length === 1 && start === 0 && mine[0]!.preferenceType === 'red') expect(end).toBe(mine[0]!.hasSlot ? -1 : 1);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('moves a family that went without ahead of one that got a place: after equal starts, the red miss outranks the red place at the next event', () => {
    fc.assert(
      fc.property(fc.integer({ min: -V2_CAP, max: V2_CAP }), fc.string({ minLength: 1, maxLength: 8 }), fc.string({ minLength: 1, maxLength: 8 }), (start, seed1, seed2) => {
        const first = allocate({ seed: seed1, totalSlots: 1, eventType: 'future', children: [
          { childId: 'a', parentId: 'pa', preferenceType: 'red', creditBalance: start },
          { childId: 'b', parentId: 'pb', preferenceType: 'red', creditBalance: start },
        ] });
        const entries = creditEntriesFor(first.allocations, 2);
        const winner = first.allocations.find((a) => a.hasSlot)!.parentId;
        const loser = winner === 'pa' ? 'pb' : 'pa';
        const second = allocate({ seed: seed2, totalSlots: 1, eventType: 'future', children: [
          { childId: 'a2', parentId: 'pa', preferenceType: 'red', creditBalance: start + sum(entries, 'pa') },
          { childId: 'b2', parentId: 'pb', preferenceType: 'red', creditBalance: start + sum(entries, 'pb') },
        ] });
        expect(second.allocations.find((a) => a.hasSlot)!.parentId).toBe(loser);
      }),
      { numRuns: 200 },
    );
  });
});
