import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { createEventViaApi, eventWorld, futureDates, inquiryToken, linkHeader, type EventWorld, NOW, DAY } from '../../../test/factories-events.js';
import { auditLog, events, preferences } from '../../db/schema.js';

let t: TestContext;
let w: EventWorld;
let eventId: string;
let token: string;
let link: Record<string, string>;
beforeAll(async () => {
  ({ t, w } = await testAppWith(eventWorld, { now: NOW }));
  eventId = await createEventViaApi(t, w.headers.manager, {
    kitaId: w.home.kita.id, categoryId: w.home.kindergarten.id, eventType: 'immediate', totalSlotsKindergarten: 1,
  });
  token = await inquiryToken(t, eventId, w.mail.parent.id);
  link = await linkHeader(t, token);
});
afterAll(async () => t.close());

const verify = (q: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: `/api/auth/verify-token${q}`, headers });
const view = (headers: Record<string, string>, ev = eventId, parentId = w.mail.parent.id) =>
  t.app.inject({ url: `/api/auth/${ev}/parents/${parentId}`, headers });
const save = (headers: Record<string, string>, prefs: Array<{ childId: string; preferenceType: string }>, ev = eventId) =>
  t.app.inject({ method: 'POST', url: '/api/preference', headers, payload: { eventId: ev, preferences: prefs } });
const stored = (ev: string) => t.db.select().from(preferences).where(eq(preferences.eventId, ev));
async function withClock<T>(at: Date, fn: () => Promise<T>): Promise<T> {
  t.clock.set(at);
  try {
    return await fn();
  } finally {
    t.clock.set(NOW);
  }
}
const afterExpiry = new Date(NOW.getTime() + 16 * 60_000);

describe('verify-token', () => {
  it('exchanges a link token for a link session, any number of times', async () => {
    const a = await verify(`?token=${token}`);
    const b = await verify(`?token=${token}`);
    expect(a.statusCode).toBe(200);
    expect(a.json().data).toMatchObject({ eventId, parentId: w.mail.parent.id, token: expect.any(String) });
    expect(b.statusCode).toBe(200);
  });

  it('names a missing and an invalid token with the texts of docs/wire.md "Errors"', async () => {
    const missing = await verify('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'TOKEN_MISSING', message: 'Token fehlt oder ist ungültig.' });
    const invalid = await verify('?token=not-a-real-token', { 'accept-language': 'en' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 'TOKEN_INVALID', message: 'Invalid or expired activation link.' });
  });

  it('refuses the link once the event has expired', async () => {
    const res = await withClock(afterExpiry, () => verify(`?token=${token}`, { 'accept-language': 'en' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EVENT_FINISHED', message: 'This demand inquiry has already expired.' });
  });
});

describe('the parent view of an event', () => {
  it('shows the event and the family eligible children to the link holder', async () => {
    const res = await view(link);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.event).toMatchObject({
      eventId, kitaName: 'Kita Sonnenschein', kitaDescription: 'Test-Kita', eventType: 'immediate',
      eventDate: NOW.toISOString(), threshold: 3, isFinished: false, faqUrl: 'http://kita.test/help',
    });
    expect(data.parent).toEqual({ parentId: w.mail.parent.id, name: 'Anna Mail', language: 'de' });
    expect(data.children.map((c: { childName: string }) => c.childName)).toEqual(['Max', 'Mia']);
    expect(data.children[0]).toMatchObject({ groupName: 'Bären', categoryName: 'Kindergarten', preferenceType: null, preferenceId: null });
  });

  it('is reachable only by that link or the parent themself', async () => {
    const other = await createEventViaApi(t, w.headers.manager, {
      kitaId: w.home.kita.id, categoryId: w.home.kindergarten.id, eventType: 'immediate',
    });
    expect((await view(w.headers.mail)).statusCode).toBe(200);
    expect((await view(link, eventId, w.sms.parent.id)).statusCode).toBe(404);
    expect((await view(link, other)).statusCode).toBe(404);
    expect((await view(w.headers.sms)).statusCode).toBe(404);
    expect((await view(w.headers.foreign)).statusCode).toBe(404);
    // Staff have no parent view: 403 like any route their role may not use.
    expect((await view(w.headers.manager)).statusCode).toBe(403);
    expect((await view(w.headers.admin)).statusCode).toBe(403);
    expect((await view({})).statusCode).toBe(401);
  });

  it('closes the link after the event, while the parent still sees it finished', async () => {
    const byLink = await withClock(afterExpiry, () => view(link));
    // The JWT of the link session expires with the event as well.
    expect([401, 409]).toContain(byLink.statusCode);
    await t.db.update(events).set({ status: 'finished' }).where(eq(events.id, eventId));
    try {
      // After the close the link shows the finished inquiry with its result (the result
      // itself: delivery/family-messages.test.ts); answers are refused.
      const closed = await view(link);
      expect(closed.statusCode).toBe(200);
      expect(closed.json().data.event.isFinished).toBe(true);
      const own = await view(w.headers.mail);
      expect(own.statusCode).toBe(200);
      expect(own.json().data.event.isFinished).toBe(true);
    } finally {
      await t.db.update(events).set({ status: 'open' }).where(eq(events.id, eventId));
    }
  });
});

describe('answering', () => {
  it('saves at once and changes the answer in place', async () => {
    const first = await save(link, [{ childId: w.kids.mailKid.id, preferenceType: 'red' }]);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual([
      { preferenceId: expect.any(String), eventId, childId: w.kids.mailKid.id, childName: 'Mia', preferenceType: 'red' },
    ]);
    const second = await save(link, [
      { childId: w.kids.mailKid.id, preferenceType: 'green' },
      { childId: w.kids.mailKid2.id, preferenceType: 'blue' },
    ]);
    expect(second.statusCode).toBe(200);
    const rows = (await stored(eventId)).filter((p) => p.parentId === w.mail.parent.id);
    expect(rows.map((r) => [r.childId, r.preferenceType, r.recordedBy]).sort()).toEqual(
      [
        [w.kids.mailKid.id, 'green', null],
        [w.kids.mailKid2.id, 'blue', null],
      ].sort(),
    );
    expect((await view(link)).json().data.children.find((c: { childName: string }) => c.childName === 'Mia').preferenceType).toBe('green');
  });

  it('accepts only the caller own eligible children', async () => {
    const foreignChild = await save(link, [{ childId: w.kids.smsKid.id, preferenceType: 'red' }]);
    expect(foreignChild.statusCode).toBe(400);
    expect(foreignChild.json().code).toBe('CHILD_NOT_ELIGIBLE');
    // Ben's Krippe child is not part of a Kindergarten inquiry.
    const smsLink = await linkHeader(t, await inquiryToken(t, eventId, w.sms.parent.id));
    const notEligible = await save(smsLink, [{ childId: w.kids.smsBaby.id, preferenceType: 'red' }]);
    expect(notEligible.statusCode).toBe(400);
    expect((await save(smsLink, [{ childId: w.kids.smsKid.id, preferenceType: 'yellow' }])).statusCode).toBe(200);
    const otherEvent = await createEventViaApi(t, w.headers.manager, { kitaId: w.home.kita.id, categoryId: w.home.kindergarten.id, eventType: 'immediate' });
    expect((await save(link, [{ childId: w.kids.mailKid.id, preferenceType: 'red' }], otherEvent)).statusCode).toBe(404);
  });

  it('offers blue only for immediate events', async () => {
    const start = new Date(NOW.getTime() - 60_000);
    const futureId = await createEventViaApi(t, w.headers.manager, {
      kitaId: w.home.kita.id, categoryId: w.home.kindergarten.id, eventType: 'future',
      ...futureDates(start, new Date(start.getTime() + 2 * DAY)),
    });
    const res = await save(w.headers.mail, [{ childId: w.kids.mailKid.id, preferenceType: 'blue' }], futureId);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BLUE_ONLY_IMMEDIATE');
    expect((await save(w.headers.mail, [{ childId: w.kids.mailKid.id, preferenceType: 'yellow' }], futureId)).statusCode).toBe(200);
  });

  it('refuses answers after the event finished, and from the wrong callers', async () => {
    // The message comes in the language the client asks for (else the account's, else German).
    const late = await withClock(afterExpiry, () => save({ ...w.headers.mail, 'accept-language': 'en' }, [{ childId: w.kids.mailKid.id, preferenceType: 'red' }]));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This demand inquiry has already expired.');
    const lateDe = await withClock(afterExpiry, () => save(w.headers.mail, [{ childId: w.kids.mailKid.id, preferenceType: 'red' }]));
    expect(lateDe.json().message).toBe('Diese Bedarfsabfrage ist bereits abgelaufen.');
    await t.db.update(events).set({ status: 'finished' }).where(eq(events.id, eventId));
    try {
      const closed = await save({ ...link, 'accept-language': 'en' }, [{ childId: w.kids.mailKid.id, preferenceType: 'red' }]);
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe('This demand inquiry has already expired.');
    } finally {
      await t.db.update(events).set({ status: 'open' }).where(eq(events.id, eventId));
    }
    expect((await save(w.headers.manager, [{ childId: w.kids.mailKid.id, preferenceType: 'red' }])).statusCode).toBe(403);
    expect((await save({}, [{ childId: w.kids.mailKid.id, preferenceType: 'red' }])).statusCode).toBe(401);
    const bad = await save(link, [{ childId: w.kids.mailKid.id, preferenceType: 'purple' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('lets staff record an answer, marked and audited, which the parent may overwrite', async () => {
    // A fresh inquiry where Max and Noah stay unanswered, so it stays open (it would close once all answered).
    const ev = await createEventViaApi(t, w.headers.manager, { kitaId: w.home.kita.id, categoryId: w.home.kindergarten.id, eventType: 'immediate' });
    const record = (childId: string, preferenceType: string) =>
      t.app.inject({ method: 'POST', url: `/api/emergency-event/${ev}/preferences`, headers: w.headers.manager, payload: { preferences: [{ childId, preferenceType }] } });
    const res = await t.app.inject({
      method: 'POST', url: `/api/emergency-event/${ev}/preferences`, headers: w.headers.manager,
      payload: { preferences: [{ childId: w.kids.anonKid.id, preferenceType: 'red' }, { childId: w.kids.mailKid.id, preferenceType: 'yellow' }] },
    });
    expect(res.statusCode).toBe(200);
    const details = (await t.app.inject({ url: `/api/emergency-event/${ev}`, headers: w.headers.manager })).json().data;
    const paul = details.children.find((c: { childName: string }) => c.childName === 'Paul');
    expect(paul.preferance).toEqual([
      { preferenceId: expect.any(String), preferenceType: 'red', recordedBy: { userId: w.manager.id, name: 'Test Manager' }, updatedAt: NOW.toISOString() },
    ]);
    expect(details.eventDetails.counts).toMatchObject({ red: 1, yellow: 1, unanswered: 2 });
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, ev), eq(auditLog.action, 'record_answers')));
    expect(audits).toHaveLength(1);

    const overwrite = await save(w.headers.mail, [{ childId: w.kids.mailKid.id, preferenceType: 'green' }], ev);
    expect(overwrite.statusCode, overwrite.body).toBe(200);
    const [mia] = (await stored(ev)).filter((p) => p.childId === w.kids.mailKid.id);
    expect(mia).toMatchObject({ preferenceType: 'green', recordedBy: null });

    expect((await record(w.kids.foreignKid.id, 'red')).statusCode).toBe(400);
    expect((await record(w.kids.smsBaby.id, 'red')).statusCode).toBe(400);
  });
});
