import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../db/schema.js';
import { createTestApp, testConfig, type TestContext } from '../../test/app.js';
import { startFakeSeven, type FakeSeven } from '../../test/fake-providers.js';
import { enqueueMessages } from './outbox.js';
import { createTransports } from './transports.js';

/**
 * The second SMS provider, seven.io, against a local fake of its REST API: accepted, a permanent
 * error (invalid recipient), a temporary error (5xx, retried), and its signed delivery reports
 * (forged, replayed and stale ones refused).
 */

let seven: FakeSeven;
let t: TestContext;
const WEBHOOK = 'http://kita.test/api/delivery/seven/status';

beforeAll(async () => {
  seven = await startFakeSeven();
  t = await createTestApp({
    env: {
      SMS_PROVIDER: 'seven',
      SEVEN_API_URL: seven.url,
      SEVEN_API_KEY: seven.apiKey,
      SEVEN_FROM: 'Kita',
      SEVEN_SIGNING_SECRET: seven.signingSecret,
      SMS_RATE_PER_SECOND: '1000',
      OUTBOX_RETRY_BASE_MS: '20',
    },
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await seven.close();
});

const sms = (key: string, to: string) =>
  enqueueMessages(t.db, [{ idempotencyKey: key, kind: 'otp', channel: 'sms', recipient: to, language: 'de', bodyText: `Code für ${key}` }]);
const row = async (key: string) => (await t.db.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, key)))[0]!;
async function drain() {
  for (let i = 0; i < 20; i++) {
    await t.app.outbox.runOnce();
    const due = await t.db.select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.status, 'pending'));
    if (due.length === 0) return;
    await new Promise((r) => setTimeout(r, 30));
  }
}

describe('seven.io transport', () => {
  it('is chosen by configuration', () => {
    const env = { SEVEN_API_KEY: 'k', SEVEN_FROM: 'Kita', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'x', TWILIO_FROM: '+4930' };
    expect(createTransports(testConfig({ ...env, SMS_PROVIDER: 'seven' })).sms.name).toBe('seven');
    expect(createTransports(testConfig(env)).sms.name).toBe('twilio');
    expect(createTransports(testConfig({ SEVEN_API_KEY: 'k', SEVEN_FROM: 'Kita' })).sms.name).toBe('seven');
    expect(() => createTransports(testConfig({ SEVEN_API_KEY: 'k' }))).toThrow(/SEVEN_API_KEY, SEVEN_FROM: set both or none/);
    expect(() => createTransports(testConfig({ SMS_PROVIDER: 'seven' }))).toThrow(/SMS_PROVIDER=seven needs/);
  });

  it('delivers, fails a bad number at once, and retries a 5xx', async () => {
    seven.rejectNumber('+4917000000404');
    await sms('seven-ok', '+4917000000001');
    await sms('seven-bad', '+4917000000404');
    await drain();
    seven.failNext(1, 503);
    await sms('seven-retry', '+4917000000002');
    await drain();
    const ok = await row('seven-ok');
    expect(ok).toMatchObject({ status: 'sent', transport: 'seven', attempts: 1 });
    expect(seven.messages.find((m) => m.to === '+4917000000001')).toMatchObject({ from: 'Kita', foreignId: ok.id, id: ok.providerMessageId });
    expect(await row('seven-bad')).toMatchObject({ status: 'failed', attempts: 1, failureReason: 'invalid_number' });
    expect(await row('seven-retry')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('applies signed delivery reports and refuses forged, replayed and stale ones', async () => {
    const ok = await row('seven-ok');
    const retry = await row('seven-retry');
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const report = seven.deliveryReport(ok.providerMessageId!, 'DELIVERED', { webhookUrl: WEBHOOK, timestamp: now });
    const forged = { ...report, headers: { ...report.headers, 'x-signature': '0'.repeat(64) } };
    expect((await t.app.inject(forged)).statusCode).toBe(403);
    expect((await row('seven-ok')).deliveryStatus).toBeNull();
    expect((await t.app.inject(report)).json().data).toEqual({ applied: true });
    // seven's retry of the same signed report: accepted, no second effect.
    expect((await t.app.inject(report)).json().data).toEqual({ applied: false, duplicate: true });
    expect((await row('seven-ok')).deliveryStatus).toBe('delivered');

    // Older than seven's whole re-delivery window (~3.5 days): refused.
    const stale = seven.deliveryReport(retry.providerMessageId!, 'NOTDELIVERED', { webhookUrl: WEBHOOK, timestamp: now - 5 * 24 * 3600 });
    expect((await t.app.inject(stale)).statusCode).toBe(409);
    const failed = seven.deliveryReport(retry.providerMessageId!, 'NOTDELIVERED', { webhookUrl: WEBHOOK, timestamp: now });
    expect((await t.app.inject(failed)).statusCode).toBe(200);
    expect(await row('seven-retry')).toMatchObject({ deliveryStatus: 'undelivered', failureReason: 'unreachable', providerStatus: 'NOTDELIVERED' });
  });

  it('answers 404 for the Twilio callback when Twilio is not configured', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/delivery/twilio/status', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'MessageSid=SM1' });
    expect(res.statusCode).toBe(404);
  });
});
