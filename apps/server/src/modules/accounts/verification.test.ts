import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parents, users } from '../../db/schema.js';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { authHeader, createKita, createParent, createStaff, TEST_PASSWORD, newKitaId } from '../../../test/factories.js';
import { lastMessageTo, messagesTo, otpFrom, tokenFromLink, wrongOtp, postAuth } from '../../../test/factories-accounts.js';
import { sendActivation } from './notifications.js';

let t: TestContext;
let kitaId: string;
let otherKitaId: string;
let staff: Record<'admin' | 'manager' | 'otherManager', string>;
/** Fresh sessions per use: some tests move the clock past the 12-hour session lifetime. */
const actors = {
  get admin() { return authHeader(t.app, staff.admin); },
  get manager() { return authHeader(t.app, staff.manager); },
  get otherManager() { return authHeader(t.app, staff.otherManager); },
};
beforeAll(async () => {
  ({ t, w: kitaId } = await testAppWith(newKitaId));
  otherKitaId = (await createKita(t.db, 'Andere Kita')).kita.id;
  staff = {
    admin: (await createStaff(t.db, 'Admin')).id,
    manager: (await createStaff(t.db, 'KitaManager', kitaId)).id,
    otherManager: (await createStaff(t.db, 'KitaManager', otherKitaId)).id,
  };
});
afterAll(async () => t.close());

const post = (url: string, payload: object, headers?: Record<string, string>) => postAuth(t, url, payload, headers);
let phoneSeq = 200;
const newPhone = () => `+4915112345${phoneSeq++}`;

async function parentRow(id: string) {
  const [p] = await t.db.select().from(parents).where(eq(parents.id, id));
  return p!;
}

describe('POST auth/activate-account', () => {
  it('verifies the e-mail; an account with a password is done', async () => {
    const { parent, user } = await createParent(t.db, kitaId, { emailVerified: false });
    await t.db.transaction((tx) => sendActivation(tx, t.app, { parent, userId: user!.id }));
    const mail = await lastMessageTo(t.db, parent.email!);
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    const token = tokenFromLink(mail.bodyText, '/verify-email');
    const res = await post(`activate-account?token=${token}`, {});
    expect(res.statusCode).toBe(200);
    // With the account's language: the page speaks it.
    expect(res.json().data).toEqual({ emailVerified: true, needsPassword: false, resetToken: null, language: 'de' });
    expect((await parentRow(parent.id)).emailVerified).toBe(true);
    const again = await post(`activate-account?token=${token}`, {});
    expect([again.statusCode, again.json().message]).toEqual([400, 'Ungültiger oder abgelaufener Aktivierungslink.']);
  });

  it('creates the login of a staff-made parent and continues to setting a password', async () => {
    const { parent } = await createParent(t.db, kitaId, { emailVerified: false, withUser: false, language: 'en' });
    await t.db.transaction((tx) => sendActivation(tx, t.app, { parent }));
    const mail = await lastMessageTo(t.db, parent.email!);
    expect(mail.language).toBe('en');
    const res = await post(`activate-account?token=${tokenFromLink(mail.bodyText, '/verify-email')}`, {});
    expect(res.json().data).toMatchObject({ emailVerified: true, needsPassword: true, resetToken: expect.any(String), language: 'en' });
    // The password page of that reset token speaks English too, whatever the browser says.
    const linkLanguage = await t.app.inject({ url: `/api/auth/link-language?kind=reset&token=${res.json().data.resetToken}` });
    expect(linkLanguage.json().data).toEqual({ language: 'en' });
    const set = await post('reset-password', { token: res.json().data.resetToken, newPassword: 'Lindenbaum-42', confirmPassword: 'Lindenbaum-42' });
    expect(set.statusCode).toBe(200);
    // A used link has no language to tell.
    const used = await t.app.inject({ url: `/api/auth/link-language?kind=reset&token=${res.json().data.resetToken}` });
    expect(used.json().data).toEqual({ language: null });
    const login = await post('login-with-email', { email: parent.email!, password: 'Lindenbaum-42' });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.language).toBe('en');
  });

  it('refuses an expired link and a link for an e-mail that has changed since', async () => {
    const a = await createParent(t.db, kitaId, { emailVerified: false });
    await t.db.transaction((tx) => sendActivation(tx, t.app, { parent: a.parent, userId: a.user!.id }));
    const tokenA = tokenFromLink((await lastMessageTo(t.db, a.parent.email!)).bodyText, '/verify-email');
    const b = await createParent(t.db, kitaId, { emailVerified: false });
    await t.db.transaction((tx) => sendActivation(tx, t.app, { parent: b.parent, userId: b.user!.id }));
    const tokenB = tokenFromLink((await lastMessageTo(t.db, b.parent.email!)).bodyText, '/verify-email');
    await t.db.update(parents).set({ email: `changed-${b.parent.email}` }).where(eq(parents.id, b.parent.id));
    expect((await post(`activate-account?token=${tokenB}`, {})).statusCode).toBe(400);
    t.clock.advance(7 * 24 * 3600_000 + 1000);
    expect((await post(`activate-account?token=${tokenA}`, {})).statusCode).toBe(400);
    expect((await parentRow(a.parent.id)).emailVerified).toBe(false);
    expect((await post('activate-account?token=garbage', {})).statusCode).toBe(400);
    expect((await post('activate-account', {})).statusCode).toBe(400);
  });
});

describe('POST auth/{id}/re-activate-email', () => {
  it('role and scope matrix', async () => {
    const other = await createParent(t.db, kitaId);
    type H = Record<string, string> | Promise<Record<string, string>>;
    const cases: Array<[string, (user: string) => H, number]> = [
      ['admin', () => actors.admin, 200],
      ['manager', () => actors.manager, 200],
      ['other manager', () => actors.otherManager, 404],
      ['the parent', (user) => authHeader(t.app, user), 200],
      ['another parent', () => authHeader(t.app, other.user!.id), 404],
    ];
    for (const [who, header, expected] of cases) {
      const { parent, user } = await createParent(t.db, kitaId, { emailVerified: false });
      const res = await post(`${parent.id}/re-activate-email`, { email: parent.email }, await header(user!.id));
      expect([who, res.statusCode]).toEqual([who, expected]);
      expect((await messagesTo(t.db, parent.email!)).length).toBe(expected === 200 ? 1 : 0);
    }
  });

  it('sends at most 3 activation mails per address and hour, counted before any lookup', async () => {
    const { parent } = await createParent(t.db, kitaId, { emailVerified: false });
    for (let i = 0; i < 3; i++) expect((await post(`${parent.id}/re-activate-email`, { email: parent.email }, await actors.manager)).statusCode).toBe(200);
    const limited = await post(`${parent.id}/re-activate-email`, { email: parent.email });
    expect(limited.statusCode).toBe(429);
    expect((await messagesTo(t.db, parent.email!)).length).toBe(3);
    t.clock.advance(3600_000);
    expect((await post(`${parent.id}/re-activate-email`, { email: parent.email })).statusCode).toBe(200);
    expect((await messagesTo(t.db, parent.email!)).length).toBe(4);
  });

  it('answers anonymous callers alike and tells staff about a mismatch or a verified address', async () => {
    const { parent } = await createParent(t.db, kitaId, { emailVerified: true });
    const unknown = await post('00000000-0000-4000-8000-000000000000/re-activate-email', { email: 'x@y.test' });
    const verified = await post(`${parent.id}/re-activate-email`, { email: parent.email });
    expect([unknown.statusCode, verified.statusCode]).toEqual([200, 200]);
    expect(unknown.json()).toEqual(verified.json());
    expect(await messagesTo(t.db, parent.email!)).toHaveLength(0);
    expect((await post(`${parent.id}/re-activate-email`, { email: parent.email }, await actors.manager)).json().code).toBe('ALREADY_VERIFIED');
    expect((await post(`${parent.id}/re-activate-email`, { email: 'other@x.test' }, await actors.manager)).json().code).toBe('EMAIL_MISMATCH');
  });
});

describe('phone verification', () => {
  it('staff request a code for a parent; the code verifies that number', async () => {
    const { parent } = await createParent(t.db, kitaId, { language: 'en' });
    const phone = newPhone();
    const res = await post(`${parent.id}/otp`, { phoneNumber: phone }, await actors.manager);
    expect(res.statusCode).toBe(200);
    const sms = await lastMessageTo(t.db, phone);
    expect(sms.language).toBe('en');
    const bad = await post('verify-phone', { otpToken: res.json().data.otpToken, otp: wrongOtp(otpFrom(sms.bodyText)) });
    expect(bad.json().code).toBe('OTP_WRONG');
    const ok = await post('verify-phone', { otpToken: res.json().data.otpToken, otp: otpFrom(sms.bodyText) });
    expect(ok.json().data).toEqual({ phoneNumber: phone, verified: true });
    const row = await parentRow(parent.id);
    expect([row.primaryPhone, row.primaryPhoneVerified]).toEqual([phone, true]);
  });

  it('role and scope matrix for POST auth/{id}/otp', async () => {
    const { parent, user } = await createParent(t.db, kitaId, { primaryPhone: newPhone() });
    const other = await createParent(t.db, kitaId);
    type H = Record<string, string> | Promise<Record<string, string>>;
    const status = async (h: H, phone = newPhone()) => (await post(`${parent.id}/otp`, { phoneNumber: phone }, await h)).statusCode;
    expect(await status(actors.admin)).toBe(200);
    expect(await status(await actors.manager)).toBe(200);
    expect(await status(actors.otherManager)).toBe(404);
    expect(await status(await authHeader(t.app, user!.id))).toBe(200);
    expect(await status(await authHeader(t.app, other.user!.id))).toBe(404);
    // Anonymous: only the unverified number already on the account (e.g. right after registering).
    expect(await status({})).toBe(404);
    expect(await status({}, parent.primaryPhone!)).toBe(200);
  });

  it('a staff member verifies their own phone and then gets the OTP step at login', async () => {
    const m = await createStaff(t.db, 'KitaManager', kitaId, 'verify-me@kita.test');
    const h = await authHeader(t.app, m.id);
    const phone = newPhone();
    const res = await post(`${m.id}/otp`, { phoneNumber: phone }, h);
    const otp = otpFrom((await lastMessageTo(t.db, phone)).bodyText);
    expect((await post('verify-phone', { otpToken: res.json().data.otpToken, otp })).statusCode).toBe(200);
    const [u] = await t.db.select().from(users).where(eq(users.id, m.id));
    expect([u!.phoneNumber, u!.phoneVerified]).toEqual([phone, true]);
    const login = await post('login', { email: 'verify-me@kita.test', password: TEST_PASSWORD });
    expect(login.json().data.otpToken).toEqual(expect.any(String));
  });

  it('an OTP challenge of one kind cannot be used for the other', async () => {
    const { parent } = await createParent(t.db, kitaId);
    const phone = newPhone();
    const res = await post(`${parent.id}/otp`, { phoneNumber: phone }, await actors.admin);
    const otp = otpFrom((await lastMessageTo(t.db, phone)).bodyText);
    expect((await post('otp-login', { otpToken: res.json().data.otpToken, otp })).json().code).toBe('OTP_INVALID');
  });
});
