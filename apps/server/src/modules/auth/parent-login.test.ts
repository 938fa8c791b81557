import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { createParent, createStaff, TEST_PASSWORD, newKitaId } from '../../../test/factories.js';
import { lastMessageTo, messagesTo, otpFrom, wrongOtp, postAuth } from '../../../test/factories-accounts.js';

let t: TestContext;
let kitaId: string;
beforeAll(async () => ({ t, w: kitaId } = await testAppWith(newKitaId)));
afterAll(async () => t.close());

const post = (url: string, payload: object, headers?: Record<string, string>) => postAuth(t, url, payload, headers);

let phoneSeq = 100;
const newPhone = () => `+4917012345${phoneSeq++}`;

describe('POST auth/login-with-email', () => {
  it('logs an approved parent with a verified e-mail in, in the parent language', async () => {
    const { parent, user } = await createParent(t.db, kitaId, { language: 'en' });
    const res = await post('login-with-email', { email: parent.email!.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ userId: user!.id, role: 'Parent', parentId: parent.id, language: 'en', parent: { language: 'en' } });
    const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${res.json().data.token}` } });
    expect(me.json().data.parentId).toBe(parent.id);
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const { parent } = await createParent(t.db, kitaId);
    const wrong = await post('login-with-email', { email: parent.email!, password: 'wrong-pass' });
    const unknown = await post('login-with-email', { email: 'nobody@nowhere.test', password: 'wrong-pass' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('refuses an unverified e-mail with EMAIL_NOT_VERIFIED and sends a new activation mail (3 per hour)', async () => {
    const { parent } = await createParent(t.db, kitaId, { emailVerified: false });
    for (let i = 0; i < 4; i++) {
      const res = await post('login-with-email', { email: parent.email!, password: TEST_PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('EMAIL_NOT_VERIFIED');
    }
    const mails = await messagesTo(t.db, parent.email!);
    expect(mails.map((m) => m.kind)).toEqual(['activation', 'activation', 'activation']);
    expect(mails[0]!.bodyText).toContain('http://kita.test/verify-email?token=');
  });

  it('does not send activation mail for a wrong password', async () => {
    const { parent } = await createParent(t.db, kitaId, { emailVerified: false });
    expect((await post('login-with-email', { email: parent.email!, password: 'nope-nope' })).statusCode).toBe(401);
    expect(await messagesTo(t.db, parent.email!)).toHaveLength(0);
  });

  it('tells a pending or rejected parent (with the right password) why', async () => {
    const pending = await createParent(t.db, kitaId, { status: 'registered', isActive: false });
    const rejected = await createParent(t.db, kitaId, { status: 'rejected', isActive: false });
    const r1 = await post('login-with-email', { email: pending.parent.email!, password: TEST_PASSWORD });
    const r2 = await post('login-with-email', { email: rejected.parent.email!, password: TEST_PASSWORD });
    expect([r1.statusCode, r1.json().code]).toEqual([403, 'ACCOUNT_PENDING']);
    expect([r2.statusCode, r2.json().code]).toEqual([403, 'ACCOUNT_INACTIVE']);
  });

  it('validates the input', async () => {
    const res = await post('login-with-email', { email: 'nope', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path).sort()).toEqual(['email', 'password']);
  });
});

describe('phone login with OTP', () => {
  async function phoneParent(opts: { language?: string } = {}) {
    const phone = newPhone();
    const p = await createParent(t.db, kitaId, { primaryPhone: phone, primaryPhoneVerified: true, preferredCommunication: 'sms', ...opts });
    return { ...p, phone };
  }
  async function startLogin(phone: string) {
    const res = await post('login-with-phone', { phoneNumber: phone, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const sms = await lastMessageTo(t.db, phone);
    return { otpToken: res.json().data.otpToken as string, otp: otpFrom(sms.bodyText), sms };
  }

  it('sends a code by SMS in the parent language and logs in with it', async () => {
    const { phone, user } = await phoneParent({ language: 'en' });
    const { otpToken, otp, sms } = await startLogin(phone);
    expect(otpToken).toEqual(expect.any(String));
    expect(sms).toMatchObject({ kind: 'otp', channel: 'sms', language: 'en' });
    expect(sms.bodyText).toMatch(/^Your Kita verification code: \d{6}\. Valid for 10 minutes/);
    const res = await post('otp-login', { otpToken, otp });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.userId).toBe(user!.id);
    expect(res.json().data.token).toEqual(expect.any(String));
  });

  it('answers unknown and unverified numbers like a wrong password, and sends nothing', async () => {
    const unverified = newPhone();
    await createParent(t.db, kitaId, { primaryPhone: unverified, primaryPhoneVerified: false });
    const a = await post('login-with-phone', { phoneNumber: unverified, password: TEST_PASSWORD });
    const b = await post('login-with-phone', { phoneNumber: newPhone(), password: TEST_PASSWORD });
    expect(a.statusCode).toBe(401);
    expect(a.json()).toEqual(b.json());
    expect(await messagesTo(t.db, unverified)).toHaveLength(0);
  });

  it('words a wrong password with a phone number for the phone number', async () => {
    const { phone } = await phoneParent();
    const wrong = await post('login-with-phone', { phoneNumber: phone, password: 'Falsch-Falsch-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Handynummer oder Passwort ist falsch.' });
    expect(wrong.json().message).not.toMatch(/E-Mail/);
  });

  it('a used code fails', async () => {
    const { phone } = await phoneParent();
    const { otpToken, otp } = await startLogin(phone);
    expect((await post('otp-login', { otpToken, otp })).statusCode).toBe(200);
    const again = await post('otp-login', { otpToken, otp });
    expect([again.statusCode, again.json().code]).toEqual([400, 'OTP_INVALID']);
  });

  it('an expired code fails', async () => {
    const { phone } = await phoneParent();
    const { otpToken, otp } = await startLogin(phone);
    t.clock.advance(10 * 60_000 + 1000);
    const res = await post('otp-login', { otpToken, otp });
    expect([res.statusCode, res.json().code]).toEqual([400, 'OTP_INVALID']);
  });

  it('five wrong codes lock that code, even the right one afterwards', async () => {
    const { phone } = await phoneParent();
    const { otpToken, otp } = await startLogin(phone);
    const left: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await post('otp-login', { otpToken, otp: wrongOtp(otp) });
      expect(r.statusCode).toBe(400);
      left.push(r.json().code === 'OTP_WRONG' ? Number(/(\d+)/.exec(r.json().message)![1]) : 0);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const right = await post('otp-login', { otpToken, otp });
    expect([right.statusCode, right.json().code]).toEqual([400, 'OTP_INVALID']);
  });

  it('a code only works with its own otpToken', async () => {
    const a = await phoneParent();
    const b = await phoneParent();
    const first = await startLogin(a.phone);
    const second = await startLogin(b.phone);
    const res = await post('otp-login', { otpToken: first.otpToken, otp: second.otp === first.otp ? wrongOtp(first.otp) : second.otp });
    expect(res.statusCode).toBe(400);
  });

  it('sends at most 3 codes per phone in 10 minutes (429 with Retry-After)', async () => {
    const { phone } = await phoneParent();
    for (let i = 0; i < 3; i++) expect((await post('login-with-phone', { phoneNumber: phone, password: TEST_PASSWORD })).statusCode).toBe(200);
    const fourth = await post('login-with-phone', { phoneNumber: phone, password: TEST_PASSWORD });
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await messagesTo(t.db, phone)).toHaveLength(3);
    t.clock.advance(10 * 60_000);
    expect((await post('login-with-phone', { phoneNumber: phone, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('slows the account down after 5 wrong passwords (429, then a doubling pause), for phone and e-mail alike', async () => {
    const { phone, parent } = await phoneParent();
    for (let i = 0; i < 6; i++) {
      expect((await post('login-with-phone', { phoneNumber: phone, password: `wrong-${i}` })).statusCode).toBe(401);
      expect((await post('login-with-email', { email: parent.email!, password: `wrong-${i}` })).statusCode).toBe(401);
    }
    const byPhone = await post('login-with-phone', { phoneNumber: phone, password: TEST_PASSWORD });
    const byEmail = await post('login-with-email', { email: parent.email!, password: TEST_PASSWORD });
    expect([byPhone.statusCode, byEmail.statusCode]).toEqual([429, 429]);
    expect(Number(byPhone.headers['retry-after'])).toBeGreaterThan(0);
    expect(await messagesTo(t.db, phone)).toHaveLength(0);
    t.clock.advance(1000);
    expect((await post('login-with-email', { email: parent.email!, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('validates phone and code formats', async () => {
    expect((await post('login-with-phone', { phoneNumber: '0170123', password: 'x' })).json().details[0].path).toBe('phoneNumber');
    expect((await post('otp-login', { otpToken: 'x', otp: '12ab56' })).json().details[0].path).toBe('otp');
  });
});

describe('staff login with a verified phone', () => {
  it('asks for the SMS code after the password', async () => {
    const phone = newPhone();
    const m = await createStaff(t.db, 'KitaManager', kitaId, 'phone-boss@kita.test');
    await t.db.update(users).set({ phoneNumber: phone, phoneVerified: true, language: 'de' }).where(eq(users.id, m.id));
    const res = await post('login', { email: 'phone-boss@kita.test', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ otpToken: expect.any(String) });
    const sms = await lastMessageTo(t.db, phone);
    expect(sms.bodyText).toMatch(/^Ihr Kita-Bestätigungscode: \d{6}/);
    const done = await post('otp-login', { otpToken: res.json().data.otpToken, otp: otpFrom(sms.bodyText) });
    expect(done.json().data.user).toMatchObject({ userId: m.id, role: 'KitaManager' });
  });

  it('logs staff with an unverified phone in directly', async () => {
    const m = await createStaff(t.db, 'Admin', null, 'nophone@kita.test');
    await t.db.update(users).set({ phoneNumber: newPhone(), phoneVerified: false }).where(eq(users.id, m.id));
    const res = await post('login', { email: 'nophone@kita.test', password: TEST_PASSWORD });
    expect(res.json().data.token).toEqual(expect.any(String));
  });
});
