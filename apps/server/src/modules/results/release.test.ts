import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { NOW, DAY } from '../../../test/factories-events.js';
import {
  closeViaApi,
  futureEvent,
  immediateEvent,
  ledgerSum,
  record,
  resultsWorld,
  shownCredits,
  type ResultsWorld,
} from '../../../test/factories-results.js';
import { authHeader } from '../../../test/factories.js';
import { allocations, creditLedger, events, outboxMessages } from '../../db/schema.js';
import { cappedAmount } from '../allocation/allocate.js';

let t: TestContext;
let w: ResultsWorld;
beforeAll(async () => ({ t, w } = await testAppWith(resultsWorld, { now: NOW })));
afterAll(async () => t.close());

type Alloc = typeof allocations.$inferSelect;
const rowsOf = (eventId: string) => t.db.select().from(allocations).where(eq(allocations.eventId, eventId));
const release = (eventId: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/release-slot`, headers, payload });
const payloadOf = (a: Alloc) => ({ childId: a.childId, preferenceId: a.preferenceId, parentId: a.parentId });

/** Bearer header of the parent user owning `parentId` in the world. */
function parentHeader(parentId: string): Record<string, string> {
  const byParent: Record<string, Record<string, string>> = {
    [w.mail.parent.id]: w.headers.mail,
    [w.sms.parent.id]: w.headers.sms,
    [w.carla.parent.id]: w.headers.carla,
    [w.dora.parent.id]: w.headers.dora,
  };
  return byParent[parentId]!;
}

async function assertLedgersMatchCredits() {
  for (const p of [w.mail.parent, w.sms.parent, w.carla.parent, w.dora.parent, w.anon.parent]) {
    expect(await shownCredits(t, w, p.id)).toBe(await ledgerSum(t, p.id));
  }
}

describe('releasing a slot', () => {
  it('moves the slot to the first child on the waitlist and books both families', async () => {
    const k = w.kids;
    const id = await futureEvent(t, w, 1);
    await record(t, w, id, [
      [k.mailKid.id, 'red'],
      [k.ulla.id, 'red'],
      [k.smsKid.id, 'yellow'],
      [k.mailKid2.id, 'green'],
      [k.anonKid.id, 'green'],
      [k.dani.id, 'green'],
    ]);
    await closeViaApi(t, w.headers.manager, id);
    const before = await rowsOf(id);
    const holder = before.find((a) => a.hasSlot)!;
    const first = before.find((a) => a.waitlistPosition === 1)!;
    const second = before.find((a) => a.waitlistPosition === 2)!;
    expect(second.childId).toBe(k.smsKid.id);
    const holderBalance = await ledgerSum(t, holder.parentId);
    const firstBalance = await ledgerSum(t, first.parentId);

    // The parent sees the release button in the history first.
    const history = (await t.app.inject({ url: `/api/parents/${holder.parentId}/children/preferences`, headers: parentHeader(holder.parentId) })).json().data;
    const entry = history.flatMap((c: { preferences: Array<{ eventId: string; childId: string }> }) => c.preferences).find(
      (p: { eventId: string; childId: string }) => p.eventId === id && p.childId === holder.childId,
    );
    expect(entry).toMatchObject({ hasSlot: 'JA', canRelease: true, eventType: 'future', preferenceId: holder.preferenceId, released: false });
    // Dates are shown in the Kita's zone, so the history names it.
    expect(history[0].timezone).toBe('Europe/Berlin');

    const res = await release(id, parentHeader(holder.parentId), payloadOf(holder));
    expect(res.statusCode).toBe(200);
    const childName = first.childId === k.mailKid.id ? 'Mia' : 'Ülla Müller';
    // The parent is not told which family moved up (the rows below show that it happened).
    expect(res.json().data).toEqual({ eventId: id, childId: holder.childId, hasSlot: 'NEIN', promoted: null });

    const after = await rowsOf(id);
    const released = after.find((a) => a.childId === holder.childId)!;
    const promoted = after.find((a) => a.childId === first.childId)!;
    expect(released).toMatchObject({ hasSlot: false });
    expect(released.releasedAt!.toISOString()).toBe(NOW.toISOString());
    // The history says "given back", not a plain "no".
    const historyAfter = (await t.app.inject({ url: `/api/parents/${holder.parentId}/children/preferences`, headers: parentHeader(holder.parentId) })).json().data;
    const entryAfter = historyAfter
      .flatMap((c: { preferences: Array<{ eventId: string; childId: string }> }) => c.preferences)
      .find((p: { eventId: string; childId: string }) => p.eventId === id && p.childId === holder.childId);
    expect(entryAfter).toMatchObject({ hasSlot: 'NEIN', released: true, canRelease: false });
    expect(promoted).toMatchObject({ hasSlot: true, waitlistPosition: 1 });
    expect(promoted.promotedAt).not.toBeNull();
    expect(after.filter((a) => a.hasSlot)).toHaveLength(1);

    // Rule version 2: released, the booked slot amount is reversed; moved up, the booked +1 is
    // reversed and the slot booked (-2), each within [-1, +1]. (Version 1 booked +2 / -2 flat.)
    const reasons = await t.db.select({ reason: creditLedger.reason, amount: creditLedger.amount, childId: creditLedger.childId }).from(creditLedger).where(eq(creditLedger.eventId, id));
    const amountOf = (childId: string, reason: string) => reasons.find((r) => r.childId === childId && r.reason === reason)?.amount;
    const slotBooked = amountOf(holder.childId, 'slot')!;
    expect(slotBooked).toBe(cappedAmount(holderBalance - slotBooked, -2));
    const reverse = cappedAmount(holderBalance, -slotBooked);
    expect(reasons.filter((r) => r.childId === holder.childId).map((r) => `${r.reason}:${r.amount}`).sort()).toEqual([`release_reverse:${reverse}`, `slot:${slotBooked}`]);
    expect(await ledgerSum(t, holder.parentId)).toBe(holderBalance + reverse);
    const missBooked = amountOf(first.childId, 'no_slot')!;
    const promoteReverse = cappedAmount(firstBalance, -missBooked);
    const promoteSlot = cappedAmount(firstBalance + promoteReverse, -2);
    expect(reasons.filter((r) => r.childId === first.childId).map((r) => `${r.reason}:${r.amount}`).sort()).toEqual(
      [`no_slot:${missBooked}`, `promote_reverse:${promoteReverse}`, `promote_slot:${promoteSlot}`].sort(),
    );
    expect(await ledgerSum(t, first.parentId)).toBe(firstBalance + promoteReverse + promoteSlot);
    await assertLedgersMatchCredits();

    // The family that moved up is told, once.
    const offered = await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.eventId, id), eq(outboxMessages.kind, 'slot_offered')));
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatchObject({ parentId: first.parentId, idempotencyKey: `slot_offered:${id}:${first.childId}` });
    expect(offered[0]!.bodyText).toContain(childName);

    // The event details show it: the released slot and the move up, with reasons.
    const details = (await t.app.inject({ url: `/api/emergency-event/${id}`, headers: w.headers.manager })).json().data;
    const rowOf = (childId: string) => details.children.find((c: { childId: string }) => c.childId === childId);
    expect(rowOf(holder.childId)).toMatchObject({ hasSlot: 'NEIN', reasonCode: 'released' });
    expect(rowOf(first.childId)).toMatchObject({ hasSlot: 'JA', reasonCode: 'promoted' });

    // Releasing again: the child has no slot any more.
    const again = await release(id, parentHeader(holder.parentId), payloadOf(holder));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('RELEASE_NO_SLOT');

    // The manager releases the promoted slot from the event details: the yellow child moves up.
    const byManager = await release(id, w.headers.manager, payloadOf(promoted));
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json().data.promoted).toMatchObject({ childId: k.smsKid.id, parentId: w.sms.parent.id });
    // Nobody waits any more: the slot stays free.
    const noah = (await rowsOf(id)).find((a) => a.childId === k.smsKid.id)!;
    const last = await release(id, w.headers.sms, payloadOf(noah));
    expect(last.statusCode).toBe(200);
    expect(last.json().data.promoted).toBeNull();
    expect((await rowsOf(id)).filter((a) => a.hasSlot)).toHaveLength(0);
    await assertLedgersMatchCredits();

    // The family whose place the manager gave back is told ("place given back"); the
    // families that gave theirs back themselves are not.
    const givenBack = await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.eventId, id), eq(outboxMessages.kind, 'slot_released')));
    expect(givenBack.map((m) => [m.parentId, m.idempotencyKey])).toEqual([[promoted.parentId, `slot_released:${id}:${promoted.childId}`]]);
  });

  it('books a release of an event closed under rule version 1 by version 1 (the -1 reversed, +1 as if green)', async () => {
    const k = w.kids;
    const id = await futureEvent(t, w, 1);
    await record(t, w, id, [
      [k.mailKid.id, 'red'],
      [k.ulla.id, 'red'],
    ]);
    await closeViaApi(t, w.headers.manager, id);
    // An event closed before the upgrade: its row says version 1 (the migration keeps that).
    await t.db.update(events).set({ ruleVersion: 1 }).where(eq(events.id, id));
    const holder = (await rowsOf(id)).find((a) => a.hasSlot)!;
    const first = (await rowsOf(id)).find((a) => a.waitlistPosition === 1)!;
    const holderBalance = await ledgerSum(t, holder.parentId);
    const firstBalance = await ledgerSum(t, first.parentId);
    expect((await release(id, parentHeader(holder.parentId), payloadOf(holder))).statusCode).toBe(200);
    const reasons = await t.db.select({ reason: creditLedger.reason, amount: creditLedger.amount, childId: creditLedger.childId }).from(creditLedger).where(eq(creditLedger.eventId, id));
    const of = (childId: string) => reasons.filter((r) => r.childId === childId && r.reason !== 'slot' && r.reason !== 'no_slot').map((r) => `${r.reason}:${r.amount}`).sort();
    expect(of(holder.childId)).toEqual(['release_green:1', 'release_reverse:1']);
    expect(of(first.childId)).toEqual(['promote_reverse:-1', 'promote_slot:-1']);
    expect(await ledgerSum(t, holder.parentId)).toBe(holderBalance + 2);
    expect(await ledgerSum(t, first.parentId)).toBe(firstBalance - 2);
    await assertLedgersMatchCredits();
  });

  it('never gives one slot twice when two slots are released at the same time', async () => {
    const k = w.kids;
    const id = await futureEvent(t, w, 2);
    await record(t, w, id, [
      [k.mailKid.id, 'red'],
      [k.ulla.id, 'red'],
      [k.smsKid.id, 'red'],
      [k.dani.id, 'red'],
    ]);
    await closeViaApi(t, w.headers.manager, id);
    const before = await rowsOf(id);
    const holders = before.filter((a) => a.hasSlot);
    const waiting = before.filter((a) => a.waitlistPosition !== null).map((a) => a.childId).sort();
    expect(holders).toHaveLength(2);
    expect(waiting).toHaveLength(2);
    const [a, b] = await Promise.all(holders.map((h) => release(id, w.headers.manager, payloadOf(h))));
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect([a!.json().data.promoted.childId, b!.json().data.promoted.childId].sort()).toEqual(waiting);
    const after = await rowsOf(id);
    expect(after.filter((x) => x.hasSlot).map((x) => x.childId).sort()).toEqual(waiting);
    await assertLedgersMatchCredits();
  });
});

describe('release refusals', () => {
  it('asks for the missing data with the spec text, in the caller language', async () => {
    const id = await futureEvent(t, w, 1);
    const de = await release(id, w.headers.manager, { childId: w.kids.mailKid.id });
    expect(de.statusCode).toBe(400);
    expect(de.json()).toMatchObject({ code: 'RELEASE_MISSING_DATA', message: 'Fehlende Daten zum Freigeben des Platzes' });
    const en = await release(id, w.headers.carla, { childId: w.kids.ulla.id, preferenceId: '', parentId: w.carla.parent.id });
    expect(en.json()).toMatchObject({ code: 'RELEASE_MISSING_DATA', message: 'Missing required data to release slot' });
    const bad = await release(id, w.headers.carla, { childId: 'x', preferenceId: 'y', parentId: w.carla.parent.id });
    expect(bad.statusCode).toBe(400);
    await closeViaApi(t, w.headers.manager, id);
  });

  it('refuses before the allocation, for immediate events, without a slot and for another family', async () => {
    const k = w.kids;
    const open = await futureEvent(t, w, 1);
    await record(t, w, open, [
      [k.dani.id, 'red'],
      [k.mailKid2.id, 'green'],
    ]);
    const pref = (await t.app.inject({ url: `/api/emergency-event/${open}`, headers: w.headers.manager })).json().data.children.find(
      (c: { childId: string }) => c.childId === k.dani.id,
    ).preferenceId;
    const notYet = await release(open, w.headers.dora, { childId: k.dani.id, preferenceId: pref, parentId: w.dora.parent.id });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().code).toBe('RELEASE_NOT_FINISHED');
    await closeViaApi(t, w.headers.manager, open);
    const dani = (await rowsOf(open)).find((a) => a.childId === k.dani.id)!;
    expect(dani.hasSlot).toBe(true);

    // Another parent, with the real ids or with their own parentId: as if it did not exist.
    const foreign = await release(open, w.headers.carla, payloadOf(dani));
    expect(foreign.statusCode).toBe(404);
    const spoofed = await release(open, w.headers.carla, { ...payloadOf(dani), parentId: w.carla.parent.id });
    expect(spoofed.statusCode).toBe(404);
    expect(spoofed.json().code).toBe('RELEASE_NOT_FOUND');
    // A wrong preference id does not match the allocation.
    const wrongPref = await release(open, w.headers.dora, { ...payloadOf(dani), preferenceId: w.kids.dani.id });
    expect(wrongPref.statusCode).toBe(404);
    // A child without a slot (answered green).
    const max = (await rowsOf(open)).find((a) => a.childId === k.mailKid2.id)!;
    const noSlot = await release(open, w.headers.mail, payloadOf(max));
    expect(noSlot.statusCode).toBe(409);
    expect(noSlot.json()).toMatchObject({ code: 'RELEASE_NO_SLOT', message: 'Platz konnte nicht freigegeben werden: Das Kind hat keinen Platz (mehr).' });

    const now = await immediateEvent(t, w, 2);
    await record(t, w, now, [[k.ulla.id, 'red']]);
    await closeViaApi(t, w.headers.manager, now);
    const ulla = (await rowsOf(now)).find((a) => a.childId === k.ulla.id)!;
    expect(ulla.hasSlot).toBe(true);
    const immediate = await release(now, w.headers.carla, payloadOf(ulla));
    expect(immediate.statusCode).toBe(409);
    expect(immediate.json()).toMatchObject({ code: 'RELEASE_IMMEDIATE', message: 'Failed to release slot: only places of future demand inquiries can be released.' });
    expect((await rowsOf(now)).find((a) => a.childId === k.ulla.id)!.hasSlot).toBe(true);
  });

  it('refuses once the expireDate has passed', async () => {
    const id = await futureEvent(t, w, 1);
    await record(t, w, id, [[w.kids.dani.id, 'red']]);
    await closeViaApi(t, w.headers.manager, id);
    const dani = (await rowsOf(id)).find((a) => a.childId === w.kids.dani.id)!;
    // v2: the care period of futureEvent ends 3.5 days after sending (deadline + 12 h + 1 day).
    t.clock.advance(4 * DAY);
    // Sessions last 12 hours: log in again after the jump.
    const dora = await authHeader(t.app, w.dora.user!.id);
    const late = await release(id, dora, payloadOf(dani));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'RELEASE_EXPIRED' });
    const history = (await t.app.inject({ url: `/api/parents/${w.dora.parent.id}/children/preferences`, headers: dora })).json().data;
    const entry = history[0].preferences.find((p: { eventId: string }) => p.eventId === id);
    expect(entry).toMatchObject({ hasSlot: 'JA', canRelease: false, isFinished: true });
  });
});
