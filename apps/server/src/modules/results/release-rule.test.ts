import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { NOW } from '../../../test/factories-events.js';
import { closeViaApi, futureEvent, ledgerSum, record, resultsWorld, shownCredits, type ResultsWorld } from '../../../test/factories-results.js';
import { authHeader } from '../../../test/factories.js';
import { allocations, creditLedger, events } from '../../db/schema.js';
import { cappedAmount } from '../allocation/allocate.js';

/**
 * The release rule (docs/fairness.md "A place given back"). A place given
 * back after care has begun returned its whole -2, and the family that moved up was charged a full
 * place for care already under way: a family could use the place and keep its credit by releasing
 * on the last day. And a family that moved up and then gave the place back kept its -2.
 */
let t: TestContext;
let w: ResultsWorld;
beforeAll(async () => ({ t, w } = await testAppWith(resultsWorld, { now: NOW })));
afterAll(async () => t.close());

const rowsOf = (eventId: string) => t.db.select().from(allocations).where(eq(allocations.eventId, eventId));
const ledgerOf = async (eventId: string, childId: string) =>
  (await t.db.select().from(creditLedger).where(eq(creditLedger.eventId, eventId)))
    .filter((r) => r.childId === childId)
    .map((r) => `${r.reason}:${r.amount}`)
    .sort();
const release = (eventId: string, headers: Record<string, string>, a: typeof allocations.$inferSelect) =>
  t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/release-slot`, headers, payload: { childId: a.childId, preferenceId: a.preferenceId, parentId: a.parentId } });

async function closedWithWaitlist() {
  t.clock.set(NOW);
  const k = w.kids;
  const id = await futureEvent(t, w, 1);
  await record(t, w, id, [
    [k.mailKid.id, 'red'],
    [k.ulla.id, 'red'],
    [k.dani.id, 'red'],
  ]);
  await closeViaApi(t, w.headers.manager, id);
  const [e] = await t.db.select().from(events).where(eq(events.id, id));
  return { id, eventDate: e!.careStartsAt, expireDate: e!.careEndsAt };
}

describe('the release rule', () => {
  it('given back after care has begun: the charge stays, the family that moves up is not charged and keeps its +1', async () => {
    const { id, eventDate, expireDate } = await closedWithWaitlist();
    const rows = await rowsOf(id);
    const holder = rows.find((a) => a.hasSlot)!;
    const first = rows.find((a) => a.waitlistPosition === 1)!;
    const holderBalance = await ledgerSum(t, holder.parentId);
    const firstBalance = await ledgerSum(t, first.parentId);

    // Within the care period (the factory's care may last only an hour): the place was used.
    t.clock.set(new Date((eventDate.getTime() + expireDate.getTime()) / 2));
    expect(t.clock.now().getTime()).toBeGreaterThan(eventDate.getTime());
    const manager = await authHeader(t.app, w.manager.id);
    const res = await release(id, manager, holder);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.promoted).toMatchObject({ childId: first.childId });

    expect(await ledgerSum(t, holder.parentId)).toBe(holderBalance);
    // Only the charge of the allocation: nothing reversed.
    expect((await ledgerOf(id, holder.childId)).map((e) => e.split(':')[0])).toEqual(['slot']);
    expect(await ledgerSum(t, first.parentId)).toBe(firstBalance);
    expect((await ledgerOf(id, first.childId)).every((e) => e.startsWith('no_slot:'))).toBe(true);
    // The place went on for the rest of the period.
    expect((await rowsOf(id)).find((a) => a.childId === first.childId)).toMatchObject({ hasSlot: true });
    // What the families are shown (read with the world's sessions, at their time) is the ledger.
    t.clock.set(NOW);
    for (const p of [holder.parentId, first.parentId]) expect(await shownCredits(t, w, p)).toBe(await ledgerSum(t, p));
  });

  it('lying never pays: using the place and giving it back late leaves the family where keeping it would', async () => {
    const { id, eventDate } = await closedWithWaitlist();
    const holder = (await rowsOf(id)).find((a) => a.hasSlot)!;
    const kept = await ledgerSum(t, holder.parentId);
    t.clock.set(new Date(eventDate.getTime() + 60_000));
    expect((await release(id, await authHeader(t.app, w.manager.id), holder)).statusCode).toBe(200);
    expect(await ledgerSum(t, holder.parentId)).toBe(kept);
  });

  it('a family that moved up and gives the place back before care begins is treated like any other release', async () => {
    const { id } = await closedWithWaitlist();
    const rows = await rowsOf(id);
    const holder = rows.find((a) => a.hasSlot)!;
    expect((await release(id, w.headers.manager, holder)).statusCode).toBe(200);
    const promoted = (await rowsOf(id)).find((a) => a.promotedAt !== null)!;
    const charged = (await ledgerOf(id, promoted.childId)).find((e) => e.startsWith('promote_slot:'))!;
    const promoteSlot = Number(charged.split(':')[1]);
    expect(promoteSlot).toBeLessThan(0);
    const before = await ledgerSum(t, promoted.parentId);

    expect((await release(id, w.headers.manager, promoted)).statusCode).toBe(200);
    const reverse = cappedAmount(before, -promoteSlot);
    expect(reverse).toBeGreaterThan(0);
    expect(await ledgerOf(id, promoted.childId)).toContain(`release_reverse:${reverse}`);
    expect(await ledgerSum(t, promoted.parentId)).toBe(before + reverse);
    // And the place went on to the next family on the waitlist.
    expect((await rowsOf(id)).filter((a) => a.hasSlot)).toHaveLength(1);
  });
});
