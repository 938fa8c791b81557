import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { createEventViaApi, eventWorld, futureDates, inquiryToken, linkHeader, type EventWorld, NOW, HOUR, DAY } from '../../../test/factories-events.js';
import { auditLog, events, outboxMessages, sessions, tokens } from '../../db/schema.js';

let t: TestContext;
let w: EventWorld;
beforeAll(async () => ({ t, w } = await testAppWith(eventWorld, { now: NOW })));
afterAll(async () => t.close());

const base = () => ({ kitaId: w.home.kita.id, categoryId: w.home.kindergarten.id, totalSlotsKindergarten: 2, description: 'Personalmangel', confirmOverlap: true });
const immediate = () => ({ ...base(), eventType: 'immediate' });
const future = (eventDate: Date, expireDate: Date) => ({
  ...base(), eventType: 'future', ...futureDates(eventDate, expireDate),
});
const put = (id: string, payload: object, headers = w.headers.manager) =>
  t.app.inject({ method: 'PUT', url: `/api/emergency-event/${id}`, headers, payload });
const answer = (id: string, childId: string, preferenceType = 'red') =>
  t.app.inject({ method: 'POST', url: `/api/emergency-event/${id}/preferences`, headers: w.headers.manager, payload: { preferences: [{ childId, preferenceType }] } });

describe('editing an event', () => {
  it('changes description and slots of an open event and audits it', async () => {
    const id = await createEventViaApi(t, w.headers.manager, immediate());
    const res = await put(id, { ...immediate(), description: 'Neu', totalSlotsKindergarten: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ description: 'Neu', totalSlots: 5, eventDate: NOW.toISOString() });
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'update')));
    expect(audits).toHaveLength(1);
  });

  it('changes the category or type only while nobody has answered', async () => {
    // A future inquiry (an immediate one would close as soon as its only Krippe child answered).
    const open = future(new Date(NOW.getTime() - HOUR), new Date(NOW.getTime() + 2 * DAY));
    const id = await createEventViaApi(t, w.headers.manager, open);
    const krippe = { ...open, categoryId: w.home.krippe.id, totalSlotsKrippe: 1 };
    expect((await put(id, krippe)).statusCode).toBe(200);
    // Ben's Krippe child Lina is now eligible; Ben already had this inquiry, so nothing new is sent.
    const msgs = await t.db.select().from(outboxMessages).where(eq(outboxMessages.eventId, id));
    expect(msgs.map((m) => m.parentId)).toEqual(expect.arrayContaining([w.sms.parent.id]));
    expect(new Set(msgs.map((m) => m.parentId)).size).toBe(msgs.length);

    expect((await answer(id, w.kids.smsBaby.id)).statusCode).toBe(200);
    const back = await put(id, open);
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ code: 'EVENT_HAS_ANSWERS' });
    const type = await put(id, { ...krippe, eventType: 'immediate' });
    expect(type.statusCode).toBe(409);
    expect(type.json()).toMatchObject({ code: 'EVENT_HAS_ANSWERS' });
  });

  it('keeps the start date of an open future event but may move its expire date (links follow)', async () => {
    const start = new Date(NOW.getTime() - HOUR);
    const id = await createEventViaApi(t, w.headers.manager, future(start, new Date(NOW.getTime() + DAY)));
    const link = await linkHeader(t, await inquiryToken(t, id, w.mail.parent.id));
    const moved = await put(id, future(new Date(NOW.getTime() + HOUR), new Date(NOW.getTime() + 2 * DAY)));
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('EVENT_ALREADY_OPEN');

    // v2: the deadline and the care days move; links live until the end of the care period.
    const later = new Date(NOW.getTime() + 3 * DAY);
    expect((await put(id, future(start, later))).statusCode).toBe(200);
    const careEnd = Date.parse(futureDates(start, later).expireDate);
    const tok = await t.db.select().from(tokens).where(eq(tokens.eventId, id));
    expect(tok.every((x) => x.expiresAt.getTime() === careEnd)).toBe(true);
    const ses = await t.db.select().from(sessions).where(eq(sessions.eventId, id));
    expect(ses.map((s) => s.expiresAt.getTime())).toEqual([careEnd]);
    expect(link.authorization).toMatch(/^Bearer /);
  });

  it('validates a new date of a scheduled event and opens it when moved to now', async () => {
    const start = new Date(NOW.getTime() + 2 * DAY);
    const id = await createEventViaApi(t, w.headers.manager, future(start, new Date(start.getTime() + DAY)));
    // v2: a care day in the past is refused (a sending time in the past only means "now").
    const past = await put(id, {
      ...future(start, new Date(start.getTime() + DAY)),
      eventDate: new Date(NOW.getTime() - 2 * DAY).toISOString(),
      responseDeadline: new Date(NOW.getTime() - 3 * DAY).toISOString(),
      opensAt: new Date(NOW.getTime() - 4 * DAY).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().details.map((d: { path: string }) => d.path)).toContain('eventDate');

    const res = await put(id, future(new Date(NOW.getTime() - 60_000), new Date(start.getTime() + DAY)));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('open');
    expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.eventId, id))).toHaveLength(2);
  });

  it('refuses to edit a finished event', async () => {
    const id = await createEventViaApi(t, w.headers.manager, immediate());
    t.clock.advance(16 * 60_000);
    try {
      const res = await put(id, { ...immediate(), description: 'zu spät' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'EVENT_FINISHED', message: 'Diese Bedarfsabfrage ist bereits abgelaufen.' });
    } finally {
      t.clock.set(NOW);
    }
  });
});

describe('deleting an event', () => {
  it('deletes an open event with answers and stops its undelivered inquiries', async () => {
    const id = await createEventViaApi(t, w.headers.manager, immediate());
    await answer(id, w.kids.mailKid.id);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/emergency-event/${id}`, headers: w.headers.manager });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(events).where(eq(events.id, id))).toHaveLength(0);
    const orphaned = await t.db.select().from(outboxMessages).where(eq(outboxMessages.lastError, 'cancelled: event deleted'));
    expect(orphaned.length).toBeGreaterThanOrEqual(2);
    expect(orphaned.every((m) => m.status === 'failed')).toBe(true);
  });

  it('keeps a finished event with answers, deletes one without', async () => {
    const withAnswers = await createEventViaApi(t, w.headers.manager, immediate());
    const without = await createEventViaApi(t, w.headers.manager, immediate());
    await answer(withAnswers, w.kids.smsKid.id, 'green');
    await t.db.update(events).set({ status: 'finished' }).where(eq(events.id, withAnswers));
    await t.db.update(events).set({ status: 'finished' }).where(eq(events.id, without));
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/emergency-event/${withAnswers}`, headers: w.headers.admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('EVENT_FINISHED_WITH_ANSWERS');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/emergency-event/${without}`, headers: w.headers.admin })).statusCode).toBe(200);
  });
});

describe('role and scope matrix', () => {
  type Actor = 'admin' | 'manager' | 'otherManager' | 'parent' | 'link' | 'anonymous';
  const actors: Actor[] = ['admin', 'manager', 'otherManager', 'parent', 'link', 'anonymous'];

  it('answers every staff route per role and scope', async () => {
    const id = await createEventViaApi(t, w.headers.manager, immediate());
    const link = await linkHeader(t, await inquiryToken(t, id, w.mail.parent.id));
    const headersOf = (a: Actor): Record<string, string> =>
      a === 'parent' ? w.headers.mail : a === 'link' ? link : a === 'anonymous' ? {} : w.headers[a];
    const outside = { otherManager: 404, parent: 403, link: 403, anonymous: 401 };
    const routes: Array<{ name: string; call: (h: Record<string, string>) => Promise<{ statusCode: number }>; ok: number; otherManager?: number }> = [
      { name: 'list', call: (headers) => t.app.inject({ url: '/api/emergency-event', headers }), ok: 200, otherManager: 200 },
      { name: 'by kita', call: (headers) => t.app.inject({ url: `/api/emergency-event/get-by-kita-id/${w.home.kita.id}`, headers }), ok: 200 },
      { name: 'details', call: (headers) => t.app.inject({ url: `/api/emergency-event/${id}`, headers }), ok: 200 },
      { name: 'create', call: (headers) => t.app.inject({ method: 'POST', url: '/api/emergency-event', headers, payload: immediate() }), ok: 201 },
      { name: 'update', call: (headers) => t.app.inject({ method: 'PUT', url: `/api/emergency-event/${id}`, headers, payload: immediate() }), ok: 200 },
      {
        name: 'record answers',
        call: (headers) =>
          t.app.inject({ method: 'POST', url: `/api/emergency-event/${id}/preferences`, headers, payload: { preferences: [{ childId: w.kids.anonKid.id, preferenceType: 'yellow' }] } }),
        ok: 200,
      },
    ];
    const table: string[] = [];
    for (const route of routes) {
      for (const actor of actors) {
        const expected = actor === 'admin' || actor === 'manager' ? route.ok : actor === 'otherManager' && route.otherManager ? route.otherManager : outside[actor];
        const res = await route.call(headersOf(actor));
        if (res.statusCode !== expected) table.push(`${route.name} as ${actor}: ${res.statusCode} (expected ${expected})`);
      }
    }
    expect(table).toEqual([]);

    const victim = await createEventViaApi(t, w.headers.manager, immediate());
    for (const actor of ['otherManager', 'parent', 'link', 'anonymous'] as const) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/emergency-event/${victim}`, headers: headersOf(actor) });
      expect(res.statusCode, actor).toBe(outside[actor]);
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/emergency-event/${victim}`, headers: w.headers.manager })).statusCode).toBe(200);
  });
});
