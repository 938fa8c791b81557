import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDelivery, FailedDeliveryEvent } from '@kita/shared';
import { outboxMessages } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { authHeader, createChild, createKita, createParent, createStaff } from '../../../test/factories.js';
import { createEventViaApi, futureDates, inquiryToken, linkHeader, NOW, DAY } from '../../../test/factories-events.js';
import { startFakeTwilio, startSmtpSink, type FakeTwilio, type SmtpSink, providerEnv } from '../../../test/fake-providers.js';
import { sendFallbacks } from './service.js';

/**
 * Every family-facing message kind (results, place offered, place given back, inquiry
 * withdrawn, registration declined) falls back to the family's other verified channel like the
 * inquiry does, shows per kind on the inquiry's delivery card and in the dashboard's warning, also
 * for a closed inquiry; the closed card reads the inquiry's snapshot; result texts fit the
 * answer; the closed link shows the result; a deleted inquiry tells the families that have it.
 * Against the local stand-ins of SMTP and Twilio.
 */

let smtp: SmtpSink;
let twilio: FakeTwilio;
let t: TestContext;
let kita: Awaited<ReturnType<typeof createKita>>;
let manager: Record<string, string>;
let eventId: string;
let firstToken: string;
const fam: Record<string, string> = {};
const kid: Record<string, string> = {};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function drain() {
  for (let i = 0; i < 40; i++) {
    await t.app.outbox.runOnce();
    const due = await t.db.select({ id: outboxMessages.id }).from(outboxMessages).where(sql`${outboxMessages.status} in ('pending', 'sending')`);
    if (due.length === 0) return;
    await sleep(30);
  }
  throw new Error('outbox did not drain');
}
const delivery = async (id = eventId) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/emergency-event/${id}/delivery`, headers: manager });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as EventDelivery;
};
const failures = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/emergency-event/delivery-failures', headers: manager });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as FailedDeliveryEvent[];
};
const family = (d: EventDelivery, parentId: string) => d.rows.find((r) => r.parentId === parentId);
const kindsOf = (d: EventDelivery, parentId: string) => Object.fromEntries(family(d, parentId)!.kinds.map((k) => [k.kind, k]));
const messagesOf = (parentId: string, kind: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.parentId, parentId), eq(outboxMessages.kind, kind)))
    .orderBy(outboxMessages.createdAt);

const REFUSED = 'refused@familie.test';
const MOBILE = '+4917000000011';
const LANDLINE = '+493012345679';

beforeAll(async () => {
  smtp = await startSmtpSink({ rejectRecipients: [REFUSED] });
  twilio = await startFakeTwilio();
  t = await createTestApp({ now: NOW, env: providerEnv(smtp, twilio, { OUTBOX_RETRY_BASE_MS: '20' }) });
  kita = await createKita(t.db, 'Kita Regenbogen');
  manager = await authHeader(t.app, (await createStaff(t.db, 'KitaManager', kita.kita.id)).id);
  const add = async (key: string, child: string, values: Parameters<typeof createParent>[2]) => {
    const p = await createParent(t.db, kita.kita.id, { name: `Familie ${key}`, ...values });
    fam[key] = p.parent.id;
    kid[key] = (await createChild(t.db, p.parent.id, kita.kgGroup.id, child)).id;
  };
  // Ranked first: its e-mail is refused, its mobile number is verified.
  await add('first', 'Mia', { email: REFUSED, primaryPhone: MOBILE, primaryPhoneVerified: true });
  // Only a landline: every SMS fails and there is no other channel.
  await add('landline', 'Leo', { email: null, emailVerified: false, preferredCommunication: 'sms', primaryPhone: LANDLINE, primaryPhoneVerified: true });
  await add('home', 'Ela', { email: 'home@familie.test' });
  await add('wait', 'Tom', { email: 'wait@familie.test' });
  twilio.landlineNumber(LANDLINE);

  const now = t.clock.now();
  eventId = await createEventViaApi(t, manager, {
    kitaId: kita.kita.id,
    categoryId: kita.kindergarten.id,
    eventType: 'future',
    ...futureDates(now, new Date(now.getTime() + 2 * DAY)),
    totalSlotsKindergarten: 1,
  });
  // The link as the family got it (sealed in the outbox until delivered).
  firstToken = await inquiryToken(t, eventId, fam.first!);
  await drain();
  await sendFallbacks(t.app); // the refused inquiry e-mail goes out as SMS
  await drain();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/emergency-event/${eventId}/preferences`,
    headers: manager,
    payload: {
      preferences: [
        { childId: kid.first, preferenceType: 'red' },
        { childId: kid.landline, preferenceType: 'yellow' },
        { childId: kid.home, preferenceType: 'green' },
        { childId: kid.wait, preferenceType: 'yellow' },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect((await t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/close`, headers: manager })).statusCode).toBe(200);
  await drain();
}, 60_000);

afterAll(async () => {
  await t.close();
  await smtp.close();
  await twilio.close();
});

describe('results: fallback, delivery card and dashboard', () => {
  it('shows a refused result on the closed inquiry card and in the dashboard, then sends it by SMS', async () => {
    const before = await delivery();
    expect(family(before, fam.first!)).toMatchObject({ state: 'failed', failureReason: 'no_such_address', needsCall: false });
    expect(kindsOf(before, fam.first!).results).toMatchObject({ state: 'failed', failureReason: 'no_such_address' });
    // The dashboard warns about the closed inquiry too.
    expect(await failures()).toEqual([expect.objectContaining({ eventId, finished: true, failedFamilies: 2 })]);

    expect(await sendFallbacks(t.app)).toBe(1);
    expect(await sendFallbacks(t.app)).toBe(0);
    await drain();
    const results = await messagesOf(fam.first!, 'results');
    expect(results.map((m) => [m.channel, m.status, !!m.fallbackOf])).toEqual([
      ['email', 'failed', false],
      ['sms', 'sent', true],
    ]);
    const sms = twilio.messages.filter((m) => m.to === MOBILE).at(-1)!;
    expect(sms.body).toContain('Mia: Platz erhalten');

    const after = await delivery();
    expect(kindsOf(after, fam.first!).results).toMatchObject({ state: 'sent', needsCall: false });
    expect(family(after, fam.first!)!.state).not.toBe('failed');
    expect(family(after, fam.first!)!.messages.some((m) => m.kind === 'results' && m.isFallback)).toBe(true);
  });

  it('asks the manager to phone a family whose result SMS went to a landline', async () => {
    const d = await delivery();
    expect(family(d, fam.landline!)).toMatchObject({ state: 'failed', failureReason: 'landline', needsCall: true });
    expect(kindsOf(d, fam.landline!).results).toMatchObject({ state: 'failed', failureReason: 'landline', needsCall: true });
    expect(await failures()).toEqual([expect.objectContaining({ eventId, finished: true, failedFamilies: 1 })]);
  });

  it('thanks the family that chose care at home and tells the waiting list its position', async () => {
    const home = smtp.mails.find((m) => m.to.includes('home@familie.test') && /Ergebnis/.test(m.subject))!;
    expect(home.text).toContain('Ela: Betreuung zu Hause, danke!');
    expect(home.text).not.toContain('kein Platz');
    const wait = smtp.mails.find((m) => m.to.includes('wait@familie.test') && /Ergebnis/.test(m.subject))!;
    expect(wait.text).toMatch(/Tom: kein Platz, Warteliste Nr\. [12]/);
  });

  it('shows the result on the preference page through the link after the close', async () => {
    const headers = await linkHeader(t, firstToken);
    const res = await t.app.inject({ url: `/api/auth/${eventId}/parents/${fam.first}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data;
    expect(view.event.isFinished).toBe(true);
    expect(view.children[0]).toMatchObject({ childName: 'Mia', preferenceType: 'red', result: { hasSlot: true, released: false } });
    // The link still cannot change an answer.
    const save = await t.app.inject({ method: 'POST', url: '/api/preference', headers, payload: { eventId, parentId: fam.first, answers: [{ childId: kid.first, preferenceType: 'green' }] } });
    expect(save.statusCode).not.toBe(200);
  });

  it('keeps a finished inquiry card as its snapshot: a family approved after the close or moved away changes nothing', async () => {
    const before = await delivery();
    const late = await createParent(t.db, kita.kita.id, { name: 'Familie Spät', status: 'registered', email: 'spaet@familie.test' });
    await createChild(t.db, late.parent.id, kita.kgGroup.id, 'Spät');
    expect((await t.app.inject({ method: 'POST', url: `/api/parents/${late.parent.id}/approve`, headers: manager })).statusCode).toBe(200);
    const moved = await t.app.inject({ method: 'DELETE', url: `/api/children/${kid.wait}`, headers: manager });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await delivery();
    expect(after.rows.map((r) => [r.parentName, r.childNames, r.state])).toEqual(before.rows.map((r) => [r.parentName, r.childNames, r.state]));
    expect(family(after, late.parent.id)).toBeUndefined();
    expect(after.families.noChannel).toBe(0);
  });
});

describe('place given back and place offered', () => {
  it('tells the family whose place the manager gave back, through the fallback, and offers the place to the next', async () => {
    const pref = await t.db.execute<{ id: string }>(sql`select id from preferences where event_id = ${eventId} and child_id = ${kid.first}`);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/emergency-event/${eventId}/release-slot`,
      headers: manager,
      payload: { childId: kid.first, preferenceId: pref.rows[0]!.id, parentId: fam.first },
    });
    expect(res.statusCode, res.body).toBe(200);
    await drain();
    const released = await messagesOf(fam.first!, 'slot_released');
    expect(released).toHaveLength(1);
    expect(released[0]).toMatchObject({ channel: 'email', status: 'failed' });
    expect(released[0]!.bodyText).toContain('Mia');
    expect(kindsOf(await delivery(), fam.first!).slot_released).toMatchObject({ state: 'failed', needsCall: false });
    expect(await sendFallbacks(t.app)).toBe(1);
    await drain();
    expect(twilio.messages.filter((m) => m.to === MOBILE).at(-1)!.body).toMatch(/Platz von Mia .* zur(ü|u)ckgegeben/);
    expect(kindsOf(await delivery(), fam.first!).slot_released).toMatchObject({ state: 'sent' });
    // The place went to the first on the waiting list; if that is the landline family, its SMS fails
    // and the manager is asked to phone.
    const offered = await t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, 'slot_offered'));
    expect(offered).toHaveLength(1);
    const d = await delivery();
    expect(kindsOf(d, offered[0]!.parentId!).slot_offered).toBeDefined();
  });

});

describe('the fallback window', () => {
  it('sends a failed result on the other channel only until the end of care', async () => {
    await t.db.execute(sql`update parents set primary_phone = '+4917000000077', primary_phone_verified = true where id = ${fam.home!}`);
    await t.db.update(outboxMessages).set({ deliveryStatus: 'undelivered', failureReason: 'mailbox_full' }).where(
      and(eq(outboxMessages.parentId, fam.home!), eq(outboxMessages.kind, 'results')),
    );
    const e = await t.db.execute<{ care_ends_at: Date | string }>(sql`select care_ends_at from events where id = ${eventId}`);
    const now = t.clock.now();
    t.clock.set(new Date(new Date(e.rows[0]!.care_ends_at).getTime() + 1000));
    try {
      expect(await sendFallbacks(t.app)).toBe(0);
    } finally {
      t.clock.set(now);
    }
    expect(await sendFallbacks(t.app)).toBe(1);
    const [, fallback] = await messagesOf(fam.home!, 'results');
    expect(fallback).toMatchObject({ channel: 'sms', recipient: '+4917000000077' });
    expect(fallback!.bodyText).toContain('Ela: Betreuung zu Hause, danke!');
  });
});

describe('registration declined', () => {
  it('tells a family whose registration the manager rejected', async () => {
    const p = await createParent(t.db, kita.kita.id, { name: 'Familie Abgelehnt', status: 'registered', email: 'nein@familie.test' });
    const res = await t.app.inject({ method: 'POST', url: `/api/parents/${p.parent.id}/reject`, headers: manager, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    await drain();
    const mail = smtp.mails.find((m) => m.to.includes('nein@familie.test'))!;
    expect(mail.subject).toBe('Ihre Registrierung bei Kita Regenbogen');
    expect(mail.text).toContain('nicht freigegeben');
  });
});

describe('deleting an inquiry families already have', () => {
  it('tells the families that got the link, and the link says the Kita withdrew it', async () => {
    const now = t.clock.now();
    const id = await createEventViaApi(t, manager, {
      kitaId: kita.kita.id,
      categoryId: kita.kindergarten.id,
      eventType: 'future',
      ...futureDates(now, new Date(now.getTime() + 3 * DAY)),
      totalSlotsKindergarten: 1,
    });
    const token = await inquiryToken(t, id, fam.home!);
    await drain();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/emergency-event/${id}`, headers: manager });
    expect(res.statusCode, res.body).toBe(200);
    await drain();
    const withdrawn = await t.db.select().from(outboxMessages).where(eq(outboxMessages.kind, 'event_withdrawn'));
    // home got the link; first's inquiry e-mail was refused (its fallback has not run yet) and the
    // landline family's SMS failed: neither has the link.
    const told = new Set(withdrawn.map((m) => m.parentId));
    expect(told.has(fam.home!)).toBe(true);
    expect(told.has(fam.landline!)).toBe(false);
    expect(told.has(fam.first!)).toBe(false);
    const mail = smtp.mails.find((m) => m.to.includes('home@familie.test') && /zurückgezogen/.test(m.subject))!;
    expect(mail.text).toContain('Kita Regenbogen hat die Bedarfsabfrage zur Notbetreuung');

    const link = await t.app.inject({ method: 'POST', url: `/api/auth/verify-token?token=${encodeURIComponent(token)}` });
    expect(link.statusCode).toBe(410);
    expect(link.json()).toMatchObject({ code: 'EVENT_WITHDRAWN' });
    expect(link.json().message).toBe('Die Kita hat diese Bedarfsabfrage zurückgezogen: Die Abfrage von Kita Regenbogen gibt es nicht mehr. Sie müssen nichts mehr tun.');
    // An unknown link is still just invalid.
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/verify-token?token=nope-nope-nope-nope-nope' });
    expect(bad.json().code).toBe('TOKEN_INVALID');
  });
});
