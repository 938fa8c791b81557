import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestContext } from '../../test/app.js';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-providers.js';
import { outboxMessages, rateLimits, sessions, tokens, withdrawnLinks } from '../db/schema.js';
import { runRetention } from '../jobs/retention.js';
import { OutboxWorker, outboxOptions } from '../jobs/outbox-worker.js';
import { isFictionalRecipient } from '../notify/fictional.js';
import { enqueueMessages } from '../notify/outbox.js';
import { createTransports } from '../notify/transports.js';

// The real now: every date of these tests is relative to it.
const NOW = new Date();
const DAY = 86_400_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

let t: TestContext;
let twilio: FakeTwilio;
let config: ReturnType<typeof testConfig>;
beforeAll(async () => {
  twilio = await startFakeTwilio();
  config = testConfig({ TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_FROM: '+4915700000000', TWILIO_API_URL: twilio.url });
  t = await createTestApp({ now: NOW, transports: createTransports(config) });
});
afterAll(async () => {
  await t.close();
  await twilio.close();
});

const sms = (key: string, recipient: string) => ({
  idempotencyKey: key, kind: 'otp' as const, channel: 'sms' as const, recipient, language: 'de' as const, bodyText: `Code ${key}`,
});
const metric = async (name: string) => {
  const res = await t.app.inject({ url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  const line = res.body.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
};

describe('/metrics', () => {
  it('shows a failed message after a failed delivery, the queue and request latency by route', async () => {
    expect(await metric('kita_outbox_failed')).toBe(0);
    // The counter lives in the process (other test files in this worker add their own label sets): summed over all.
    const failedTotal = async () =>
      (await t.app.inject({ url: '/metrics' })).body
        .split('\n')
        .filter((l) => l.startsWith('kita_outbox_failed_total{'))
        .reduce((sum, l) => sum + Number(l.split(' ').at(-1)), 0);
    const before = await failedTotal();
    twilio.rejectNumber('+4915100000001');
    await enqueueMessages(t.db, [sms('m-fail', '+4915100000001'), sms('m-ok', '+4915100000002')]);
    expect(await metric('kita_outbox_pending')).toBe(2);
    expect(await metric('kita_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(await t.app.outbox.runOnce()).toBe(2);
    expect(await metric('kita_outbox_failed')).toBe(1);
    // The counter an alert watches: one more, by channel and reason.
    expect(await failedTotal()).toBe(before + 1);
    expect((await t.app.inject({ url: '/metrics' })).body).toMatch(/kita_outbox_failed_total\{channel="sms",reason="[a-z_]+"\} \d+/);
    expect(await metric('kita_outbox_pending')).toBe(0);
    expect(await metric('kita_inquiries_open')).toBe(0);
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/metrics",status_code="200"\} \d+/);
    expect(res.body).toContain('# TYPE kita_inquiry_close_duration_seconds histogram');
  });
});

describe('health', () => {
  it('has separate liveness and readiness endpoints', async () => {
    expect((await t.app.inject({ url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/api/health/ready' })).json()).toMatchObject({ status: 'ok' });
  });
});

describe('fictional recipients', () => {
  it('recognises reserved domains and the drama-number ranges only', () => {
    for (const r of ['eltern@kita.example', 'a@eltern.example', 'p@example.org', '+491713920000', '+491713920099', '+493023125123']) {
      expect(isFictionalRecipient(r)).toBe(true);
    }
    for (const r of ['x@y.test', 'a@example.de', 'a@kita-example.de', '+491701234567', '+4917139201000', '+49302312512']) {
      expect(isFictionalRecipient(r)).toBe(false);
    }
  });

  it('in development, demo messages stay in the dev mailbox even when a real SMS provider is configured', async () => {
    const dev = new OutboxWorker({
      db: t.db,
      log: t.app.log,
      transports: createTransports(config),
      ...outboxOptions({ ...config, NODE_ENV: 'development' }),
    });
    const before = twilio.messages.length;
    await enqueueMessages(t.db, [sms('demo', '+491713920005'), sms('real', '+4915100000003')]);
    expect(await dev.runOnce()).toBe(2);
    expect(twilio.messages.slice(before).map((m) => m.to)).toEqual(['+4915100000003']);
    const [demo] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, 'demo'));
    expect(demo).toMatchObject({ status: 'sent', transport: 'dev' });
  });
});

describe('retention', () => {
  it('deletes old messages, expired sessions and tokens and stale rate-limit rows, and keeps what is not old', async () => {
    await t.db.delete(outboxMessages);
    const msg = (key: string, status: string, createdAt: Date) => ({ ...sms(key, '+4915100000009'), status, createdAt });
    await t.db.insert(outboxMessages).values([
      msg('sent-91d', 'sent', ago(91 * DAY)),
      msg('failed-91d', 'failed', ago(91 * DAY)),
      msg('sent-89d', 'sent', ago(89 * DAY)),
      msg('pending-200d', 'pending', ago(200 * DAY)),
    ]);
    await t.db.insert(sessions).values([
      { kind: 'user', expiresAt: ago(2 * DAY) },
      { kind: 'user', expiresAt: new Date(NOW.getTime() + DAY) },
    ]);
    await t.db.insert(tokens).values([
      { kind: 'otp', tokenHash: 'otp-old', expiresAt: ago(8 * DAY) },
      { kind: 'reset', tokenHash: 'reset-used-old', expiresAt: new Date(NOW.getTime() + DAY), usedAt: ago(8 * DAY) },
      { kind: 'otp', tokenHash: 'otp-recent', expiresAt: ago(2 * DAY) },
      { kind: 'preference', tokenHash: 'pref-old', expiresAt: ago(91 * DAY) },
      { kind: 'preference', tokenHash: 'pref-recent', expiresAt: ago(10 * DAY) },
    ]);
    await t.db.insert(rateLimits).values([
      { key: 'stale', count: 3, windowStart: ago(2 * DAY) },
      { key: 'current', count: 3, windowStart: ago(10 * 60_000) },
    ]);

    // A withdrawn inquiry's links live as long as the preference tokens they replace.
    const withdrawn = (tokenHash: string, expiresAt: Date) => ({ tokenHash, kitaName: 'K', careStartsAt: expiresAt, careEndsAt: expiresAt, timezone: 'Europe/Berlin', withdrawnAt: expiresAt, expiresAt });
    await t.db.insert(withdrawnLinks).values([withdrawn('withdrawn-old', ago(91 * DAY)), withdrawn('withdrawn-recent', ago(10 * DAY))]);

    expect(await runRetention(t.app)).toMatchObject({ messages: 2, sessions: 1, tokens: 3, rateLimits: 1, withdrawnLinks: 1, registrations: 0 });
    expect((await t.db.select({ h: withdrawnLinks.tokenHash }).from(withdrawnLinks)).map((r) => r.h)).toEqual(['withdrawn-recent']);
    const keys = (await t.db.select({ k: outboxMessages.idempotencyKey }).from(outboxMessages)).map((r) => r.k).sort();
    expect(keys).toEqual(['pending-200d', 'sent-89d']);
    expect((await t.db.select({ h: tokens.tokenHash }).from(tokens)).map((r) => r.h).sort()).toEqual(['otp-recent', 'pref-recent']);
    // The message budgets' own counters (notify/budget.ts) live beside the limits and are kept by their window.
    expect((await t.db.select({ k: rateLimits.key }).from(rateLimits)).map((r) => r.k).filter((k) => !k.startsWith('budget:'))).toEqual(['current']);
    expect(Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from sessions`)).rows[0]!.n)).toBe(1);
    // A second run finds nothing more.
    expect(await runRetention(t.app)).toMatchObject({ messages: 0, sessions: 0, tokens: 0, rateLimits: 0, withdrawnLinks: 0, registrations: 0 });
  });

  it('follows RETENTION_MESSAGES_DAYS', async () => {
    await t.db.insert(outboxMessages).values({ ...sms('sent-40d', '+4915100000009'), status: 'sent', createdAt: ago(40 * DAY) });
    const short = Object.create(t.app, { config: { value: { ...t.app.config, RETENTION_MESSAGES_DAYS: 30 } } }) as typeof t.app;
    expect((await runRetention(short)).messages).toBe(2);
  });
});
