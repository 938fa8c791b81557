import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testAppWith, type TestContext } from '../../../test/app.js';
import { testSecretKey } from '../../../test/factories-accounts.js';
import { ddMM, dMMM, zonedParts } from '../../../test/dates.js';
import { createEventViaApi, eventWorld, futureDates, type EventWorld, NOW, HOUR, DAY } from '../../../test/factories-events.js';
import { auditLog, creditLedger, events, outboxMessages, tokens } from '../../db/schema.js';
import { sha256 } from '../../lib/crypto.js';
import { openMessage } from '../../notify/secrets.js';
import { openDueEvents } from './service.js';

let t: TestContext;
let w: EventWorld;
beforeAll(async () => ({ t, w } = await testAppWith(eventWorld, { now: NOW })));
afterAll(async () => t.close());

const immediate = (extra: Record<string, unknown> = {}) => ({
  kitaId: w.home.kita.id,
  categoryId: w.home.kindergarten.id,
  eventType: 'immediate',
  totalSlotsKindergarten: 1,
  description: 'Streik im Kindergarten',
  confirmOverlap: true,
  ...extra,
});
const future = (eventDate: Date, expireDate: Date, extra: Record<string, unknown> = {}) => ({
  ...immediate(),
  eventType: 'future',
  ...futureDates(eventDate, expireDate),
  ...extra,
});
const inquiries = (eventId: string) =>
  t.db.select().from(outboxMessages).where(and(eq(outboxMessages.eventId, eventId), eq(outboxMessages.kind, 'inquiry')));

describe('creating an event', () => {
  it('opens an immediate event at once and sends one inquiry per reachable family', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/emergency-event', headers: w.headers.manager, payload: immediate({ totalSlotsKrippe: 9 }) });
    expect(res.statusCode).toBe(201);
    const e = res.json().data;
    expect(e).toMatchObject({
      kitaName: 'Kita Sonnenschein',
      eventType: 'immediate',
      // v2: care today (until the end of the Kita's day), answers for 15 minutes, sent now.
      eventDate: NOW.toISOString(),
      // The end of the Kita's day: midnight in Berlin, 23:00Z in winter.
      expireDate: new Date(NOW.getTime() + 13 * HOUR).toISOString(),
      responseDeadline: new Date(NOW.getTime() + 15 * 60_000).toISOString(),
      opensAt: NOW.toISOString(),
      category: 'Kindergarten',
      totalSlots: 1,
      totalSlotsKindergarten: 1,
      totalSlotsKrippe: null,
      status: 'open',
      isFinished: false,
      timezone: 'Europe/Berlin',
    });

    const messages = await inquiries(e.eventId);
    // Anna (two children, one message) by e-mail in German, Ben by SMS in English; the anonymous,
    // registered, inactive and foreign families get nothing.
    expect(messages.map((m) => [m.parentId, m.channel, m.language]).sort()).toEqual(
      [
        [w.mail.parent.id, 'email', 'de'],
        [w.sms.parent.id, 'sms', 'en'],
      ].sort(),
    );
    const mail = messages.find((m) => m.channel === 'email')!;
    expect(mail.idempotencyKey).toBe(`inquiry:${e.eventId}:${w.mail.parent.id}`);
    expect(mail.recipient).toBe(w.mail.parent.email);
    expect(mail.bodyText).toContain('Kita Sonnenschein');
    // Stored with a placeholder and the token sealed beside it; the recipient gets the link.
    expect(mail.bodyText).toContain('http://kita.test/p/{{secret}}');
    const raw = openMessage(mail, testSecretKey).bodyText.match(/http:\/\/kita\.test\/p\/([A-Za-z0-9_-]{22,})/)![1]!;
    const [token] = await t.db.select().from(tokens).where(eq(tokens.tokenHash, sha256(raw)));
    expect(token).toMatchObject({ kind: 'preference', parentId: w.mail.parent.id, eventId: e.eventId });
    expect(token!.expiresAt.toISOString()).toBe(e.expireDate);
    expect(messages.find((m) => m.channel === 'sms')!.recipient).toBe('+4917012345678');
    // The care day and the answer deadline, separately, in the Kita's zone (11:15 in Berlin = 10:15Z).
    expect(mail.subject).toBe(`Bedarfsabfrage Notbetreuung am Sa, ${ddMM(NOW)} – Kita Sonnenschein`);
    expect(mail.bodyText).toContain(`Notbetreuung am Sa, ${ddMM(NOW)} ab. Bitte geben Sie bis Sa, ${ddMM(NOW)}, 11:15 Uhr`);
    const sms = messages.find((m) => m.channel === 'sms')!;
    expect(sms.bodyText).toMatch(new RegExp(`^Kita Sonnenschein: emergency care on Sat, ${dMMM(NOW)}, answer by Sat, ${dMMM(NOW)}, 11:15: http`));
    expect(sms.bodyText.length).toBeLessThanOrEqual(160);

    const [row] = await t.db.select().from(events).where(eq(events.id, e.eventId));
    expect(row!.seedHash).toBe(sha256(row!.seed));
    expect(row!.notifiedAt?.toISOString()).toBe(NOW.toISOString());
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, e.eventId), eq(auditLog.action, 'create')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorUserId).toBe(w.manager.id);

    await t.app.outbox.runOnce();
    expect((await inquiries(e.eventId)).map((m) => m.status)).toEqual(['sent', 'sent']);
  });

  it('keeps a future event scheduled until its date, then opens it exactly once', async () => {
    const eventDate = new Date(NOW.getTime() + 2 * DAY);
    const id = await createEventViaApi(t, w.headers.manager, future(eventDate, new Date(eventDate.getTime() + DAY)));
    const [row] = await t.db.select().from(events).where(eq(events.id, id));
    expect(row!.status).toBe('scheduled');
    expect(await inquiries(id)).toHaveLength(0);
    expect(await openDueEvents(t.app)).toBe(0);

    t.clock.set(new Date(eventDate.getTime() + 1000));
    try {
      const [a, b] = await Promise.all([openDueEvents(t.app), openDueEvents(t.app)]);
      expect(a + b).toBe(1);
      expect(await openDueEvents(t.app)).toBe(0);
      expect(await inquiries(id)).toHaveLength(2);
      const [opened] = await t.db.select().from(events).where(eq(events.id, id));
      expect(opened!.status).toBe('open');
    } finally {
      t.clock.set(NOW);
    }
  });

  it('opens a future event at once when its date is earlier today', async () => {
    const id = await createEventViaApi(t, w.headers.manager, future(new Date(NOW.getTime() - HOUR), new Date(NOW.getTime() + DAY)));
    const [row] = await t.db.select().from(events).where(eq(events.id, id));
    expect(row!.status).toBe('open');
    expect(await inquiries(id)).toHaveLength(2);
  });

  it('refuses the date rules with field details in the caller language', async () => {
    const headers = { ...w.headers.manager };
    const past = await t.app.inject({
      method: 'POST', url: '/api/emergency-event', headers,
      payload: { ...immediate(), eventType: 'future', eventDate: new Date(NOW.getTime() - DAY).toISOString(), expireDate: new Date(NOW.getTime() + DAY).toISOString() },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toContainEqual({ path: 'eventDate', message: 'Das Datum darf nicht in der Vergangenheit liegen' });

    // The care period ends after it starts (a one-day strike may end on its own day).
    const short = await t.app.inject({
      method: 'POST', url: '/api/emergency-event', headers,
      payload: { ...immediate(), eventType: 'future', eventDate: new Date(NOW.getTime() + DAY).toISOString(), expireDate: new Date(NOW.getTime() + DAY).toISOString() },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual([{ path: 'expireDate', message: 'Das Ende der Betreuung muss nach ihrem Beginn liegen' }]);

    const missing = await t.app.inject({ method: 'POST', url: '/api/emergency-event', headers, payload: { ...immediate(), eventType: 'future' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.map((d: { path: string }) => d.path).sort()).toEqual(['eventDate', 'expireDate']);

    const far = await t.app.inject({
      method: 'POST', url: '/api/emergency-event', headers,
      // The event year may be at most the current year + 5.
      payload: future(new Date(Date.UTC(zonedParts(NOW).year + 6, 0, 5, 8)), new Date(Date.UTC(zonedParts(NOW).year + 6, 0, 7, 8))),
    });
    expect(far.statusCode).toBe(400);
  });

  it('refuses a category of another Kita', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/emergency-event', headers: w.headers.admin, payload: immediate({ categoryId: w.away.kindergarten.id }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CATEGORY_NOT_IN_KITA');
  });

  it('uses the configured length of an immediate event', async () => {
    const other = await createTestApp({ now: NOW, env: { IMMEDIATE_EVENT_MINUTES: '30' } });
    try {
      const ow = await eventWorld(other);
      const id = await createEventViaApi(other, ow.headers.manager, {
        kitaId: ow.home.kita.id, categoryId: ow.home.krippe.id, eventType: 'immediate', totalSlotsKrippe: 3, totalSlotsKindergarten: 7,
      });
      const res = await other.app.inject({ url: `/api/emergency-event/${id}`, headers: ow.headers.manager });
      expect(res.json().data.eventDetails).toMatchObject({
        // v2: the answers run for the configured minutes; the care period is the rest of today.
        responseDeadline: new Date(NOW.getTime() + 30 * 60_000).toISOString(),
        totalSlots: 3,
        totalSlotsKrippe: 3,
        totalSlotsKindergarten: null,
      });
    } finally {
      await other.close();
    }
  });
});

describe('reading events', () => {
  it('shows the details with threshold, counts, credits and parents without a channel', async () => {
    const id = await createEventViaApi(t, w.headers.manager, immediate({ totalSlotsKindergarten: 1 }));
    await t.db.insert(creditLedger).values([
      { parentId: w.mail.parent.id, amount: 1, reason: 'green' },
      { parentId: w.mail.parent.id, amount: 1, reason: 'no_slot' },
      { parentId: w.mail.parent.id, amount: -1, reason: 'slot' },
    ]);
    const res = await t.app.inject({ url: `/api/emergency-event/${id}?kitaId=${w.home.kita.id}`, headers: w.headers.manager });
    expect(res.statusCode).toBe(200);
    const { eventDetails, children } = res.json().data;
    // Eligible: Mia, Max, Noah (Kindergarten) and Paul (anonymous family); 1 slot -> 3 stay home.
    expect(eventDetails).toMatchObject({
      eligibleCount: 4,
      threshold: 3,
      requiredHomeCare: 3,
      availableSlots: 1,
      greenPreferencesCount: 0,
      counts: { red: 0, yellow: 0, green: 0, blue: 0, unanswered: 4 },
      seed: null,
      ruleVersion: 2,
      parentsWithoutChannel: [{ parentId: w.anon.parent.id, name: 'Anonyme Familie' }],
    });
    expect(eventDetails.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(children.map((c: { childName: string }) => c.childName)).toEqual(['Max', 'Mia', 'Noah', 'Paul']);
    expect(children.find((c: { childName: string }) => c.childName === 'Mia')).toMatchObject({
      parentName: 'Anna Mail', groupName: 'Bären', credit: 1, preferance: [], preferenceType: null, hasSlot: null, eventType: 'immediate',
    });
  });

  it('lists events newest first within the caller scope', async () => {
    const awayId = await createEventViaApi(t, w.headers.otherManager, { ...immediate(), kitaId: w.away.kita.id, categoryId: w.away.kindergarten.id });
    const all = (await t.app.inject({ url: '/api/emergency-event', headers: w.headers.admin })).json().data;
    const mine = (await t.app.inject({ url: '/api/emergency-event', headers: w.headers.manager })).json().data;
    const byKita = (await t.app.inject({ url: `/api/emergency-event/get-by-kita-id/${w.home.kita.id}`, headers: w.headers.manager })).json().data;
    expect(all.map((e: { eventId: string }) => e.eventId)).toContain(awayId);
    expect(mine.map((e: { eventId: string }) => e.eventId)).not.toContain(awayId);
    expect(mine.every((e: { kitaId: string }) => e.kitaId === w.home.kita.id)).toBe(true);
    expect(byKita).toEqual(mine);
    const dates = mine.map((e: { eventDate: string }) => e.eventDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('answers 404 for a Kita filter that does not match the event', async () => {
    const id = await createEventViaApi(t, w.headers.manager, immediate());
    const res = await t.app.inject({ url: `/api/emergency-event/${id}?kitaId=${w.away.kita.id}`, headers: w.headers.admin });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

describe('counting unanswered children', () => {
  it('counts eligible children without an answer', async () => {
    const { countUnanswered } = await import('./queries.js');
    const id = await createEventViaApi(t, w.headers.manager, immediate());
    expect(await countUnanswered(t.db, id)).toBe(4);
    await t.app.inject({
      method: 'POST', url: `/api/emergency-event/${id}/preferences`, headers: w.headers.manager,
      payload: { preferences: [{ childId: w.kids.anonKid.id, preferenceType: 'green' }, { childId: w.kids.mailKid.id, preferenceType: 'red' }] },
    });
    expect(await countUnanswered(t.db, id)).toBe(2);
    const n = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from preferences where event_id = ${id}`);
    expect(Number(n.rows[0]!.n)).toBe(2);
  });
});
