import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDelivery } from '@kita/shared';
import { deliveryCallbacks, outboxMessages } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { authHeader, createChild, createKita, createParent, createStaff } from '../../../test/factories.js';
import { startFakeTwilio, startSmtpSink, type FakeTwilio, type SmtpSink, providerEnv } from '../../../test/fake-providers.js';
import { testSecretKey } from '../../../test/factories-accounts.js';
import { enqueueMessages } from '../../notify/outbox.js';
import { openMessage } from '../../notify/secrets.js';
import { sendFallbacks } from './service.js';

/**
 * Delivery states end to end against the local stand-ins (a real SMTP server, a fake of Twilio's
 * Messages API and its signed status callbacks): success, permanent error, temporary error,
 * delivered/undelivered reports, channel fallback exactly once, resend, forged and replayed
 * callbacks, and the counts on the event page equal to the rows.
 */

let smtp: SmtpSink;
let twilio: FakeTwilio;
let t: TestContext;
let eventId: string;
let manager: Record<string, string>;
let otherManager: Record<string, string>;
const fam: Record<string, string> = {};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function drain() {
  for (let i = 0; i < 30; i++) {
    await t.app.outbox.runOnce();
    const due = await t.db.select({ id: outboxMessages.id }).from(outboxMessages).where(sql`${outboxMessages.status} in ('pending', 'sending')`);
    if (due.length === 0) return;
    await sleep(30);
  }
  throw new Error('outbox did not drain');
}
const delivery = async (headers = manager) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/emergency-event/${eventId}/delivery`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as EventDelivery;
};
const family = (d: EventDelivery, parentId: string) => d.rows.find((r) => r.parentId === parentId)!;
const rowsOf = (parentId: string) =>
  t.db.select().from(outboxMessages).where(and(eq(outboxMessages.eventId, eventId), eq(outboxMessages.parentId, parentId))).orderBy(outboxMessages.createdAt);
const smsTo = (to: string) => twilio.messages.filter((m) => m.to === to);

beforeAll(async () => {
  smtp = await startSmtpSink({ rejectRecipients: ['gone@familie.test'], fullMailboxes: ['voll@familie.test'] });
  twilio = await startFakeTwilio();
  t = await createTestApp({
    env: providerEnv(smtp, twilio, { OUTBOX_RETRY_BASE_MS: '20' }),
  });
  const home = await createKita(t.db, 'Kita Sonnenschein');
  const away = await createKita(t.db, 'Kita Anderswo');
  manager = await authHeader(t.app, (await createStaff(t.db, 'KitaManager', home.kita.id)).id);
  otherManager = await authHeader(t.app, (await createStaff(t.db, 'KitaManager', away.kita.id)).id);
  const add = async (key: string, values: Parameters<typeof createParent>[2]) => {
    const p = await createParent(t.db, home.kita.id, { name: key, ...values });
    await createChild(t.db, p.parent.id, home.kgGroup.id, `Kind ${key}`);
    fam[key] = p.parent.id;
  };
  const sms = (phone: string, email: string | null = null) => ({
    preferredCommunication: 'sms' as const,
    primaryPhone: phone,
    primaryPhoneVerified: true,
    email,
    emailVerified: !!email,
  });
  await add('mail', { email: 'anna@familie.test' });
  await add('bounce', { email: 'gone@familie.test', primaryPhone: null });
  await add('sms', sms('+4917000000001'));
  await add('temporary', sms('+4917000000002'));
  await add('landline', sms('+493012345678', 'festnetz@familie.test'));
  await add('invalid', sms('+4917000000404'));
  await add('undelivered', sms('+4917000000003', 'aus@familie.test'));
  await add('anonymous', { email: null, preferredCommunication: null, isAnonymous: true, withUser: false });
  twilio.landlineNumber('+493012345678');
  twilio.rejectNumber('+4917000000404');

  const res = await t.app.inject({
    method: 'POST',
    url: '/api/emergency-event',
    headers: manager,
    payload: { kitaId: home.kita.id, categoryId: home.kindergarten.id, eventType: 'immediate', totalSlotsKindergarten: 2 },
  });
  expect(res.statusCode, res.body).toBe(201);
  eventId = res.json().data.eventId;
  // The first SMS request fails with a 500: that message is retried and then accepted.
  twilio.failNext(1, 500);
  await drain();
}, 60_000);

afterAll(async () => {
  await t.close();
  await smtp.close();
  await twilio.close();
});

describe('delivery status of an inquiry', () => {
  it('shows each family with its state and the reason of a failure in words the UI maps', async () => {
    const d = await delivery();
    expect(family(d, fam.mail!).state).toBe('sent');
    expect(family(d, fam.sms!).state).toBe('sent');
    expect(family(d, fam.temporary!).state).toBe('sent');
    // The temporary error (one 500) cost exactly one more attempt, and nothing was lost.
    const smsRows = await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.eventId, eventId), eq(outboxMessages.channel, 'sms')));
    expect(smsRows).toHaveLength(5);
    expect(smsRows.reduce((n, r) => n + r.attempts, 0)).toBe(smsRows.length + 1);
    expect(family(d, fam.landline!)).toMatchObject({ state: 'failed', failureReason: 'landline', needsCall: false });
    expect(family(d, fam.invalid!)).toMatchObject({ state: 'failed', failureReason: 'invalid_number', needsCall: true });
    expect(family(d, fam.bounce!)).toMatchObject({ state: 'failed', failureReason: 'no_such_address', needsCall: true });
    expect(family(d, fam.anonymous!)).toMatchObject({ state: 'no_channel', needsCall: true, messages: [] });
    expect(d.families).toMatchObject({ total: 8, noChannel: 1, failed: 3, answered: 0 });
    expect(d.canResend).toBe(true);
    // Recipients are masked on the screen.
    expect(family(d, fam.sms!).messages[0]!.recipient).toBe('+49170•••01');
  });

  it('turns sent into delivered and undelivered from signed Twilio callbacks', async () => {
    const delivered = twilio.statusCallback(smsTo('+4917000000001')[0]!.sid, 'delivered');
    expect((await t.app.inject(delivered)).json().data).toEqual({ applied: true });
    const undelivered = twilio.statusCallback(smsTo('+4917000000003')[0]!.sid, 'undelivered', '30003');
    expect((await t.app.inject(undelivered)).statusCode).toBe(200);
    const d = await delivery();
    expect(family(d, fam.sms!).state).toBe('delivered');
    expect(family(d, fam.undelivered!)).toMatchObject({ state: 'failed', failureReason: 'unreachable' });
  });

  it('refuses a forged callback and a replayed one, and changes nothing', async () => {
    const sid = smsTo('+4917000000002')[0]!.sid;
    const real = twilio.statusCallback(sid, 'undelivered', '30006');
    const forged = { ...real, headers: { ...real.headers, 'x-twilio-signature': Buffer.from('x'.repeat(20)).toString('base64') } };
    expect((await t.app.inject(forged)).statusCode).toBe(403);
    const tampered = { ...real, payload: real.payload.replace('undelivered', 'delivered') };
    expect((await t.app.inject(tampered)).statusCode).toBe(403);
    const unsigned = { ...real, headers: { 'content-type': real.headers['content-type']! } };
    expect((await t.app.inject(unsigned)).json().code).toBe('CALLBACK_SIGNATURE_INVALID');
    expect((await rowsOf(fam.temporary!))[0]!.deliveryStatus).toBeNull();

    const delivered = twilio.statusCallback(sid, 'delivered');
    expect((await t.app.inject(delivered)).statusCode).toBe(200);
    // The same signed report again (a provider's retry) is accepted idempotently: 200, no effect.
    const replay = await t.app.inject(delivered);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data).toEqual({ applied: false, duplicate: true });
    // A genuine but late report cannot turn a delivered message back.
    expect((await t.app.inject(real)).json().data).toEqual({ applied: false });
    expect((await rowsOf(fam.temporary!))[0]!.deliveryStatus).toBe('delivered');
    expect(await t.db.select().from(deliveryCallbacks)).toHaveLength(4);
  });

  it('falls back once to the other verified channel, and lists families without one', async () => {
    expect(await sendFallbacks(t.app)).toBe(2); // landline -> e-mail, undelivered -> e-mail
    expect(await sendFallbacks(t.app)).toBe(0);
    await drain();
    expect(await sendFallbacks(t.app)).toBe(0);
    const landline = await rowsOf(fam.landline!);
    expect(landline.map((r) => [r.channel, r.status, !!r.fallbackOf])).toEqual([
      ['sms', 'failed', false],
      ['email', 'sent', true],
    ]);
    expect(smtp.mails.filter((m) => m.to.includes('festnetz@familie.test'))).toHaveLength(1);
    expect(smtp.mails.find((m) => m.to.includes('festnetz@familie.test'))!.text).toMatch(/\/p\/[A-Za-z0-9_-]{22}/);
    const d = await delivery();
    expect(family(d, fam.landline!)).toMatchObject({ state: 'sent', failureReason: null });
    expect(family(d, fam.landline!).messages[1]).toMatchObject({ channel: 'email', isFallback: true });
    expect(family(d, fam.undelivered!).state).toBe('sent');
    // No other channel: nothing sent, the family waits for a phone call.
    expect(await rowsOf(fam.invalid!)).toHaveLength(1);
    expect(family(d, fam.invalid!).needsCall).toBe(true);
  });

  it('never falls back from a fallback', async () => {
    const [, fallback] = await rowsOf(fam.landline!);
    await t.db.update(outboxMessages).set({ deliveryStatus: 'undelivered', failureReason: 'mailbox_full' }).where(eq(outboxMessages.id, fallback!.id));
    expect(await sendFallbacks(t.app)).toBe(0);
    const d = await delivery();
    expect(family(d, fam.landline!)).toMatchObject({ state: 'failed', failureReason: 'mailbox_full', needsCall: true });
  });

  it('has counts that equal the outbox rows', async () => {
    const d = await delivery();
    const rows = await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.eventId, eventId), sql`${outboxMessages.kind} in ('inquiry', 'reminder')`));
    const count = (channel: string, pred: (r: (typeof rows)[number]) => boolean) => rows.filter((r) => r.channel === channel && pred(r)).length;
    for (const channel of ['email', 'sms'] as const) {
      expect(d.channels[channel]).toEqual({
        pending: count(channel, (r) => r.status === 'pending' || r.status === 'sending'),
        sent: count(channel, (r) => r.status === 'sent' && r.deliveryStatus === null),
        delivered: count(channel, (r) => r.status === 'sent' && r.deliveryStatus === 'delivered'),
        failed: count(channel, (r) => r.status === 'failed' || r.deliveryStatus === 'undelivered'),
      });
    }
    const sum = d.channels.email.pending + d.channels.email.sent + d.channels.email.delivered + d.channels.email.failed;
    expect(sum + Object.values(d.channels.sms).reduce((a, b) => a + b, 0)).toBe(rows.length);
    const f = d.families;
    expect(f.pending + f.sent + f.delivered + f.failed + f.noChannel).toBe(f.total);
    expect(d.progress).toMatchObject({ total: rows.filter((r) => r.kind === 'inquiry').length, smsQueued: 0, expectedEndAt: null });
  });

  it('resends to one family with a fresh link, and to every failed family', async () => {
    const before = (await rowsOf(fam.mail!))[0]!;
    const one = await t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/resend`, headers: manager, payload: { parentId: fam.mail } });
    expect(one.json().data).toEqual({ queued: 1 });
    const after = await rowsOf(fam.mail!);
    expect(after).toHaveLength(2);
    // A fresh link (sealed beside the text): the text the family gets differs.
    const link = (row: typeof before) => openMessage(row, testSecretKey).bodyText.match(/\/p\/([A-Za-z0-9_-]{22})/)?.[1];
    expect(link(after[1]!)).toBeDefined();
    expect(link(after[1]!)).not.toBe(link(before));
    const all = await t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/resend`, headers: manager, payload: {} });
    // invalid, bounce and landline (its fallback failed too) are the failed families.
    expect(all.json().data).toEqual({ queued: 3 });
    await drain();
    const audit = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'resend'`);
    expect(audit.rows[0]!.n).toBe(2);
  });

  it('a new link revokes the older ones of that family and inquiry; staff resends are capped per family', async () => {
    await drain();
    const links = () =>
      smtp.mails.filter((m) => m.to.includes('anna@familie.test')).map((m) => m.text.match(/\/p\/([A-Za-z0-9_-]{22})/)?.[1]).filter((x): x is string => !!x);
    const verify = (token: string) => t.app.inject({ method: 'POST', url: `/api/auth/verify-token?token=${token}` });
    const [first, ...rest] = links();
    expect(rest.length).toBeGreaterThanOrEqual(1);
    const old = await verify(first!);
    expect([old.statusCode, old.json().code]).toEqual([400, 'TOKEN_INVALID']);
    expect((await verify(rest.at(-1)!)).statusCode).toBe(200);
    // Up to 4 inquiry messages per family and inquiry (the first and three resends), then 429.
    const resend = () => t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/resend`, headers: manager, payload: { parentId: fam.mail } });
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push(await resend());
    expect((await rowsOf(fam.mail!)).filter((r) => r.kind === 'inquiry')).toHaveLength(4);
    const refused = answers.at(-1)!;
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      429,
      'RESEND_LIMIT',
      'Diese Familie hat für diese Bedarfsabfrage schon 4 Nachrichten bekommen. Bitte rufen Sie die Familie an und tragen Sie die Antwort selbst ein.',
    ]);
  });

  it('is scoped like the event and validates its input', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/emergency-event/${eventId}/delivery`, headers: otherManager })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/resend`, headers: otherManager, payload: {} })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/emergency-event/${eventId}/delivery` })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/resend`, headers: manager, payload: { parentId: 'nope' } });
    expect(bad.statusCode).toBe(400);
    const stranger = await t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/resend`, headers: manager, payload: { parentId: '00000000-0000-4000-8000-000000000000' } });
    expect(stranger.statusCode).toBe(404);
    const failures = await t.app.inject({ method: 'GET', url: '/api/emergency-event/delivery-failures', headers: manager });
    const failedFamilies = (await delivery()).rows.filter((r) => r.state === 'failed' && !r.answered).length;
    expect(failedFamilies).toBeGreaterThan(0);
    expect(failures.json().data).toEqual([expect.objectContaining({ eventId, failedFamilies, timezone: 'Europe/Berlin' })]);
    // A family that answered (by phone) no longer counts as not reached.
    const invalidChild = (await t.db.execute<{ id: string }>(sql`select id from children where parent_id = ${fam.invalid!}`)).rows[0]!.id;
    await t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/preferences`, headers: manager, payload: { preferences: [{ childId: invalidChild, preferenceType: 'red' }] } });
    const after = await t.app.inject({ method: 'GET', url: '/api/emergency-event/delivery-failures', headers: manager });
    expect(after.json().data[0].failedFamilies).toBe(failedFamilies - 1);
    expect((await t.app.inject({ method: 'GET', url: '/api/emergency-event/delivery-failures', headers: otherManager })).json().data).toEqual([]);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/emergency-event/{id}/delivery', '/api/emergency-event/{id}/resend', '/api/delivery/twilio/status']));
  });

  it('marks an SMTP hard bounce failed at once with its reason (mailbox full)', async () => {
    await enqueueMessages(t.db, [{ idempotencyKey: 'bounce-full', kind: 'credits_reset', channel: 'email', recipient: 'voll@familie.test', language: 'de', subject: 'x', bodyText: 'x' }]);
    await drain();
    const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, 'bounce-full'));
    expect(row).toMatchObject({ status: 'failed', attempts: 1, failureReason: 'mailbox_full' });
  });

  it('refuses a resend once the event is closed, and sends no fallback after close', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/close`, headers: manager })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/resend`, headers: manager, payload: {} });
    expect(res.statusCode).toBe(409);
    await t.db.update(outboxMessages).set({ status: 'failed' }).where(and(eq(outboxMessages.eventId, eventId), eq(outboxMessages.parentId, fam.mail!)));
    expect(await sendFallbacks(t.app)).toBe(0);
    expect((await delivery()).canResend).toBe(false);
  });
});
