import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { futureDates, NOW } from '../../../test/factories-events.js';
import { closeViaApi, futureEvent, ledgerSum, record, resultsWorld, shownCredits, type ResultsWorld } from '../../../test/factories-results.js';
import { auditLog, creditLedger, outboxMessages } from '../../db/schema.js';
import { creditsDistribution } from '../allocation/histogram.js';

let t: TestContext;
let w: ResultsWorld;
let eventId: string;
beforeAll(async () => {
  ({ t, w } = await testAppWith(resultsWorld, { now: NOW }));
  // Rule version 2: Anna's two red children find no place (+1, then 0 at the ceiling +1), Dora's red
  // child gets the only place of the second event (-2, cut to -1), Ben's yellow books nothing.
  const full = await futureEvent(t, w, 0);
  await record(t, w, full, [
    [w.kids.mailKid.id, 'red'],
    [w.kids.mailKid2.id, 'red'],
  ]);
  await closeViaApi(t, w.headers.manager, full);
  eventId = await futureEvent(t, w, 1);
  await record(t, w, eventId, [
    [w.kids.mailKid.id, 'green'],
    [w.kids.mailKid2.id, 'green'],
    [w.kids.dani.id, 'red'],
    [w.kids.smsKid.id, 'yellow'],
  ]);
  await closeViaApi(t, w.headers.manager, eventId);
  // Two closes: give a busy machine more than the default hook timeout.
}, 180_000);
afterAll(async () => t.close());

const resetMessages = (parentId: string) =>
  t.db.select().from(outboxMessages).where(and(eq(outboxMessages.parentId, parentId), eq(outboxMessages.kind, 'credits_reset')));

describe('DELETE parents/{id}/reset-credits', () => {
  it('books one entry that brings the balance to 0, audits it and tells the parent', async () => {
    expect(await ledgerSum(t, w.mail.parent.id)).toBe(1);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/parents/${w.mail.parent.id}/reset-credits`, headers: w.headers.manager });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ parentId: w.mail.parent.id, credits: 0, name: 'Anna Mail' });
    expect(await ledgerSum(t, w.mail.parent.id)).toBe(0);
    expect(await shownCredits(t, w, w.mail.parent.id)).toBe(0);
    const entries = await t.db.select().from(creditLedger).where(and(eq(creditLedger.parentId, w.mail.parent.id), isNull(creditLedger.eventId)));
    expect(entries).toEqual([expect.objectContaining({ amount: -1, reason: 'reset', createdBy: w.manager.id, childId: null })]);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'reset_credits'), eq(auditLog.entityId, w.mail.parent.id)));
    expect(entry).toMatchObject({ actorUserId: w.manager.id, entity: 'parent', kitaId: w.home.kita.id, details: { from: 1, amount: -1 } });
    const messages = await resetMessages(w.mail.parent.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ channel: 'email', recipient: w.mail.parent.email, language: 'de' });
    expect(messages[0]!.bodyText).toContain('Kita Sonnenschein');

    // A second reset at 0 books nothing more but is still recorded and told.
    const again = await t.app.inject({ method: 'DELETE', url: `/api/parents/${w.mail.parent.id}/reset-credits`, headers: w.headers.admin });
    expect(again.json().data.credits).toBe(0);
    expect(await t.db.select().from(creditLedger).where(and(eq(creditLedger.parentId, w.mail.parent.id), isNull(creditLedger.eventId)))).toHaveLength(1);
    expect(await resetMessages(w.mail.parent.id)).toHaveLength(2);
  });

  it('resets a negative balance upwards, by SMS in English for Ben', async () => {
    // Dora: red, got the only slot (-2 under rule version 2, cut to the floor -1).
    expect(await ledgerSum(t, w.dora.parent.id)).toBe(-1);
    await t.app.inject({ method: 'DELETE', url: `/api/parents/${w.dora.parent.id}/reset-credits`, headers: w.headers.manager });
    expect(await ledgerSum(t, w.dora.parent.id)).toBe(0);
    await t.app.inject({ method: 'DELETE', url: `/api/parents/${w.sms.parent.id}/reset-credits`, headers: w.headers.manager });
    const [sms] = await resetMessages(w.sms.parent.id);
    expect(sms).toMatchObject({ channel: 'sms', language: 'en', recipient: '+4917012345678' });
  });

  it('answers 404 for an unknown parent', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/parents/${w.kids.dani.id}/reset-credits`, headers: w.headers.admin });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET parents/{id}/credits-distribution', () => {
  it('buckets the balances of the approved parents of the Kita and marks only the own bucket', async () => {
    // Balances now: Anna 0, Ben 0, Dora 0, Carla 0, anonymous 0, inactive 0; give a spread.
    const book = (parentId: string, amount: number) => t.db.insert(creditLedger).values({ parentId, amount, reason: 'reset' });
    await book(w.sms.parent.id, 5);
    await book(w.carla.parent.id, -1);
    await book(w.dora.parent.id, 2);
    // Not counted: a pending registration and a family of another Kita.
    await book(w.pending.parent.id, 40);
    await book(w.foreign.parent.id, -30);

    const res = await t.app.inject({ url: `/api/parents/${w.sms.parent.id}/credits-distribution`, headers: w.headers.sms });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    // Approved in the home Kita: Anna 0, Ben 5, anonymous 0, inactive 0, Carla -1, Dora 2.
    expect(data).toEqual(creditsDistribution([0, 5, 0, 0, -1, 2], 5));
    expect(data.yourParentName).toBe('5-5');
    expect(data.pieData.find((b: { name: string }) => b.name === '0-0').value).toBe(3);
    expect(data.pieData.reduce((sum: number, b: { value: number }) => sum + b.value, 0)).toBe(6);
    // Counts only: no other family's identity leaves the server.
    expect(Object.keys(data).sort()).toEqual(['pieData', 'yourParentName']);
    for (const p of [w.mail.parent, w.carla.parent, w.dora.parent]) {
      expect(res.body).not.toContain(p.id);
      expect(res.body).not.toContain(p.name);
    }

    const forStaff = (await t.app.inject({ url: `/api/parents/${w.carla.parent.id}/credits-distribution`, headers: w.headers.manager })).json().data;
    expect(forStaff.yourParentName).toBe('-1--1');
  });
});

describe('GET parents/{id}/children/preferences', () => {
  it('lists every child of the parent with the answers, slot and release flag', async () => {
    const res = await t.app.inject({ url: `/api/parents/${w.mail.parent.id}/children/preferences`, headers: w.headers.mail });
    expect(res.statusCode).toBe(200);
    const cards = res.json().data;
    expect(cards.map((c: { childName: string }) => c.childName)).toEqual(['Max', 'Mia']);
    expect(cards[0]).toMatchObject({ categoryName: 'Kindergarten', kitaName: 'Kita Sonnenschein', timezone: 'Europe/Berlin' });
    // Two answers: the red one of the full event (setup) and the green one of `eventId`.
    expect(cards[0].preferences).toHaveLength(2);
    const dates = futureDates(NOW, new Date(NOW.getTime() + 2 * 24 * 3600_000));
    expect(cards[0].preferences.find((p: { eventId: string }) => p.eventId === eventId)).toEqual({
      preferenceId: expect.any(String),
      childId: w.kids.mailKid2.id,
      eventId,
      eventDate: dates.eventDate,
      expireDate: dates.expireDate,
      responseDeadline: dates.responseDeadline,
      timezone: 'Europe/Berlin',
      eventType: 'future',
      preferenceType: 'green',
      hasSlot: 'NEIN',
      released: false,
      isFinished: true,
      canRelease: false,
      // No place: nothing to put into a calendar.
      calendarLink: null,
    });
    // Ben's Krippe child has no answer: its card is there, empty.
    const ben = (await t.app.inject({ url: `/api/parents/${w.sms.parent.id}/children/preferences`, headers: w.headers.manager })).json().data;
    expect(ben.find((c: { childName: string }) => c.childName === 'Lina')).toMatchObject({ categoryName: 'Krippe', preferences: [] });
    // Dora holds the slot of a future event before its expireDate: she may release it.
    const dora = (await t.app.inject({ url: `/api/parents/${w.dora.parent.id}/children/preferences`, headers: w.headers.dora })).json().data;
    expect(dora[0].preferences[0]).toMatchObject({ preferenceType: 'red', hasSlot: 'JA', canRelease: true, calendarLink: expect.stringMatching(/^\/api\/c\/[\w-]{44}$/) });
  });

  it('shows an answer of an open event with slot unknown', async () => {
    const open = await futureEvent(t, w, 1);
    await record(t, w, open, [[w.kids.ulla.id, 'yellow']]);
    const cards = (await t.app.inject({ url: `/api/parents/${w.carla.parent.id}/children/preferences`, headers: w.headers.carla })).json().data;
    expect(cards[0].preferences[0]).toMatchObject({ eventId: open, hasSlot: null, isFinished: false, canRelease: false });
  });
});
