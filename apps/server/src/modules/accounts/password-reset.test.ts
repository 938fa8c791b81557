import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parents } from '../../db/schema.js';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { authHeader, createParent, createStaff, TEST_PASSWORD, newKitaId } from '../../../test/factories.js';
import { lastMessageTo, messagesTo, tokenFromLink, postAuth } from '../../../test/factories-accounts.js';

let t: TestContext;
let kitaId: string;
beforeAll(async () => ({ t, w: kitaId } = await testAppWith(newKitaId)));
afterAll(async () => t.close());

const post = (url: string, payload: object, headers?: Record<string, string>) => postAuth(t, url, payload, headers);
const NEW = 'Kastanienallee-7';

async function resetLink(email: string) {
  expect((await post('forgot-password', { email })).statusCode).toBe(200);
  const mail = await lastMessageTo(t.db, email);
  return { mail, token: tokenFromLink(mail.bodyText, '/reset-password') };
}

describe('POST auth/forgot-password', () => {
  it('mails a reset link in the user language (staff and parents)', async () => {
    await createStaff(t.db, 'KitaManager', kitaId, 'forgot-staff@kita.test');
    const { parent } = await createParent(t.db, kitaId, { language: 'en' });
    const staffMail = (await resetLink('forgot-staff@kita.test')).mail;
    expect(staffMail).toMatchObject({ kind: 'password_reset', channel: 'email', subject: 'Passwort zurücksetzen' });
    expect(staffMail.bodyText).toContain('http://kita.test/reset-password?token=');
    expect(staffMail.bodyHtml).toContain('href="http://kita.test/reset-password?token=');
    const parentMail = (await resetLink(parent.email!)).mail;
    expect(parentMail.subject).toBe('Reset your password');
  });

  it('answers the same for unknown accounts and sends nothing', async () => {
    const known = await createParent(t.db, kitaId);
    const a = await post('forgot-password', { email: known.parent.email! });
    const b = await post('forgot-password', { email: 'ghost@nowhere.test' });
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(await messagesTo(t.db, 'ghost@nowhere.test')).toHaveLength(0);
  });

  it('allows 3 per account per hour, for unknown accounts too (429 alike)', async () => {
    const { parent } = await createParent(t.db, kitaId);
    for (const email of [parent.email!, 'ghost2@nowhere.test']) {
      for (let i = 0; i < 3; i++) expect((await post('forgot-password', { email })).statusCode).toBe(200);
      const r = await post('forgot-password', { email });
      expect(r.statusCode).toBe(429);
      expect(r.headers['retry-after']).toBeDefined();
    }
    expect(await messagesTo(t.db, parent.email!)).toHaveLength(3);
  });

  it('validates the e-mail', async () => {
    expect((await post('forgot-password', { email: 'not-mail' })).json().details[0]).toMatchObject({ path: 'email' });
  });
});

describe('POST auth/reset-password', () => {
  it('sets the new password, ends all sessions, and the link works once', async () => {
    const { parent, user } = await createParent(t.db, kitaId);
    const session = await authHeader(t.app, user!.id);
    const { token } = await resetLink(parent.email!);
    const res = await post('reset-password', { token, newPassword: NEW, confirmPassword: NEW });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: session })).statusCode).toBe(401);
    expect((await post('login-with-email', { email: parent.email!, password: TEST_PASSWORD })).statusCode).toBe(401);
    expect((await post('login-with-email', { email: parent.email!, password: NEW })).statusCode).toBe(200);
    const again = await post('reset-password', { token, newPassword: 'Another-pass-9', confirmPassword: 'Another-pass-9' });
    expect([again.statusCode, again.json().code]).toEqual([400, 'RESET_TOKEN_INVALID']);
  });

  it('ends the other open reset links of that user', async () => {
    const { parent } = await createParent(t.db, kitaId);
    const first = (await resetLink(parent.email!)).token;
    const second = (await resetLink(parent.email!)).token;
    expect((await post('reset-password', { token: second, newPassword: NEW, confirmPassword: NEW })).statusCode).toBe(200);
    expect((await post('reset-password', { token: first, newPassword: NEW, confirmPassword: NEW })).statusCode).toBe(400);
  });

  it('refuses an expired link (60 minutes)', async () => {
    const { parent } = await createParent(t.db, kitaId);
    const { token } = await resetLink(parent.email!);
    t.clock.advance(61 * 60_000);
    expect((await post('reset-password', { token, newPassword: NEW, confirmPassword: NEW })).json().code).toBe('RESET_TOKEN_INVALID');
  });

  it('checks confirmation, length and common passwords', async () => {
    const { parent } = await createParent(t.db, kitaId);
    const { token } = await resetLink(parent.email!);
    const mismatch = await post('reset-password', { token, newPassword: NEW, confirmPassword: `${NEW}x` });
    expect(mismatch.json().details).toEqual([{ path: 'confirmPassword', message: 'Die Passwörter stimmen nicht überein' }]);
    const short = await post('reset-password', { token, newPassword: 'abc', confirmPassword: 'abc' });
    expect(short.json().details[0].path).toBe('newPassword');
    const common = await post('reset-password', { token, newPassword: 'password123', confirmPassword: 'password123' }, { 'accept-language': 'en' });
    expect(common.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'newPassword', message: 'This password is too common and easy to guess' }] });
    // The failed attempts did not use the link up.
    expect((await post('reset-password', { token, newPassword: NEW, confirmPassword: NEW })).statusCode).toBe(200);
  });

  it('verifies an unverified parent e-mail, since the link proved it', async () => {
    const { parent } = await createParent(t.db, kitaId, { emailVerified: false });
    const { token } = await resetLink(parent.email!);
    await post('reset-password', { token, newPassword: NEW, confirmPassword: NEW });
    const [row] = await t.db.select().from(parents).where(eq(parents.id, parent.id));
    expect(row!.emailVerified).toBe(true);
  });
});
