import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelPauses, events, outboxMessages } from '../db/schema.js';
import { createTestApp, testConfig, type TestContext } from '../../test/app.js';
import { authHeader, createKita, createStaff } from '../../test/factories.js';
import { createEventRow } from '../../test/factories-structure.js';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-providers.js';
import { enqueueMessages } from './outbox.js';
import {
  classifyTwilioCode,
  parseForm,
  twilioOutcome,
  twilioSenderProblem,
  twilioSignature,
  twilioStatusReason,
  twilioValiditySeconds,
  validateTwilioSignature,
} from './twilio.js';

/**
 * Contract suite for Twilio, built from the documented requests, answers and
 * callbacks (notify/twilio.ts names the pages): X-Twilio-Signature as twilio-node's
 * validateRequest checks it (with and without the port, the legacy query encoding, repeated
 * parameters), the Webhook Rules HMAC-SHA256 variant, connection-override fragments, every
 * MessageStatus, the error codes (per message vs account-level), ValidityPeriod, sender rules.
 */

let twilio: FakeTwilio;
let t: TestContext;
const SHARED = { sid: 'HKtest000000000000000000000000000', secret: 'rule-shared-key-secret', algorithm: 'HMAC_SHA256' as const };

beforeAll(async () => {
  twilio = await startFakeTwilio();
  t = await createTestApp({
    env: {
      TWILIO_API_URL: twilio.url,
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+4930123456',
      TWILIO_WEBHOOK_SHARED_KEY: SHARED.secret,
      TWILIO_CALLBACK_OVERRIDES: 'rc=3&rp=all',
      SMS_RATE_PER_SECOND: '1000',
      OUTBOX_RETRY_BASE_MS: '1',
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await twilio?.close();
});

const sms = (key: string, to: string, extra: Partial<Parameters<typeof enqueueMessages>[1][number]> = {}) =>
  enqueueMessages(t.db, [{ idempotencyKey: key, kind: 'otp', channel: 'sms', recipient: to, language: 'de', bodyText: `Code für ${key}`, ...extra }]);
const row = async (key: string) => (await t.db.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, key)))[0]!;
async function drain() {
  for (let i = 0; i < 30; i++) {
    await t.app.outbox.runOnce();
    const due = await t.db.select({ id: outboxMessages.id }).from(outboxMessages).where(sql`${outboxMessages.status} in ('pending', 'sending')`);
    if (due.length === 0) return;
    await new Promise((r) => setTimeout(r, 5));
  }
}
const sentSid = async (key: string, to: string) => {
  await sms(key, to);
  await drain();
  const r = await row(key);
  expect(r.status, r.lastError ?? '').toBe('sent');
  return r.providerMessageId!;
};

describe('Twilio request validation (twilio-node webhooks.ts validateRequest)', () => {
  const token = 'validation-token';
  const params = parseForm('MessageSid=SM1&MessageStatus=delivered&To=%2B4917000000001');

  it('accepts the URL signed with or without the standard port (T1)', () => {
    const signedWithPort = twilioSignature(token, 'https://kita.example.org:443/api/delivery/twilio/status', params);
    expect(validateTwilioSignature({ secret: token, algorithm: 'HMAC_SHA1' }, signedWithPort, ['https://kita.example.org/api/delivery/twilio/status'], params)).toBe(true);
    const signedWithout = twilioSignature(token, 'https://kita.example.org/api/delivery/twilio/status', params);
    expect(validateTwilioSignature({ secret: token, algorithm: 'HMAC_SHA1' }, signedWithout, ['https://kita.example.org:443/api/delivery/twilio/status'], params)).toBe(true);
  });

  it("accepts the legacy query-string encoding Twilio's back end may have signed (T1)", () => {
    // Node's legacy querystring leaves ' unencoded; WHATWG URL encodes it as %27.
    const signed = twilioSignature(token, "https://kita.example.org/cb?kita='sonne'", params);
    expect(validateTwilioSignature({ secret: token, algorithm: 'HMAC_SHA1' }, signed, ['https://kita.example.org/cb?kita=%27sonne%27'], params)).toBe(true);
    expect(validateTwilioSignature({ secret: token, algorithm: 'HMAC_SHA1' }, signed, ['https://kita.example.org/cb?kita=%27sonne%27'], parseForm('MessageSid=SM2'))).toBe(false);
  });

  it('signs every value of a repeated parameter, sorted (T2)', () => {
    const repeated = parseForm('MessageSid=SM1&Tag=b&Tag=a');
    // Twilio's data string: URL + MessageSid SM1 + Tag a + Tag b.
    expect(twilioSignature(token, 'https://x.test/cb', repeated)).toBe(twilioSignature(token, 'https://x.test/cb', new Map([['Tag', ['a', 'b']], ['MessageSid', ['SM1']]])));
    expect(twilioSignature(token, 'https://x.test/cb', repeated)).not.toBe(twilioSignature(token, 'https://x.test/cb', { MessageSid: 'SM1', Tag: 'a' }));
  });

  it('maps every documented MessageStatus and names the errors (T6)', () => {
    const finals = { delivered: 'delivered', read: 'delivered', undelivered: 'undelivered', failed: 'undelivered', canceled: 'undelivered', partially_delivered: 'undelivered' };
    for (const [s, outcome] of Object.entries(finals)) expect(twilioOutcome(s)).toBe(outcome);
    for (const s of ['queued', 'sending', 'sent', 'accepted', 'scheduled', 'receiving', 'received']) expect(twilioOutcome(s)).toBeNull();
    expect(twilioStatusReason('failed', '30036')).toBe('expired');
    expect(twilioStatusReason('canceled', undefined)).toBe('rejected');
    expect(twilioStatusReason('partially_delivered', undefined)).toBe('unreachable');
    // The common set-up errors of a German account are account-level, never "unknown" (T7, T9).
    expect(['21612', '21408', '21606', '21659', '21608', '20003'].map((c) => classifyTwilioCode(c))).toEqual([
      { kind: 'account', problem: 'sender_id' },
      { kind: 'account', problem: 'region' },
      { kind: 'account', problem: 'sender' },
      { kind: 'account', problem: 'sender' },
      { kind: 'account', problem: 'trial' },
      { kind: 'account', problem: 'auth' },
    ]);
  });
});

describe('Twilio status callbacks end to end', () => {
  it('sends StatusCallback with the connection overrides and accepts the callback signed over the URL with its #fragment (T4)', async () => {
    const sid = await sentSid('fragment', '+4917000000101');
    expect(twilio.messages.find((m) => m.sid === sid)!.statusCallback).toBe('http://kita.test/api/delivery/twilio/status#rc=3&rp=all');
    const res = await t.app.inject(twilio.statusCallback(sid, 'delivered'));
    expect(res.statusCode, res.body).toBe(200);
    expect(await row('fragment')).toMatchObject({ deliveryStatus: 'delivered' });
  });

  it('accepts a callback signed with the port written out, and one with repeated parameters (T1, T2)', async () => {
    const sid = await sentSid('port', '+4917000000102');
    const withPort = twilio.statusCallback(sid, 'sent', undefined, { signedUrl: 'http://kita.test:80/api/delivery/twilio/status#rc=3&rp=all' });
    expect((await t.app.inject(withPort)).statusCode).toBe(200);
    const repeated = twilio.statusCallback(sid, 'delivered', undefined, { extra: [['Tag', 'b'], ['Tag', 'a']] });
    const res = await t.app.inject(repeated);
    expect(res.statusCode, res.body).toBe(200);
    expect(await row('port')).toMatchObject({ deliveryStatus: 'delivered' });
  });

  it("accepts a Webhook Rule's HMAC-SHA256 signature with the shared key, and refuses it with the wrong key (T3)", async () => {
    const sid = await sentSid('rule', '+4917000000103');
    const wrong = twilio.statusCallback(sid, 'delivered', undefined, { sharedKey: { ...SHARED, secret: 'not-the-key' } });
    expect((await t.app.inject(wrong)).statusCode).toBe(403);
    const res = await t.app.inject(twilio.statusCallback(sid, 'delivered', undefined, { sharedKey: SHARED }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await row('rule')).toMatchObject({ deliveryStatus: 'delivered' });
  });

  it('maps canceled, partially_delivered and 30036 to failed with a reason (T6)', async () => {
    for (const [key, status, code, reason] of [
      ['canceled', 'canceled', undefined, 'rejected'],
      ['partial', 'partially_delivered', undefined, 'unreachable'],
      ['validity', 'failed', '30036', 'expired'],
    ] as const) {
      const sid = await sentSid(key, `+49170000002${key.length}${key.charCodeAt(0) % 10}`);
      expect((await t.app.inject(twilio.statusCallback(sid, status, code))).statusCode).toBe(200);
      expect(await row(key)).toMatchObject({ deliveryStatus: 'undelivered', failureReason: reason });
    }
  });

  it('keeps a callback that beats the send answer and applies it when the sid is stored (T5)', async () => {
    const release = twilio.holdAnswers();
    await sms('race', '+4917000000104');
    const delivering = t.app.outbox.runOnce('sms');
    for (let i = 0; i < 200 && !twilio.messages.some((m) => m.to === '+4917000000104'); i++) await new Promise((r) => setTimeout(r, 5));
    const sid = twilio.messages.find((m) => m.to === '+4917000000104')!.sid;
    const early = await t.app.inject(twilio.statusCallback(sid, 'delivered'));
    expect(early.json().data).toEqual({ applied: false, kept: true });
    release();
    await delivering;
    expect(await row('race')).toMatchObject({ status: 'sent', providerMessageId: sid, deliveryStatus: 'delivered' });
  });
});

describe('Twilio account-level errors pause the channel (T7)', () => {
  it('pauses SMS for everyone on 21608/21408/21612/21606/21659/401, marks nothing failed, shows the banner, resumes on a probe', async () => {
    const { kita } = await createKita(t.db, 'Kita Pause');
    const admin = await authHeader(t.app, (await createStaff(t.db, 'Admin')).id);
    const manager = await authHeader(t.app, (await createStaff(t.db, 'KitaManager', kita.id)).id);
    const { kita: other } = await createKita(t.db, 'Kita Ohne SMS');
    const otherManager = await authHeader(t.app, (await createStaff(t.db, 'KitaManager', other.id)).id);
    for (const [code, status, problem] of [
      [21608, 400, 'trial'],
      [21408, 400, 'region'],
      [21612, 400, 'sender_id'],
      [21606, 400, 'sender'],
      [21659, 400, 'sender'],
      [20003, 401, 'auth'],
    ] as const) {
      await t.db.delete(channelPauses);
      // The account is misconfigured: Twilio refuses every message the same way until it is fixed.
      twilio.failWithCode(1000, code, status);
      const keys = [`acct-${code}-a`, `acct-${code}-b`, `acct-${code}-c`];
      for (const [i, k] of keys.entries()) await sms(k, `+4917000003${String(code).slice(-2)}${i}`, { kitaId: kita.id });
      await t.app.outbox.runOnce('sms');
      const rows = await Promise.all(keys.map(row));
      // Nothing failed: every message waits; the one tried does not lose an attempt.
      expect(rows.map((r) => [r.status, r.failureReason])).toEqual(keys.map(() => ['pending', null]));
      expect(rows.every((r) => r.attempts === 0)).toBe(true);
      const banner = await t.app.inject({ method: 'GET', url: '/api/delivery/channel-pauses', headers: manager });
      expect(banner.statusCode, banner.body).toBe(200);
      expect(banner.json().data).toMatchObject([{ channel: 'sms', transport: 'twilio', problem, providerCode: String(code), waiting: 3 }]);
      expect((await t.app.inject({ method: 'GET', url: '/api/delivery/channel-pauses', headers: admin })).json().data).toHaveLength(1);
      // A manager of a Kita with nothing waiting is not alarmed.
      expect((await t.app.inject({ method: 'GET', url: '/api/delivery/channel-pauses', headers: otherManager })).json().data).toEqual([]);
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
      if (metrics.statusCode === 200) expect(metrics.body).toMatch(/kita_channel_paused\{channel="sms"[^}]*\} 1/);
      // No probe before its time; then the probe succeeds and everything goes out.
      expect(await t.app.outbox.runOnce('sms')).toBe(0);
      // Still broken at the first probe: one request, the pause goes on.
      t.clock.advance(61_000);
      const before = twilio.requests;
      await t.app.outbox.runOnce('sms');
      expect(twilio.requests - before).toBe(1);
      expect((await Promise.all(keys.map(row))).map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
      // Fixed: the next probe (two minutes later) gets through and everything goes out.
      twilio.failWithCode(0, code, status);
      t.clock.advance(121_000);
      await drain();
      expect((await Promise.all(keys.map(row))).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
      expect(await t.db.select().from(channelPauses)).toHaveLength(0);
    }
  });

  it('lets an Admin resume by hand, and refuses it to a manager', async () => {
    const admin = await authHeader(t.app, (await createStaff(t.db, 'Admin')).id);
    const { kita } = await createKita(t.db, 'Kita Resume');
    const manager = await authHeader(t.app, (await createStaff(t.db, 'KitaManager', kita.id)).id);
    twilio.failWithCode(1, 21608, 400);
    await sms('manual', '+4917000000400', { kitaId: kita.id });
    await t.app.outbox.runOnce('sms');
    expect(await t.db.select().from(channelPauses)).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/delivery/channel-pauses/sms/resume', headers: manager })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'POST', url: '/api/delivery/channel-pauses/sms/resume', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/delivery/channel-pauses/sms/resume', headers: admin })).json().code).toBe('CHANNEL_NOT_PAUSED');
    await drain();
    expect(await row('manual')).toMatchObject({ status: 'sent' });
  });

  it('still fails a per-message error for that family alone (21211), without pausing', async () => {
    twilio.rejectNumber('+4917000000500');
    await sms('bad-number', '+4917000000500');
    await sms('good-number', '+4917000000501');
    await drain();
    expect(await row('bad-number')).toMatchObject({ status: 'failed', failureReason: 'invalid_number', attempts: 1 });
    expect(await row('good-number')).toMatchObject({ status: 'sent' });
    expect(await t.db.select().from(channelPauses)).toHaveLength(0);
  });
});

describe('Twilio ValidityPeriod and sender (Message resource)', () => {
  it('gives an inquiry SMS the seconds left to its answer deadline (T8)', async () => {
    const { kita, kindergarten } = await createKita(t.db, 'Kita Validity');
    const e = await createEventRow(t.db, kita.id, kindergarten.id, t.clock.now());
    await t.db.update(events).set({ answersCloseAt: new Date(t.clock.now().getTime() + 15 * 60_000) }).where(eq(events.id, e.id));
    await sms('validity-period', '+4917000000600', { kind: 'reminder', eventId: e.id, kitaId: kita.id });
    await sms('no-deadline', '+4917000000601');
    await drain();
    expect(twilio.messages.find((m) => m.to === '+4917000000600')!.validity).toBe(900);
    // An OTP has no answer deadline: Twilio's default validity.
    expect(twilio.messages.find((m) => m.to === '+4917000000601')!.validity).toBeUndefined();
    expect([0.2, 900, 36_000, 100_000].map(twilioValiditySeconds)).toEqual([1, 900, 36_000, 36_000]);
  });

  it('checks TWILIO_FROM at start-up and sends through a Messaging Service SID', async () => {
    for (const ok of ['+4930123456', 'KitaSonne', 'Kita Sonne', `MG${'a'.repeat(32)}`]) expect(twilioSenderProblem(ok)).toBeNull();
    for (const bad of ['030123456', '+0301234', 'Kita Sonnenschein', 'Kita_Sonne', '']) expect(twilioSenderProblem(bad)).not.toBeNull();
    expect(() => testConfig({ TWILIO_FROM: '0301234567' })).toThrow(/TWILIO_FROM: must be a Twilio number in E.164/);
    const service = `MG${'0123456789abcdef'.repeat(2)}`;
    const other = await createTestApp({ env: { TWILIO_API_URL: twilio.url, TWILIO_ACCOUNT_SID: twilio.accountSid, TWILIO_AUTH_TOKEN: twilio.authToken, TWILIO_FROM: service } });
    try {
      await enqueueMessages(other.db, [{ idempotencyKey: 'svc', kind: 'otp', channel: 'sms', recipient: '+4917000000700', language: 'de', bodyText: 'x' }]);
      await other.app.outbox.runOnce('sms');
      expect(twilio.messages.find((m) => m.to === '+4917000000700')).toMatchObject({ messagingServiceSid: service, from: '' });
    } finally {
      await other.close();
    }
  });
});

describe('test message for operators', () => {
  it('sends one SMS and one e-mail an Admin enters and shows the provider answer and then the delivery report', async () => {
    const admin = await authHeader(t.app, (await createStaff(t.db, 'Admin')).id);
    const { kita } = await createKita(t.db, 'Kita Test Message');
    const manager = await authHeader(t.app, (await createStaff(t.db, 'KitaManager', kita.id)).id);
    const payload = { phone: '0170 9990001', email: 'betrieb@kita.test' };
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/test-message', headers: manager, payload })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/test-message', headers: admin, payload: { phone: '12' } });
    expect(bad.statusCode).toBe(400);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/test-message', headers: admin, payload });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.ids).toHaveLength(2);
    await drain();
    const sent = twilio.messages.find((m) => m.to === '+491709990001')!;
    expect(sent.body).toMatch(/Testnachricht/);
    const list = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/test-messages', headers: admin })).json().data as Array<Record<string, unknown>>;
    const sms = (await list()).find((m) => m.channel === 'sms')!;
    expect(sms).toMatchObject({ recipient: '+491709990001', state: 'sent', transport: 'twilio', providerMessageId: sent.sid, providerStatus: null });
    expect((await list()).find((m) => m.channel === 'email')).toMatchObject({ recipient: 'betrieb@kita.test' });
    // The delivery report arrives through the configured webhook: the page shows it.
    expect((await t.app.inject(twilio.statusCallback(sent.sid, 'delivered'))).statusCode).toBe(200);
    expect((await list()).find((m) => m.channel === 'sms')).toMatchObject({ state: 'delivered', providerStatus: 'delivered' });
  });
});

