import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages } from '../db/schema.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { createKita, createParent, TEST_PASSWORD } from '../../test/factories.js';
import { otpFrom } from '../../test/factories-accounts.js';
import { startFakeTwilio, startSmtpSink, type FakeTwilio, type SmtpSink, providerEnv } from '../../test/fake-providers.js';
import { composeMessage } from './messages.js';
import { enqueueMessages } from './outbox.js';
import { TokenBucket } from './token-bucket.js';

/**
 * Delivery through the real transports: nodemailer against a real local SMTP server, and the
 * Twilio adapter against a local HTTP server speaking Twilio's Messages API.
 */

let smtp: SmtpSink;
let twilio: FakeTwilio;
let t: TestContext;
let kitaId: string;

beforeAll(async () => {
  smtp = await startSmtpSink({ user: 'mailer', pass: 's3cret pass', rejectRecipients: ['nobody@familie.test'] });
  twilio = await startFakeTwilio();
  t = await createTestApp({
    env: providerEnv(smtp, twilio, { SMTP_FROM: 'Kita Notbetreuung <no-reply@kita.test>', OUTBOX_RETRY_BASE_MS: '50' }),
  });
  kitaId = (await createKita(t.db, 'Kita Sonnenschein')).kita.id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await twilio.close();
});
beforeEach(() => {
  smtp.mails.length = 0;
  twilio.messages.length = 0;
});

const row = async (key: string) => (await t.db.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, key)))[0]!;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Runs delivery rounds until nothing is due any more (retries wait for their backoff). */
async function drain(rounds = 20) {
  for (let i = 0; i < rounds; i++) {
    await t.app.outbox.runOnce();
    const due = await t.db.select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.status, 'pending'));
    if (due.length === 0) return;
    await sleep(60);
  }
}

describe('e-mail over SMTP', () => {
  it('delivers registration mails with the right content, language and links', async () => {
    const email = 'anna@familie.test';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Anna Müller', email, kitaId, language: 'en', preferredCommunication: 'email', password: 'Sonnenblume-11',
        children: [{ childName: 'Mia', dateOfBirth: '2021-04-03', groupId: (await t.app.inject({ url: `/api/auth/kita-groups/${kitaId}` })).json().data.categories[0].groups[0].groupId }],
      },
    });
    expect(res.statusCode).toBe(201);
    await drain();
    expect(smtp.mails).toHaveLength(2);
    const activation = smtp.mails.find((m) => m.subject === 'Please confirm your e-mail address')!;
    expect(activation.to).toEqual([email]);
    expect(activation.from).toBe('no-reply@kita.test');
    // Nobody proved the address yet: no text the registrant chose, not even the name.
    expect(activation.text).toMatch(/^Hello,/);
    expect(activation.text + activation.html).not.toContain('Anna');
    expect(activation.text).toMatch(/Confirm e-mail address: http:\/\/kita\.test\/verify-email\?token=[\w-]{22}/);
    expect(activation.html).toMatch(/<a href="http:\/\/kita\.test\/verify-email\?token=[\w-]{22}"/);
    expect(activation.messageId).toMatch(/@kita-notbetreuung>$/);
    const received = smtp.mails.find((m) => m.subject.startsWith('Your registration with'))!;
    expect(received.text).toContain('thank you for registering with Kita Sonnenschein');
    expect(received.text + received.html).not.toContain('Anna');
    const rows = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(rows.map((r) => [r.status, r.transport, r.attempts])).toEqual([['sent', 'smtp', 1], ['sent', 'smtp', 1]]);
    expect(rows.every((r) => r.providerMessageId?.endsWith('@kita-notbetreuung>'))).toBe(true);
  });

  it('keeps retrying while the SMTP server is down and delivers once it is back', async () => {
    await smtp.stop();
    const messages = ['down-1', 'down-2', 'down-3'].map((key) => ({
      ...composeMessage('credits_reset', { language: 'de', channel: 'email', recipient: `${key}@familie.test`, vars: { kitaName: 'Sonnenschein' } }),
      idempotencyKey: key,
    }));
    await enqueueMessages(t.db, messages);
    await t.app.outbox.runOnce();
    await sleep(60);
    await t.app.outbox.runOnce();
    const failed = await row('down-1');
    expect(failed.status).toBe('pending');
    expect(failed.attempts).toBe(2);
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    await smtp.start();
    await drain();
    expect((await row('down-1')).status).toBe('sent');
    expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(['down-1@familie.test', 'down-2@familie.test', 'down-3@familie.test']);
    expect(smtp.mails[0]!.subject).toBe('Ihr Guthaben bei Sonnenschein wurde zurückgesetzt');
  });

  it('ends every e-mail with the links to the privacy notice, imprint and accessibility statement, in its language', async () => {
    await enqueueMessages(t.db, [
      { ...composeMessage('credits_reset', { language: 'de', channel: 'email', recipient: 'legal-de@familie.test', vars: { kitaName: 'Sonnenschein' } }), idempotencyKey: 'legal-de' },
      { ...composeMessage('registration_received', { language: 'en', channel: 'email', recipient: 'legal-en@familie.test', vars: { kitaName: 'Sonnenschein' } }), idempotencyKey: 'legal-en' },
      { ...composeMessage('otp', { language: 'de', channel: 'sms', recipient: '+4917012340009', vars: { otp: '123456', minutes: 10 } }), idempotencyKey: 'legal-sms' },
    ]);
    await drain();
    const de = smtp.mails.find((m) => m.to[0] === 'legal-de@familie.test')!;
    expect(de.text.split('\n').slice(-3)).toEqual([
      'Datenschutz: http://kita.test/privacy?lang=de',
      'Impressum: http://kita.test/imprint?lang=de',
      'Barrierefreiheit: http://kita.test/accessibility?lang=de',
    ]);
    expect(de.html).toContain('<a href="http://kita.test/privacy?lang=de" style="color:#57534e">Datenschutz</a>');
    const en = smtp.mails.find((m) => m.to[0] === 'legal-en@familie.test')!;
    expect(en.text).toContain('Privacy: http://kita.test/privacy?lang=en\nImprint: http://kita.test/imprint?lang=en\nAccessibility: http://kita.test/accessibility?lang=en');
    expect(en.html).toMatch(/<a href="http:\/\/kita\.test\/imprint\?lang=en"[^>]*>Imprint<\/a>[\s\S]*<\/body>/);
    // SMS stay one segment: no links added.
    expect(twilio.messages.find((m) => m.to === '+4917012340009')!.body).not.toContain('privacy');
  });

  it('marks a message to a mailbox the server refuses (550) failed at once', async () => {
    await enqueueMessages(t.db, [{
      ...composeMessage('credits_reset', { language: 'de', channel: 'email', recipient: 'nobody@familie.test', vars: { kitaName: 'Sonnenschein' } }),
      idempotencyKey: 'smtp-550',
    }]);
    await drain();
    expect(await row('smtp-550')).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('SMTP 550') });
  });
});

describe('SMS over the Twilio API', () => {
  it('delivers the login code in the parent language, and the code logs in', async () => {
    const phone = '+4917012340001';
    await createParent(t.db, kitaId, { primaryPhone: phone, primaryPhoneVerified: true, language: 'de' });
    const start = await t.app.inject({ method: 'POST', url: '/api/auth/login-with-phone', payload: { phoneNumber: phone, password: TEST_PASSWORD } });
    await drain();
    expect(twilio.messages).toHaveLength(1);
    const sms = twilio.messages[0]!;
    expect(sms).toMatchObject({ to: phone, from: '+4930123456' });
    expect(sms.body).toMatch(/^Ihr Kita-Bestätigungscode: \d{6}\. Gültig für 10 Minuten\./);
    const [r] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone));
    expect(r).toMatchObject({ status: 'sent', transport: 'twilio', providerMessageId: sms.sid });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/otp-login', payload: { otpToken: start.json().data.otpToken, otp: otpFrom(sms.body) } });
    expect(login.statusCode).toBe(200);
  });

  it('retries 5xx and 429 answers with backoff', async () => {
    twilio.failNext(1, 503);
    await enqueueMessages(t.db, [{ ...composeMessage('otp', { language: 'en', channel: 'sms', recipient: '+4917012340002', vars: { otp: '123456', minutes: 10 } }), idempotencyKey: 'sms-5xx' }]);
    await t.app.outbox.runOnce();
    expect(await row('sms-5xx')).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('Twilio 503') });
    twilio.failNext(1, 429);
    await drain();
    expect(await row('sms-5xx')).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(twilio.requests).toBeGreaterThanOrEqual(3);
    expect(twilio.messages.map((m) => m.body)).toEqual(['Your Kita verification code: 123456. Valid for 10 minutes. Do not share it with anyone.']);
  });

  it('marks a message refused by the provider (invalid number) failed at once', async () => {
    twilio.rejectNumber('+4917012340003');
    await enqueueMessages(t.db, [{ ...composeMessage('otp', { language: 'de', channel: 'sms', recipient: '+4917012340003', vars: { otp: '654321', minutes: 10 } }), idempotencyKey: 'sms-400' }]);
    await drain();
    expect(await row('sms-400')).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('Twilio 400 (21211)') });
  });
});

describe('TokenBucket', () => {
  it('holds sends to the configured rate after the burst', async () => {
    const bucket = new TokenBucket(20, 5);
    const started = performance.now();
    await Promise.all(Array.from({ length: 15 }, () => bucket.take()));
    // 5 at once, the other 10 at 20 per second: at least ~500 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
  });
});
