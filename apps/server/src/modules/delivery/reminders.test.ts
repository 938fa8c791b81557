import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDelivery } from '@kita/shared';
import { kitas, outboxMessages } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { authHeader, createChild, createKita, createParent, createStaff } from '../../../test/factories.js';
import { nextZonedWeekday } from '../../../test/dates.js';
import { reminderDueAt } from '../events/deadline.js';
import { sendDueReminders } from './service.js';

/**
 * Reminders with the injectable clock: one per event, half-way through the answer window but no
 * earlier than 2 hours before the deadline; never to families that answered; none after close;
 * off per Kita. The dev mailbox simulates delivery (README), so its states are checked here too.
 */

// 08:00 in Berlin on a Monday in winter time (07:00Z), a week or more after the real now (test/dates.ts).
const T0 = nextZonedWeekday(1, '08:00');
const MIN = 60_000;
const iso = (ms: number) => new Date(T0.getTime() + ms).toISOString();
let t: TestContext;
let manager: Record<string, string>;
let home: Awaited<ReturnType<typeof createKita>>;
const kids: Record<string, string> = {};
const parents: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ now: T0 });
  home = await createKita(t.db, 'Kita Regenbogen');
  manager = await authHeader(t.app, (await createStaff(t.db, 'KitaManager', home.kita.id)).id);
  for (const [key, values] of Object.entries({
    answered: { email: 'antwort@familie.test' },
    partly: { email: 'halb@familie.test' },
    silent: { email: 'still@familie.test' },
    full: { email: 'voll+full@familie.test' },
    landline: { preferredCommunication: 'sms', primaryPhone: '+49301239992', primaryPhoneVerified: true, email: null, emailVerified: false },
    anonymous: { email: null, preferredCommunication: null, isAnonymous: true, withUser: false },
  } as const)) {
    const p = await createParent(t.db, home.kita.id, { name: key, ...values });
    parents[key] = p.parent.id;
    kids[key] = (await createChild(t.db, p.parent.id, home.kgGroup.id, `Kind ${key}`)).id;
  }
  kids.partly2 = (await createChild(t.db, parents.partly!, home.kgGroup.id, 'Kind partly 2')).id;
}, 60_000);
afterAll(async () => t.close());

async function createImmediate(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/emergency-event',
    headers: manager,
    payload: { kitaId: home.kita.id, categoryId: home.kindergarten.id, eventType: 'immediate', totalSlotsKindergarten: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.eventId;
}
const answer = (eventId: string, childId: string) =>
  t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/preferences`, headers: manager, payload: { preferences: [{ childId, preferenceType: 'red' }] } });
const reminders = (eventId: string) =>
  t.db.select().from(outboxMessages).where(and(eq(outboxMessages.eventId, eventId), eq(outboxMessages.kind, 'reminder')));
const delivery = async (eventId: string) => (await t.app.inject({ method: 'GET', url: `/api/emergency-event/${eventId}/delivery`, headers: manager })).json().data as EventDelivery;

describe('reminder timing', () => {
  const at = (start: string, end: string) => reminderDueAt({ notifiedAt: new Date(start), opensAt: new Date(start), answersCloseAt: new Date(end) }).toISOString();
  it('reminds half-way through a short window and 2 hours before the deadline of a long one', () => {
    expect(at(iso(0), iso(15 * MIN))).toBe(iso(7.5 * MIN));
    expect(at(iso(0), iso(180 * MIN))).toBe(iso(90 * MIN));
    // Four and a half days: 2 hours before the deadline, not half-way.
    expect(at(iso(-3 * 24 * 60 * MIN), iso((24 + 10) * 60 * MIN))).toBe(iso((24 + 8) * 60 * MIN));
  });
});

describe('reminders', () => {
  it('go out once, half-way, only to families still missing an answer', async () => {
    t.clock.set(T0);
    const eventId = await createImmediate();
    await t.app.outbox.runOnce();
    expect((await answer(eventId, kids.answered!)).statusCode).toBe(200);
    expect((await answer(eventId, kids.partly!)).statusCode).toBe(200);

    t.clock.set(new Date(T0.getTime() + 7 * 60_000));
    expect(await sendDueReminders(t.app)).toBe(0);
    expect((await delivery(eventId)).reminder).toMatchObject({ enabled: true, dueAt: iso(7.5 * MIN), sentAt: null, families: 0 });

    t.clock.set(new Date(T0.getTime() + 7.5 * 60_000));
    // partly (one child still open), silent, full, landline: never answered or anonymous.
    expect(await sendDueReminders(t.app)).toBe(4);
    expect(await sendDueReminders(t.app)).toBe(0);
    t.clock.advance(60_000);
    expect(await sendDueReminders(t.app)).toBe(0);
    const rows = await reminders(eventId);
    expect(rows.map((r) => r.parentId).sort()).toEqual([parents.partly, parents.silent, parents.full, parents.landline].sort());
    expect(rows.every((r) => /\/p\/\{\{secret\}\}/.test(r.bodyText))).toBe(true);
    expect(rows.find((r) => r.parentId === parents.silent)!.subject).toMatch(/^Erinnerung/);
    const d = await delivery(eventId);
    expect(d.reminder).toMatchObject({ dueAt: null, sentAt: iso(7.5 * MIN), families: 4 });
    // A reminder does not change how well a family was reached by the inquiry.
    await t.app.outbox.runOnce();
    const after = await delivery(eventId);
    expect(after.rows.find((r) => r.parentId === parents.silent)).toMatchObject({ state: 'delivered', remindedAt: expect.any(String) });
    expect(after.rows.find((r) => r.parentId === parents.answered)).toMatchObject({ answered: true, remindedAt: null });
    await t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/close`, headers: manager });
  });

  it('shows the dev mailbox simulation: full mailbox, landline', async () => {
    t.clock.set(T0);
    const eventId = await createImmediate();
    await t.app.outbox.runOnce();
    const d = await delivery(eventId);
    expect(d.rows.find((r) => r.parentId === parents.full)).toMatchObject({ state: 'failed', failureReason: 'mailbox_full' });
    expect(d.rows.find((r) => r.parentId === parents.landline)).toMatchObject({ state: 'failed', failureReason: 'landline', needsCall: true });
    expect(d.rows.find((r) => r.parentId === parents.silent)!.state).toBe('delivered');
    expect(d.rows.find((r) => r.parentId === parents.anonymous)!.state).toBe('no_channel');
    await t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/close`, headers: manager });
  });

  it('never after close, and not when the Kita turned them off', async () => {
    t.clock.set(T0);
    const closed = await createImmediate();
    await t.app.inject({ method: 'POST', url: `/api/emergency-event/${closed}/close`, headers: manager });
    t.clock.set(new Date(T0.getTime() + 8 * 60_000));
    expect(await sendDueReminders(t.app)).toBe(0);
    expect(await reminders(closed)).toHaveLength(0);

    t.clock.set(T0);
    await t.db.update(kitas).set({ remindersEnabled: false }).where(eq(kitas.id, home.kita.id));
    const off = await createImmediate();
    t.clock.set(new Date(T0.getTime() + 8 * 60_000));
    expect(await sendDueReminders(t.app)).toBe(0);
    expect((await delivery(off)).reminder).toMatchObject({ enabled: false, dueAt: null });
    await t.db.update(kitas).set({ remindersEnabled: true }).where(eq(kitas.id, home.kita.id));
    // Past the deadline the window is over: no reminder either.
    t.clock.set(new Date(T0.getTime() + 16 * 60_000));
    expect(await sendDueReminders(t.app)).toBe(0);
    const total = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox_messages where kind = 'reminder'`);
    expect(total.rows[0]!.n).toBe(4);
  });
});
