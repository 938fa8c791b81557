import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PushPayload } from '@kita/shared';
import { apiRoutes } from '@kita/shared/api';
import { testAppWith, testConfig, type TestContext } from '../../../test/app.js';
import { OutboxWorker, outboxOptions } from '../../jobs/outbox-worker.js';
import { devMailbox } from '../../notify/transport.js';
import { immediateEvent, futureEvent, resultsWorld, type ResultsWorld } from '../../../test/factories-results.js';
import { inquiryToken, linkHeader } from '../../../test/factories-events.js';
import { startPushService, subscriberKeys, type PushService, type Subscriber } from '../../../test/push-service.js';
import { events, outboxMessages, pushSubscriptions } from '../../db/schema.js';
import { sha256 } from '../../lib/crypto.js';
import { enqueuePush } from '../../notify/push.js';

/**
 * Web push end to end against the push service stand-in (test/push-service.ts), which checks the
 * VAPID signature and decrypts every payload as the browser would: the family's devices (parent
 * login or link session, own only), the push lane of the outbox worker (payload, TTL, urgency,
 * 404/410 drop the device, 429 retries) and the "opened" report.
 */
let push: PushService;
let t: TestContext;
let w: ResultsWorld;
let eventId: string;

const url = (route: { path: string }, id?: string) => `/api${id ? route.path.replace(':id', id) : route.path}`;

async function subscribeAs(headers: Record<string, string>, sub: Subscriber | { subscription: Subscriber['subscription'] }, label = 'Chrome · Android') {
  return t.app.inject({ method: 'POST', url: url(apiRoutes.push.subscribe), headers, payload: { ...sub.subscription, label } });
}

async function pushRows(parentId: string) {
  return t.db.select().from(outboxMessages).where(and(eq(outboxMessages.channel, 'push'), eq(outboxMessages.parentId, parentId)));
}

let keySeq = 0;
async function enqueue(kind: 'inquiry' | 'results', parentId = w.mail.parent.id) {
  const key = `test-push:${kind}:${++keySeq}`;
  const [e] = await t.db.select().from(events).where(eq(events.id, eventId));
  await enqueuePush(
    t.db,
    { idempotencyKey: key, kind, parentId, kitaId: w.home.kita.id, eventId, language: 'de', kitaName: 'Kita Sonnenschein', linkExpiresAt: e!.careEndsAt },
    t.config,
  );
  const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, key));
  return row!;
}

const payloadOf = (i = -1) => JSON.parse(push.messages.at(i)!.payload!) as PushPayload;

beforeAll(async () => {
  push = await startPushService();
  ({ t, w } = await testAppWith(resultsWorld, { env: { PUSH_SERVICE_HOSTS: '127.0.0.1', OUTBOX_RETRY_BASE_MS: '1' } }));
  eventId = await immediateEvent(t, w, 2);
  // The fan-out's own e-mails and SMS go to the dev mailbox first; this file follows the push lane.
  await t.app.outbox.runOnce('email');
  await t.app.outbox.runOnce('sms');
});
afterAll(async () => {
  await t.close();
  await push.close();
});
beforeEach(async () => {
  await t.db.delete(pushSubscriptions);
  push.messages.length = 0;
});

describe('push routes', () => {
  it('publishes the VAPID public key to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: url(apiRoutes.push.publicKey) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ publicKey: t.config.push.publicKey, enabled: true });
    expect(res.json().data.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(res.body).not.toContain(t.config.push.privateKey);
  });

  it('a parent adds, lists, re-subscribes and removes its own devices', async () => {
    const sub = push.subscriber();
    const created = await subscribeAs(w.headers.mail, sub);
    expect(created.statusCode).toBe(201);
    const device = created.json().data;
    expect(device).toMatchObject({ label: 'Chrome · Android', lastUsedAt: null });
    expect(new Date(device.createdAt).getTime()).toBe(t.clock.now().getTime());
    // The same browser again: the same device, new label.
    const again = await subscribeAs(w.headers.mail, sub, '  Firefox · Linux  ');
    expect(again.json().data).toMatchObject({ id: device.id, label: 'Firefox · Linux' });
    const list = await t.app.inject({ method: 'GET', url: url(apiRoutes.push.list), headers: w.headers.mail });
    expect(list.json().data).toEqual([{ ...device, label: 'Firefox · Linux' }]);
    // Another family neither sees nor removes it.
    const other = await t.app.inject({ method: 'GET', url: url(apiRoutes.push.list), headers: w.headers.carla });
    expect(other.json().data).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: url(apiRoutes.push.unsubscribe, device.id), headers: w.headers.carla })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: url(apiRoutes.push.unsubscribe, device.id), headers: w.headers.mail })).statusCode).toBe(204);
    expect(await t.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('staff have no devices here; without a session it is 401', async () => {
    const sub = push.subscriber();
    expect((await subscribeAs(w.headers.manager, sub)).statusCode).toBe(403);
    expect((await subscribeAs({}, sub)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: url(apiRoutes.push.list), headers: w.headers.admin })).statusCode).toBe(403);
  });

  it('a preference link session subscribes for its own family', async () => {
    const link = await linkHeader(t, await inquiryToken(t, eventId, w.sms.parent.id));
    const res = await subscribeAs(link, push.subscriber(), 'Safari · iPhone');
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(pushSubscriptions);
    expect(row!.parentId).toBe(w.sms.parent.id);
  });

  it('refuses push services outside the allow-list, plain http and made-up keys, in the caller\'s language', async () => {
    const sub = push.subscriber();
    const elsewhere = await subscribeAs(w.headers.mail, { subscription: { ...sub.subscription, endpoint: 'https://push.evil.example/push/1' } });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ code: 'PUSH_ENDPOINT_NOT_ALLOWED', message: expect.stringMatching(/Push-Dienst wird nicht unterstützt/) });
    const turkish = await subscribeAs({ ...w.headers.mail, 'accept-language': 'tr' }, { subscription: { ...sub.subscription, endpoint: 'https://10.0.0.1/push' } });
    expect(turkish.json()).toMatchObject({ code: 'PUSH_ENDPOINT_NOT_ALLOWED', message: expect.stringMatching(/bildirim hizmeti desteklenmiyor/) });
    // An allowed host name with credentials or another scheme is refused too.
    for (const endpoint of [`http://user:pw@127.0.0.1:${push.port}/push/x`, `ftp://127.0.0.1/push/x`, 'not a url']) {
      const res = await subscribeAs(w.headers.mail, { subscription: { ...sub.subscription, endpoint } });
      expect(res.statusCode, endpoint).toBe(400);
    }
    // Right format, but not a point on the curve.
    const p256dh = `B${'A'.repeat(86)}`;
    const bad = await subscribeAs(w.headers.mail, { subscription: { ...sub.subscription, keys: { ...sub.subscription.keys, p256dh } } });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'keys.p256dh' }] });
    const shortAuth = await subscribeAs(w.headers.mail, { subscription: { ...sub.subscription, keys: { ...sub.subscription.keys, auth: 'abc' } } });
    expect(shortAuth.json().code).toBe('VALIDATION_FAILED');
    const longLabel = await subscribeAs(w.headers.mail, sub, 'x'.repeat(81));
    expect(longLabel.json().code).toBe('VALIDATION_FAILED');
    expect(await t.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('a browser used by another family moves there (same device id)', async () => {
    const shared = push.subscriber();
    const first = (await subscribeAs(w.headers.carla, shared)).json().data;
    const moved = (await subscribeAs(w.headers.mail, shared, 'Tablet')).json().data;
    expect(moved.id).toBe(first.id);
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, first.id));
    expect(row).toMatchObject({ parentId: w.mail.parent.id, label: 'Tablet' });
  });

  it('limits how often a family writes devices (429 with Retry-After)', async () => {
    let last = await subscribeAs(w.headers.dora, push.subscriber());
    for (let i = 0; i < 30 && last.statusCode === 201; i++) last = await subscribeAs(w.headers.dora, push.subscriber());
    expect(last.statusCode).toBe(429);
    expect(last.json().code).toBe('RATE_LIMITED');
    expect(last.headers['retry-after']).toBeDefined();
    // (The clock stays: the immediate inquiry of the push lane tests below must still be open.)
    await t.db.execute(sql`delete from rate_limits where key like 'push-subscribe:%'`);
  });

  it('keeps at most 10 devices per family: the oldest is replaced', async () => {
    const first = push.subscriber();
    await subscribeAs(w.headers.carla, first);
    for (let i = 0; i < 10; i++) {
      t.clock.advance(1000);
      expect((await subscribeAs(w.headers.carla, push.subscriber(), `Gerät ${i}`)).statusCode).toBe(201);
    }
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.parentId, w.carla.parent.id));
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.endpoint)).not.toContain(first.endpoint);
  });
});

describe('the push lane of the outbox worker', () => {
  it('sends an inquiry to every device: VAPID-signed, decryptable, urgent, until the deadline, with a working link', async () => {
    const phone = push.subscriber();
    const laptop = push.subscriber();
    await subscribeAs(w.headers.mail, phone);
    await subscribeAs(w.headers.mail, laptop, 'Firefox · Windows');
    const row = await enqueue('inquiry');
    expect(row).toMatchObject({ channel: 'push', recipient: w.mail.parent.id, status: 'pending', subject: 'Kita Sonnenschein' });
    // No link token at rest: the body holds the placeholder, the token is sealed beside it.
    expect(row.bodyText).toContain('/p/{{secret}}');
    expect(row.secret).toMatch(/^v1\./);
    await t.app.outbox.runOnce('push');
    expect(push.messages.map((m) => m.subscriberId).sort()).toEqual([phone.id, laptop.id].sort());
    for (const m of push.messages) {
      expect(m).toMatchObject({ status: 201, problem: null, urgency: 'high', vapid: { k: t.config.push.publicKey, aud: push.origin } });
      expect(m.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    }
    const [e] = await t.db.select().from(events).where(eq(events.id, eventId));
    const untilDeadline = Math.floor((e!.answersCloseAt.getTime() - t.clock.now().getTime()) / 1000);
    expect(push.messages[0]!.ttl).toBe(Math.min(untilDeadline, 24 * 3600));
    const payload = payloadOf();
    expect(payload).toMatchObject({ title: 'Kita Sonnenschein', body: 'Neue Bedarfsabfrage zur Notbetreuung. Bitte geben Sie Ihren Bedarf an.', tag: `inquiry:${eventId}` });
    expect(payload.body).not.toMatch(/Mia|Max/);
    expect(payload.ref).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(payloadOf(0).ref).toBe(payload.ref);
    const [sent] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, row.id));
    expect(sent).toMatchObject({ status: 'sent', transport: 'webpush', refHash: sha256(payload.ref), secret: null, openedAt: null, lastError: null });
    const devices = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.parentId, w.mail.parent.id));
    expect(devices.map((d) => d.lastUsedAt?.getTime())).toEqual([t.clock.now().getTime(), t.clock.now().getTime()]);
    // The notification's link opens the answer page; opening it counts as opened.
    const token = /^\/p\/([A-Za-z0-9_-]+)$/.exec(payload.url)![1]!;
    await linkHeader(t, token);
    const [opened] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, row.id));
    expect(opened!.openedAt?.getTime()).toBe(t.clock.now().getTime());
  });

  it('POST push/opened marks the message of its ref once; an unknown ref changes nothing', async () => {
    await subscribeAs(w.headers.carla, push.subscriber());
    const row = await enqueue('results', w.carla.parent.id);
    await t.app.outbox.runOnce('push');
    const payload = payloadOf();
    expect(payload).toMatchObject({ url: `/parents/${w.carla.parent.id}`, tag: `results:${eventId}`, body: 'Das Ergebnis der Bedarfsabfrage zur Notbetreuung liegt vor.' });
    expect(push.messages[0]).toMatchObject({ urgency: 'normal', ttl: 24 * 3600 });
    const unknown = await t.app.inject({ method: 'POST', url: url(apiRoutes.push.opened), payload: { ref: 'AAAAAAAAAAAAAAAAAAAAAA' } });
    expect(unknown.statusCode).toBe(204);
    const opened = await t.app.inject({ method: 'POST', url: url(apiRoutes.push.opened), payload: { ref: payload.ref } });
    expect(opened.statusCode).toBe(204);
    const at = t.clock.now().getTime();
    t.clock.advance(60_000);
    expect((await t.app.inject({ method: 'POST', url: url(apiRoutes.push.opened), payload: { ref: payload.ref } })).statusCode).toBe(204);
    const [marked] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, row.id));
    expect(marked!.openedAt?.getTime()).toBe(at);
  });

  it('drops a device the push service reports gone (410, 404) and fails as push_expired when none is left', async () => {
    const gone = push.subscriber();
    const alive = push.subscriber();
    await subscribeAs(w.headers.dora, gone);
    await subscribeAs(w.headers.dora, alive);
    push.answer(gone.id, 410);
    const first = await enqueue('results', w.dora.parent.id);
    await t.app.outbox.runOnce('push');
    expect((await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, first.id)))[0]).toMatchObject({ status: 'sent' });
    expect((await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.parentId, w.dora.parent.id))).map((s) => s.endpoint)).toEqual([alive.endpoint]);
    push.answer(alive.id, 404);
    const second = await enqueue('results', w.dora.parent.id);
    await t.app.outbox.runOnce('push');
    expect((await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, second.id)))[0]).toMatchObject({ status: 'failed', failureReason: 'push_expired', secret: null });
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.parentId, w.dora.parent.id))).toEqual([]);
    // A family without any device: the message fails at once, the same way.
    const third = await enqueue('results', w.dora.parent.id);
    await t.app.outbox.runOnce('push');
    expect((await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, third.id)))[0]).toMatchObject({ status: 'failed', failureReason: 'push_expired' });
  });

  it('retries after 429 and 5xx with the usual backoff', async () => {
    const busy = push.subscriber();
    await subscribeAs(w.headers.mail, busy);
    push.answer(busy.id, 429, 1);
    push.answer(busy.id, 429, 1);
    const row = await enqueue('results');
    await t.app.outbox.runOnce('push');
    const [waiting] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, row.id));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, failureReason: null });
    expect(waiting!.lastError).toMatch(/429/);
    push.answer(busy.id, 503, 1);
    await new Promise((r) => setTimeout(r, 20));
    await t.app.outbox.runOnce('push');
    expect((await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, row.id)))[0]).toMatchObject({ status: 'pending', attempts: 2 });
    await new Promise((r) => setTimeout(r, 20));
    await t.app.outbox.runOnce('push');
    expect((await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, row.id)))[0]).toMatchObject({ status: 'sent', attempts: 3 });
    expect(push.messages.map((m) => m.status)).toEqual([429, 503, 201]);
  });

  it('a device registered with other keys cannot read the push (the stand-in, like a browser, fails to decrypt)', async () => {
    const sub = push.subscriber();
    const foreignKeys = subscriberKeys();
    await subscribeAs(w.headers.mail, { subscription: { ...sub.subscription, keys: { p256dh: foreignKeys.p256dh, auth: foreignKeys.auth } } });
    await enqueue('results');
    await t.app.outbox.runOnce('push');
    expect(push.messages[0]).toMatchObject({ status: 201, payload: null, problem: expect.stringMatching(/could not be decrypted/) });
  });

  it('with push switched off, a queued push fails as push_off and nothing is sent', async () => {
    await subscribeAs(w.headers.carla, push.subscriber());
    const row = await enqueue('results', w.carla.parent.id);
    const off = new OutboxWorker({ db: t.db, log: t.app.log, transports: { email: devMailbox, sms: devMailbox }, clock: t.clock, ...outboxOptions(testConfig({ PUSH: 'off' })) });
    await off.runOnce('push');
    expect((await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, row.id)))[0]).toMatchObject({ status: 'failed', failureReason: 'push_off', secret: null });
    expect(push.messages).toEqual([]);
  });

  it('push rows are not taken for an SMS/e-mail channel fallback', async () => {
    const futureId = await futureEvent(t, w, 1);
    expect(futureId).toBeTruthy();
    const rows = await pushRows(w.dora.parent.id);
    expect(rows.filter((r) => r.status === 'failed').length).toBeGreaterThan(0);
    const { sendFallbacks } = await import('../delivery/service.js');
    const { sendMessageFallbacks } = await import('../delivery/fallback.js');
    const ctx = { db: t.db, clock: t.clock, config: t.config, outbox: t.app.outbox };
    await sendFallbacks(ctx);
    await sendMessageFallbacks(ctx);
    const fallbacks = await t.db.select().from(outboxMessages).where(eq(outboxMessages.parentId, w.dora.parent.id));
    expect(fallbacks.filter((m) => m.idempotencyKey.startsWith('fallback:') && rows.some((r) => m.fallbackOf === r.id))).toEqual([]);
  });
});

describe('Meine Daten and erasure', () => {
  it('the family export lists its devices (label, added, last used), never the push address or keys', async () => {
    const sub = push.subscriber();
    await subscribeAs(w.headers.carla, sub, 'Edge · Windows');
    const res = await t.app.inject({ method: 'GET', url: `/api/parents/${w.carla.parent.id}/export`, headers: w.headers.carla });
    expect(res.statusCode).toBe(200);
    expect(res.json().devices).toEqual([{ label: 'Edge · Windows', createdAt: t.clock.now().toISOString(), lastUsedAt: null }]);
    expect(res.body).not.toContain(sub.endpoint);
    expect(res.body).not.toContain(sub.subscription.keys.auth);
    const pdf = await t.app.inject({ method: 'GET', url: `/api/parents/${w.carla.parent.id}/export?format=pdf`, headers: w.headers.carla });
    expect(pdf.statusCode).toBe(200);
  });

  it('erasing the family deletes its devices and push messages', async () => {
    await subscribeAs(w.headers.dora, push.subscriber());
    await enqueue('results', w.dora.parent.id);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/parents/${w.dora.parent.id}`, headers: w.headers.manager });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.parentId, w.dora.parent.id))).toEqual([]);
    expect(await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.channel, 'push'), eq(outboxMessages.recipient, w.dora.parent.id)))).toEqual([]);
  });
});
