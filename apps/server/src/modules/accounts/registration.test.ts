import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { children, parents, users } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createKita } from '../../../test/factories.js';
import { lastMessageTo, messagesTo, otpFrom, tokenFromLink } from '../../../test/factories-accounts.js';

let t: TestContext;
let k: Awaited<ReturnType<typeof createKita>>;
let other: Awaited<ReturnType<typeof createKita>>;
beforeAll(async () => {
  t = await createTestApp();
  k = await createKita(t.db, 'Kita Sonnenschein');
  other = await createKita(t.db, 'Kita Regenbogen');
});
afterAll(async () => t.close());

let n = 0;
/** Each registration from its own client address: the per-client limit is tested separately. */
const register = (payload: object, ip = `10.0.0.${++n}`) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: ip });
const valid = (over: object = {}) => ({
  name: 'Lena Schmidt',
  email: `lena${++n}@familie.test`,
  primaryPhoneNumber: null,
  kitaId: k.kita.id,
  preferredCommunication: 'email',
  language: 'de',
  password: 'Sonnenblume-11',
  confirmPassword: 'Sonnenblume-11',
  children: [
    { childName: 'Mia', dateOfBirth: '2021-04-03', groupId: k.kgGroup.id },
    { childName: 'Leo', dateOfBirth: '2023-09-12', groupId: k.krGroup.id },
  ],
  ...over,
});
const count = async (table: typeof parents | typeof children | typeof users) =>
  Number((await t.db.select({ c: sql<number>`count(*)` }).from(table))[0]!.c);

describe('GET auth/kita-groups/{kitaId}', () => {
  it('lists the Kita with categories and groups, publicly', async () => {
    const res = await t.app.inject({ url: `/api/auth/kita-groups/${k.kita.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      kitaId: k.kita.id,
      kitaName: 'Kita Sonnenschein',
      location: 'Berlin',
      categories: [
        { categoryId: k.kindergarten.id, categoryName: 'Kindergarten', groups: [{ groupId: k.kgGroup.id, groupName: 'Bären' }] },
        { categoryId: k.krippe.id, categoryName: 'Krippe', groups: [{ groupId: k.krGroup.id, groupName: 'Mäuse' }] },
      ],
    });
  });

  it('answers 404 with a clear message for unknown or malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await t.app.inject({ url: `/api/auth/kita-groups/${id}`, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(`No Kita found with ID ${id}. Please check the registration link.`);
    }
  });
});

describe('POST auth/register', () => {
  it('creates a pending parent, children and an inactive login, and sends activation and confirmation', async () => {
    const body = valid({ language: 'en' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const { parentId, status, otpToken } = res.json().data;
    expect([status, otpToken]).toEqual(['registered', null]);
    const [p] = await t.db.select().from(parents).where(eq(parents.id, parentId));
    expect(p).toMatchObject({ status: 'registered', isActive: false, emailVerified: false, language: 'en', kitaId: k.kita.id });
    const [u] = await t.db.select().from(users).where(eq(users.parentId, parentId));
    expect(u).toMatchObject({ role: 'Parent', isActive: false, kitaId: k.kita.id });
    expect(u!.passwordHash).toMatch(/^\$argon2id\$/);
    const kids = await t.db.select().from(children).where(eq(children.parentId, parentId));
    expect(kids.map((c) => c.name).sort()).toEqual(['Leo', 'Mia']);
    const mails = await messagesTo(t.db, body.email);
    expect(mails.map((m) => m.kind).sort()).toEqual(['activation', 'registration_received']);
    expect(mails.find((m) => m.kind === 'registration_received')!.subject).toBe('Your registration with Kita Sonnenschein');

    // Activation before approval verifies the e-mail; login waits for the approval.
    const token = tokenFromLink(mails.find((m) => m.kind === 'activation')!.bodyText, '/verify-email');
    expect((await t.app.inject({ method: 'POST', url: `/api/auth/activate-account?token=${token}` })).json().data.needsPassword).toBe(false);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login-with-email', payload: { email: body.email, password: body.password } });
    expect([login.statusCode, login.json().code]).toEqual([403, 'ACCOUNT_PENDING']);
  });

  it('verifies the number of a phone-only registration by SMS code', async () => {
    const phone = '+4916099887766';
    const res = await register(valid({ email: null, primaryPhoneNumber: phone, preferredCommunication: 'sms' }));
    expect(res.statusCode).toBe(201);
    const otpToken = res.json().data.otpToken;
    expect(otpToken).toEqual(expect.any(String));
    // One SMS for an anonymous registration: the code (before, a second one said "received").
    const sms = await messagesTo(t.db, phone);
    expect(sms.map((m) => m.kind)).toEqual(['otp']);
    const otp = otpFrom(sms[0]!.bodyText);
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/verify-phone', payload: { otpToken, otp } });
    expect(ok.statusCode).toBe(200);
    // 'Registration received' once the number is proved, and only once.
    expect((await messagesTo(t.db, phone)).map((m) => m.kind).sort()).toEqual(['otp', 'registration_received']);
    const [p] = await t.db.select().from(parents).where(eq(parents.id, res.json().data.parentId));
    expect(p!.primaryPhoneVerified).toBe(true);
  });

  it('refuses an unknown Kita with 404 and creates nothing', async () => {
    const before = [await count(parents), await count(children), await count(users)];
    const res = await register(valid({ kitaId: '00000000-0000-4000-8000-000000000000' }));
    expect(res.statusCode).toBe(404);
    expect([await count(parents), await count(children), await count(users)]).toEqual(before);
  });

  it('refuses a group of another Kita and creates nothing', async () => {
    const before = await count(parents);
    const body = valid({ children: [{ childName: 'Ida', dateOfBirth: '2020-01-01', groupId: other.kgGroup.id }] });
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'GROUP_NOT_IN_KITA', details: [{ path: 'children.0.groupId' }] });
    expect(await count(parents)).toBe(before);
    expect(await messagesTo(t.db, body.email)).toHaveLength(0);
  });

  it('validates every field', async () => {
    const res = await register({
      name: '1abc', email: 'bad', kitaId: k.kita.id, language: 'fr', password: '123', confirmPassword: '1234',
      preferredCommunication: 'sms', children: [{ childName: '', dateOfBirth: '1899-12-31', groupId: 'x' }],
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().details.map((d: { path: string }) => d.path);
    for (const p of ['name', 'email', 'language', 'password', 'children.0.childName', 'children.0.dateOfBirth', 'children.0.groupId']) {
      expect(paths).toContain(p);
    }
    const none = await register(valid({ email: null, primaryPhoneNumber: null }));
    expect(none.json().details).toEqual([{ path: 'email', message: 'Bitte eine E-Mail-Adresse oder eine Handynummer angeben' }]);
    const noKids = await register(valid({ children: [] }));
    expect(noKids.json().details[0].path).toBe('children');
    const future = await register(valid({ children: [{ childName: 'Zoe', dateOfBirth: '2999-01-01', groupId: k.kgGroup.id }] }));
    expect(future.json().details).toEqual([{ path: 'children.0.dateOfBirth', message: expect.any(String) }]);
    const common = await register(valid({ password: 'password1', confirmPassword: 'password1' }));
    expect(common.json().details).toEqual([{ path: 'password', message: 'Dieses Passwort ist zu häufig und leicht zu erraten' }]);
  });

  it('answers a known e-mail like a new one and tells the owner instead (no account enumeration)', async () => {
    const body = valid();
    const first = await register(body);
    expect(first.statusCode).toBe(201);
    const again = await register({ ...body, email: body.email.toUpperCase() });
    const fresh = await register(valid());
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(again.json().data).sort()).toEqual(Object.keys(fresh.json().data).sort());
    expect(again.json().data).toMatchObject({ status: 'registered', otpToken: null });
    expect(again.json().data.parentId).not.toBe(first.json().data.parentId);
    // Nothing new stored for the known address; its owner gets "you already have an account".
    expect(await t.db.select().from(parents).where(eq(parents.email, body.email.toLowerCase()))).toHaveLength(1);
    const mail = await lastMessageTo(t.db, body.email.toLowerCase());
    expect(mail.kind).toBe('account_exists');
    expect(mail.bodyText).toContain('Sie haben bereits ein Konto');
  });

  it('allows 10 registrations per client per hour', async () => {
    for (let i = 0; i < 10; i++) expect((await register(valid(), '192.0.2.9')).statusCode).toBe(201);
    const limited = await register(valid(), '192.0.2.9');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register(valid(), '192.0.2.10')).statusCode).toBe(201);
    t.clock.advance(3600_000);
    expect((await register(valid(), '192.0.2.9')).statusCode).toBe(201);
  });

  it('sends the activation link from the configured public URL, whatever the Host header says', async () => {
    const body = valid();
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, headers: { host: 'evil.example' }, remoteAddress: '10.9.9.9' });
    const mail = await lastMessageTo(t.db, body.email);
    expect(mail.bodyText).not.toContain('evil.example');
    expect(mail.bodyText).toMatch(/http:\/\/kita\.test\//);
  });
});
