import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelPauses, events, outboxMessages, pendingDeliveryReports } from '../db/schema.js';
import { createTestApp, testConfig, type TestContext } from '../../test/app.js';
import { createKita } from '../../test/factories.js';
import { createEventRow } from '../../test/factories-structure.js';
import { startFakeSeven, type FakeSeven } from '../../test/fake-providers.js';
import { enqueueMessages } from './outbox.js';
import { classifySevenCode, parseSevenReport, sevenOutcome, sevenSenderProblem, sevenTtlMinutes } from './seven.js';

/**
 * Contract suite for seven.io, built from the documented requests and answers
 * (notify/seven.ts names the pages): the SMS API's return codes, the delivery report webhook in
 * both formats, its signature as seven's signing page and its own verifier compute it, re-delivery
 * of the same report, the report that beats the send's answer, ttl, and the sender rules.
 */

let seven: FakeSeven;
let t: TestContext;
const WEBHOOK = 'http://kita.test/api/delivery/seven/status';
const nowS = () => Math.floor(t.clock.now().getTime() / 1000);

beforeAll(async () => {
  seven = await startFakeSeven();
  t = await createTestApp({
    env: {
      SMS_PROVIDER: 'seven',
      SEVEN_API_URL: seven.url,
      SEVEN_API_KEY: seven.apiKey,
      SEVEN_FROM: 'KitaSonne',
      SEVEN_SIGNING_SECRET: seven.signingSecret,
      SMS_RATE_PER_SECOND: '1000',
      OUTBOX_RETRY_BASE_MS: '1',
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await seven?.close();
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
const sentId = async (key: string, to: string) => {
  await sms(key, to);
  await drain();
  const r = await row(key);
  expect(r.status).toBe('sent');
  return r.providerMessageId!;
};

describe('seven.io return codes (API reference "Return codes")', () => {
  it('classifies every documented code, following the API reference where the clients disagree', () => {
    expect(classifySevenCode('100')).toEqual({ kind: 'sent' });
    expect(classifySevenCode('402')).toEqual({ kind: 'duplicate' });
    for (const c of ['202', '301']) expect(classifySevenCode(c)).toEqual({ kind: 'message', reason: 'invalid_number' });
    for (const c of ['304', '305', '307', '400', '401']) expect(classifySevenCode(c)).toEqual({ kind: 'message', reason: 'rejected' });
    for (const c of ['201', '306']) expect(classifySevenCode(c)).toEqual({ kind: 'account', problem: 'sender' });
    for (const c of ['300', '900', '901', '902', '903']) expect(classifySevenCode(c)).toEqual({ kind: 'account', problem: 'auth' });
    expect(classifySevenCode('500')).toEqual({ kind: 'account', problem: 'credit' });
    for (const c of ['600', '700', '999', '']) expect(classifySevenCode(c)).toEqual({ kind: 'retry' });
  });

  it('reads return code 101 and messages[].success=false: a rejected recipient fails at once as "invalid number" (S2)', async () => {
    seven.rejectNumber('+4917000000404');
    await sms('bad', '+4917000000404');
    await drain();
    expect(await row('bad')).toMatchObject({ status: 'failed', attempts: 1, failureReason: 'invalid_number' });
    expect((await row('bad')).lastError).toMatch(/101\/202.*Invalid recipient/);
  });

  it('does not retry 402 (the same text within 180 s): the earlier attempt got through (S3)', async () => {
    seven.answerCode(1, '402');
    const before = seven.requests;
    await sms('reload', '+4917000000010');
    await drain();
    expect(await row('reload')).toMatchObject({ status: 'sent', attempts: 1, failureReason: null });
    expect((await row('reload')).lastError).toMatch(/402/);
    expect(seven.requests - before).toBe(1);
  });

  it('pauses the channel on an invalid sender (201/306), no credit (500) or a bad key (900) instead of failing the message (S3)', async () => {
    for (const [code, problem] of [['306', 'sender'], ['201', 'sender'], ['500', 'credit'], ['900', 'auth']] as const) {
      await t.db.delete(channelPauses);
      seven.answerCode(1, code);
      const key = `account-${code}`;
      await sms(key, '+4917000000011');
      await t.app.outbox.runOnce('sms');
      // The message waits, untouched: not failed, the attempt not counted.
      expect(await row(key)).toMatchObject({ status: 'pending', attempts: 0, failureReason: null });
      const [pause] = await t.db.select().from(channelPauses);
      expect(pause).toMatchObject({ channel: 'sms', transport: 'seven', problem, providerCode: code });
      // Paused: nothing is sent until the probe is due.
      const before = seven.requests;
      expect(await t.app.outbox.runOnce('sms')).toBe(0);
      expect(seven.requests).toBe(before);
      // The probe (one minute later) goes through: the channel resumes by itself.
      t.clock.advance(61_000);
      await drain();
      expect(await row(key)).toMatchObject({ status: 'sent', attempts: 1 });
      expect(await t.db.select().from(channelPauses)).toHaveLength(0);
    }
  });
});

describe('seven.io delivery reports (Webhooks, Signing, js-client WebhookVerifier)', () => {
  it('parses the documented bodies: JSON and form-encoded, and refuses anything else', () => {
    const json = '{"data":{"msg_id":"77149843739","status":"TRANSMITTED","timestamp":"2021-08-24 08:08:00.000000"},"webhook_event":"dlr","webhook_timestamp":"2021-08-24T08:08:00+02:00"}';
    expect(parseSevenReport(json, 'application/json')).toEqual({ kind: 'dlr', msgId: '77149843739', status: 'TRANSMITTED' });
    const form = 'webhook_event=dlr&webhook_timestamp=2021-08-24T08%3A08%3A00%2B02%3A00&data%5Bmsg_id%5D=77149843739&data%5Bstatus%5D=DELIVERED';
    expect(parseSevenReport(form, 'application/x-www-form-urlencoded')).toEqual({ kind: 'dlr', msgId: '77149843739', status: 'DELIVERED' });
    expect(parseSevenReport('{"webhook_event":"sms_mo","data":{"id":"1"}}', 'application/json')).toEqual({ kind: 'other', event: 'sms_mo' });
    for (const bad of ['null', '[]', '"x"', '{}', '{"data":null}', '{"data":{"msg_id":"1"}}', '{', 'foo=bar']) {
      expect(parseSevenReport(bad, bad.startsWith('foo') ? 'application/x-www-form-urlencoded' : 'application/json')).toEqual({ kind: 'invalid' });
    }
    expect(['DELIVERED', 'NOTDELIVERED', 'EXPIRED', 'REJECTED', 'FAILED', 'BUFFERED', 'TRANSMITTED', 'ACCEPTED', 'UNKNOWN'].map(sevenOutcome)).toEqual([
      'delivered', 'undelivered', 'undelivered', 'undelivered', 'undelivered', null, null, null, null,
    ]);
  });

  it("applies a report posted form-encoded, seven's default request method (S1)", async () => {
    const id = await sentId('form', '+4917000000020');
    const report = seven.deliveryReport(id, 'DELIVERED', { webhookUrl: WEBHOOK, timestamp: nowS() });
    expect(report.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const res = await t.app.inject(report);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ applied: true });
    expect(await row('form')).toMatchObject({ deliveryStatus: 'delivered', providerStatus: 'DELIVERED' });
  });

  it('applies a JSON report, signed over the path as js-client verifies it, with an upper-case signature (S1, S4, S5)', async () => {
    const id = await sentId('json-path', '+4917000000021');
    const report = seven.deliveryReport(id, 'NOTDELIVERED', { webhookUrl: WEBHOOK, timestamp: nowS(), format: 'json', signedUrl: 'path', upperCaseSignature: true });
    const res = await t.app.inject(report);
    expect(res.statusCode, res.body).toBe(200);
    expect(await row('json-path')).toMatchObject({ deliveryStatus: 'undelivered', failureReason: 'unreachable' });
  });

  it('answers 400, never 500, for a signed body that is null or not a report, and ignores other events', async () => {
    for (const payload of ['null', '[]', '{"data":null}', '{"webhook_event":"dlr"}']) {
      const report = seven.deliveryReport('1', 'DELIVERED', { webhookUrl: WEBHOOK, timestamp: nowS(), format: 'json' });
      // Re-sign the odd body exactly as seven would.
      const signed = resign(report, payload);
      const res = await t.app.inject(signed);
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('CALLBACK_BODY_INVALID');
    }
    const mo = resign(seven.deliveryReport('1', 'DELIVERED', { webhookUrl: WEBHOOK, timestamp: nowS(), format: 'json' }), '{"webhook_event":"sms_mo","data":{"id":"681590","text":"Hallo"}}');
    expect((await t.app.inject(mo)).json().data).toEqual({ applied: false });
  });

  it('accepts seven re-delivering the same report after 1, 5 and 30 minutes: 200, no second effect (S7)', async () => {
    const id = await sentId('retry', '+4917000000022');
    const report = seven.deliveryReport(id, 'DELIVERED', { webhookUrl: WEBHOOK, timestamp: nowS() });
    expect((await t.app.inject(report)).json().data).toEqual({ applied: true });
    for (const minutes of [1, 5, 30]) {
      t.clock.advance(minutes * 60_000);
      const again = await t.app.inject(report);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data).toEqual({ applied: false, duplicate: true });
    }
    // A forged one (another status under the same headers) is refused.
    const forged = { ...report, payload: report.payload.replace('DELIVERED', 'NOTDELIVERED') };
    expect((await t.app.inject(forged)).statusCode).toBe(403);
    expect(await row('retry')).toMatchObject({ deliveryStatus: 'delivered' });
  });

  it('keeps a report that arrives before the provider id is stored and applies it when the id arrives (S6)', async () => {
    const release = seven.holdAnswers();
    await sms('race', '+4917000000023');
    const delivering = t.app.outbox.runOnce('sms');
    for (let i = 0; i < 200 && !seven.messages.some((m) => m.to === '+4917000000023'); i++) await new Promise((r) => setTimeout(r, 5));
    const id = seven.messages.find((m) => m.to === '+4917000000023')!.id;
    const early = await t.app.inject(seven.deliveryReport(id, 'DELIVERED', { webhookUrl: WEBHOOK, timestamp: nowS() }));
    expect(early.statusCode).toBe(200);
    expect(early.json().data).toEqual({ applied: false, kept: true });
    expect(await t.db.select().from(pendingDeliveryReports)).toHaveLength(1);
    release();
    await delivering;
    expect(await row('race')).toMatchObject({ status: 'sent', providerMessageId: id, deliveryStatus: 'delivered' });
    expect(await t.db.select().from(pendingDeliveryReports)).toHaveLength(0);
  });
});

describe('seven.io ttl and sender (API reference "SMS")', () => {
  it('gives an inquiry SMS the ttl of its answer window in minutes, and does not send it after the deadline (S8)', async () => {
    const { kita, kindergarten } = await createKita(t.db, 'Kita TTL');
    const e = await createEventRow(t.db, kita.id, kindergarten.id, t.clock.now());
    await t.db.update(events).set({ answersCloseAt: new Date(t.clock.now().getTime() + 15 * 60_000) }).where(eq(events.id, e.id));
    await sms('inquiry-ttl', '+4917000000030', { kind: 'inquiry', eventId: e.id, kitaId: kita.id });
    await drain();
    expect(seven.messages.find((m) => m.to === '+4917000000030')).toMatchObject({ ttl: 15 });
    // An OTP has no answer deadline: seven's default validity.
    expect(seven.messages.find((m) => m.to === '+4917000000020')!.ttl).toBeUndefined();
    // Not handed over before the deadline: not sent late.
    await sms('inquiry-late', '+4917000000031', { kind: 'inquiry', eventId: e.id, kitaId: kita.id });
    t.clock.advance(16 * 60_000);
    await drain();
    expect(await row('inquiry-late')).toMatchObject({ status: 'failed', failureReason: 'not_sent_in_time' });
    expect(seven.messages.some((m) => m.to === '+4917000000031')).toBe(false);
    expect([60, 61, 900, 2880 * 60, 10 * 2880 * 60].map(sevenTtlMinutes)).toEqual([1, 2, 15, 2880, 2880]);
  });

  it('checks SEVEN_FROM at start-up: 11 letters and digits or 16 digits (S9)', () => {
    for (const ok of ['Kita', 'KitaSonne01', '+491711234567', '4917112345678901']) expect(sevenSenderProblem(ok)).toBeNull();
    for (const bad of ['Kita Sonnenschein', 'KitaSonnensch', 'Kita-Sonne', '', '12345678901234567']) expect(sevenSenderProblem(bad)).not.toBeNull();
    expect(() => testConfig({ SEVEN_FROM: 'Kita Sonnenschein', SEVEN_API_KEY: 'k' })).toThrow(/SEVEN_FROM: must be up to 11 letters/);
  });
});

/** A webhook with exactly this body, signed as seven signs it (for the odd bodies of the 400 test). */
const resign = (report: { headers: Record<string, string> }, payload: string) =>
  seven.signedWebhook(payload, { webhookUrl: WEBHOOK, timestamp: Number(report.headers['x-timestamp']), contentType: 'application/json' });
