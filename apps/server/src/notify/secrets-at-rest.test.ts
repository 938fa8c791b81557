import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../db/schema.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { createParent, TEST_PASSWORD } from '../../test/factories.js';
import { closeViaApi, futureEvent, record, resultsWorld, type ResultsWorld } from '../../test/factories-results.js';
import { startFakeTwilio, startSmtpSink, type FakeTwilio, type SmtpSink, providerEnv } from '../../test/fake-providers.js';
import { decryptSecret, encryptSecret, outboxSecretKey, SECRET_PLACEHOLDER } from './secrets.js';

/**
 * Raw link tokens and OTP codes were stored in clear in outbox_messages and
 * kept. A full inquiry cycle plus OTP, password reset and activation runs through the real
 * transports (a local SMTP server and a local fake of Twilio's API); afterwards the table holds
 * no usable link or code: neither the secrets that reached the recipients nor anything shaped
 * like one, and every delivered link still works for its recipient.
 */
let smtp: SmtpSink;
let twilio: FakeTwilio;
let t: TestContext;
let w: ResultsWorld;

beforeAll(async () => {
  smtp = await startSmtpSink();
  twilio = await startFakeTwilio();
  t = await createTestApp({
    env: providerEnv(smtp, twilio),
  });
  w = await resultsWorld(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await twilio.close();
});

async function drain() {
  for (let i = 0; i < 20 && (await t.app.outbox.runOnce()) > 0; i++);
}

const tableText = async () => JSON.stringify(await t.db.select().from(outboxMessages));
const delivered = () => [...smtp.mails.map((m) => `${m.subject}\n${m.text}\n${m.html}`), ...twilio.messages.map((m) => m.body)].join('\n');

describe('no secrets at rest in the outbox', () => {
  it('after a full inquiry cycle, OTP, reset and activation: no usable link or code in outbox_messages', async () => {
    // Inquiry: fan-out to the families, answers, close, results.
    const eventId = await futureEvent(t, w, 1);
    const pendingText = await tableText();
    await drain();
    // Login code by SMS, a password reset, an activation mail.
    const otpStart = await t.app.inject({ method: 'POST', url: '/api/auth/login-with-phone', payload: { phoneNumber: w.sms.parent.primaryPhone, password: TEST_PASSWORD } });
    expect(otpStart.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: w.mail.parent.email } })).statusCode).toBe(200);
    const unverified = await createParent(t.db, w.home.kita.id, { emailVerified: false });
    expect((await t.app.inject({ method: 'POST', url: `/api/auth/${unverified.parent.id}/re-activate-email`, headers: w.headers.manager, payload: { email: unverified.parent.email } })).statusCode).toBe(200);
    await drain();
    await record(t, w, eventId, [[w.kids.mailKid.id, 'red'], [w.kids.smsKid.id, 'yellow']]);
    expect((await closeViaApi(t, w.headers.manager, eventId)).statusCode).toBe(200);
    await drain();

    // What reached the recipients: preference links, a reset link, an activation link, a code.
    const sent = delivered();
    // The inquiry's link is the short /p/<token> form; the others carry ?token=.
    const links = [
      ...[...sent.matchAll(/\/p\/([A-Za-z0-9_-]{16,})/g)].map((m) => ({ kind: 'preference', token: m[1]! })),
      ...[...sent.matchAll(/\/(reset-password|verify-email)\?token=([A-Za-z0-9_-]{16,})/g)].map((m) => ({ kind: m[1]!, token: m[2]! })),
    ];
    const codes = twilio.messages.filter((m) => /\b\d{6}\b/.test(m.body) && !m.body.includes('token=') && !m.body.includes('/p/')).map((m) => /\b(\d{6})\b/.exec(m.body)![1]!);
    expect(new Set(links.map((l) => l.kind))).toEqual(new Set(['preference', 'reset-password', 'verify-email']));
    expect(codes.length).toBeGreaterThan(0);

    // The delivered secrets are real: the preference link opens a session, the code logs in.
    const pref = links.find((l) => l.kind === 'preference')!;
    // (The event is closed by now, so the link answers "finished" rather than "invalid".)
    expect((await t.app.inject({ method: 'POST', url: `/api/auth/verify-token?token=${pref.token}` })).json().code).not.toBe('TOKEN_INVALID');
    const otpLogin = await t.app.inject({ method: 'POST', url: '/api/auth/otp-login', payload: { otpToken: otpStart.json().data.otpToken, otp: codes.at(-1) } });
    expect(otpLogin.statusCode).toBe(200);

    const rows = await t.db.select().from(outboxMessages);
    const text = JSON.stringify(rows);
    const figures = { rows: rows.length, sent: rows.filter((r) => r.status === 'sent').length, deliveredLinks: links.length, deliveredCodes: codes.length };
    console.log(`[secrets at rest] ${JSON.stringify(figures)}`);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    // Not a delivered token or code anywhere in the table, before or after delivery.
    for (const { token } of links) {
      expect(text).not.toContain(token);
      expect(pendingText).not.toContain(token);
    }
    for (const code of codes) expect(rows.filter((r) => r.kind === 'otp').map((r) => `${r.bodyText}${r.secret}`).join()).not.toContain(code);
    // Nothing shaped like a link token or a code, and no sealed secret left after delivery.
    expect(text).not.toMatch(/token=[A-Za-z0-9_-]{16,}/);
    expect(text).not.toMatch(/\/p\/[A-Za-z0-9_-]{16,}/);
    expect(rows.filter((r) => r.kind === 'otp').every((r) => !/\b\d{6}\b/.test(r.bodyText))).toBe(true);
    expect(rows.filter((r) => r.secret !== null)).toEqual([]);
    expect(rows.filter((r) => r.kind === 'inquiry').every((r) => r.bodyText.includes(`/p/${SECRET_PLACEHOLDER}`))).toBe(true);
  });

  it('before delivery the secret is sealed with a key that is not in the database', async () => {
    const key = outboxSecretKey(t.config.jwtSecret);
    const sealed = encryptSecret('Abc123_-xyz', key);
    expect(sealed).not.toContain('Abc123');
    expect(decryptSecret(sealed, key)).toBe('Abc123_-xyz');
    expect(decryptSecret(sealed, outboxSecretKey(new TextEncoder().encode('another-secret-another-secret-0123456789')))).toBeNull();
    expect(decryptSecret(`${sealed.slice(0, -2)}AA`, key)).toBeNull();
  });
});
