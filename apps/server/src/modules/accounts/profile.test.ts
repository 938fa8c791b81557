import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parents } from '../../db/schema.js';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { authHeader, createParent, createStaff, newKitaId } from '../../../test/factories.js';
import { lastMessageTo, messagesTo, otpFrom } from '../../../test/factories-accounts.js';

let t: TestContext;
let kitaId: string;
beforeAll(async () => ({ t, w: kitaId } = await testAppWith(newKitaId)));
afterAll(async () => t.close());

const put = async (parentId: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: `/api/auth/${parentId}/preferred-communication`, payload, headers });
const row = async (id: string) => (await t.db.select().from(parents).where(eq(parents.id, id)))[0]!;

describe('PUT auth/{parentId}/preferred-communication', () => {
  it('switches to SMS with a new number: stores it unverified, sends a code and returns token, user and otpToken', async () => {
    const { parent, user } = await createParent(t.db, kitaId, { language: 'en' });
    const res = await put(parent.id, { preferredCommunication: 'sms', phoneNumber: '+4917655544433' }, await authHeader(t.app, user!.id));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ token: expect.any(String), user: { userId: user!.id, parentId: parent.id }, otpToken: expect.any(String) });
    expect(await row(parent.id)).toMatchObject({ preferredCommunication: 'sms', primaryPhone: '+4917655544433', primaryPhoneVerified: false });
    const sms = await lastMessageTo(t.db, '+4917655544433');
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/verify-phone', payload: { otpToken: data.otpToken, otp: otpFrom(sms.bodyText) } });
    expect(ok.statusCode).toBe(200);
    expect((await row(parent.id)).primaryPhoneVerified).toBe(true);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${data.token}` } });
    expect(me.statusCode).toBe(200);
  });

  it('keeps a verified number verified and sends no code', async () => {
    const phone = '+4917611122233';
    const { parent, user } = await createParent(t.db, kitaId, { primaryPhone: phone, primaryPhoneVerified: true });
    const res = await put(parent.id, { preferredCommunication: 'sms', phoneNumber: phone }, await authHeader(t.app, user!.id));
    expect(res.json().data.otpToken).toBeNull();
    expect(await messagesTo(t.db, phone)).toHaveLength(0);
    const back = await put(parent.id, { preferredCommunication: 'email', phoneNumber: '' }, await authHeader(t.app, user!.id));
    expect(back.statusCode).toBe(200);
    expect(await row(parent.id)).toMatchObject({ preferredCommunication: 'email', primaryPhone: phone, primaryPhoneVerified: true });
  });

  it('SMS needs a phone', async () => {
    const { parent, user } = await createParent(t.db, kitaId);
    const res = await put(parent.id, { preferredCommunication: 'sms' }, await authHeader(t.app, user!.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'phoneNumber', message: 'Für SMS wird eine Telefonnummer benötigt' }]);
  });

  it('role and scope matrix: only the parent themselves', async () => {
    const { parent } = await createParent(t.db, kitaId);
    const other = await createParent(t.db, kitaId);
    const body = { preferredCommunication: 'email' };
    expect((await put(parent.id, body, await authHeader(t.app, (await createStaff(t.db, 'Admin')).id))).statusCode).toBe(403);
    expect((await put(parent.id, body, await authHeader(t.app, (await createStaff(t.db, 'KitaManager', kitaId)).id))).statusCode).toBe(403);
    expect((await put(parent.id, body, await authHeader(t.app, other.user!.id))).statusCode).toBe(404);
    expect((await put(parent.id, body)).statusCode).toBe(401);
  });
});
