import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { parentsWorld, parentPayload, type World } from '../../../test/factories-parents.js';
import { authHeader, createParent } from '../../../test/factories.js';
import { parents } from '../../db/schema.js';

/** Phone numbers as people type them, stored as E.164; SMS only to mobile numbers. */
let t: TestContext;
let w: World;
beforeAll(async () => ({ t, w } = await testAppWith(parentsWorld)));
afterAll(async () => t.close());

const post = (payload: unknown, lang = 'de') =>
  t.app.inject({ method: 'POST', url: '/api/parents', headers: { ...w.headers.managerA, 'accept-language': lang }, payload: payload as object });

describe('phone numbers on parents', () => {
  it.each(['0170 1234567', '+49 170 1234567', '+49 (0)170 1234567', '0049 170 1234567', '(0170) 123-4567'])(
    'accepts %j and stores +491701234567',
    async (typed) => {
      const res = await post(parentPayload(w.a.kita.id, { primaryPhoneNumber: typed, secondaryPhoneNumber: '030 1234567', preferredCommunication: 'sms' }));
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await t.db.select().from(parents).where(eq(parents.id, res.json().data.parentId));
      expect(row!.primaryPhone).toBe('+491701234567');
      expect(row!.secondaryPhone).toBe('+49301234567');
    },
  );

  it('refuses a landline for SMS with a field error in the caller language, and stores nothing', async () => {
    const before = (await t.db.select().from(parents)).length;
    const payload = parentPayload(w.a.kita.id, { primaryPhoneNumber: '030 12345678', preferredCommunication: 'sms' });
    const de = await post(payload);
    expect(de.statusCode).toBe(400);
    expect(JSON.stringify(de.json())).toContain('keine Handynummer');
    expect(JSON.stringify(de.json())).toContain('primaryPhoneNumber');
    const en = await post(payload, 'en');
    expect(JSON.stringify(en.json())).toContain('not a mobile number');
    expect((await t.db.select().from(parents)).length).toBe(before);
  });

  it('accepts a landline when messages go by e-mail', async () => {
    const res = await post(parentPayload(w.a.kita.id, { primaryPhoneNumber: '030 12345678', preferredCommunication: 'email' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.primaryPhoneNumber).toBe('+493012345678');
  });

  it('a parent cannot switch to SMS with a landline', async () => {
    const { parent, user } = await createParent(t.db, w.a.kita.id, { primaryPhone: '+493012345678' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/${parent.id}/preferred-communication`,
      headers: await authHeader(t.app, user!.id),
      payload: { preferredCommunication: 'sms', phoneNumber: '030 12345678' },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('keine Handynummer');
    const [row] = await t.db.select().from(parents).where(eq(parents.id, parent.id));
    expect(row!.preferredCommunication).toBe('email');
  });
});
