import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, children, outboxMessages, parents, users } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { authHeader, createKita, createStaff } from '../../../test/factories.js';
import { lastMessageTo, otpFrom, postAuth } from '../../../test/factories-accounts.js';
import { runRetention } from '../../jobs/retention.js';
import { expireRegistrations } from './registration-expiry.js';

/**
 * Registrations cannot pump messages: a small lifetime total of codes per
 * registration with a growing pause between them, none for rejected or expired registrations,
 * unverified registrations expire (and the Kita sees it), a limit on unverified registrations
 * waiting per Kita, retention for old ones.
 */

let t: TestContext;
let k: Awaited<ReturnType<typeof createKita>>;
let managerId: string;
/** A fresh session per use: the tests move the clock past the 12-hour session lifetime. */
const staff = () => authHeader(t.app, managerId);
beforeAll(async () => {
  t = await createTestApp({ env: { REGISTRATION_PENDING_PER_KITA: '4' } });
  k = await createKita(t.db, 'Kita Sonnenschein');
  managerId = (await createStaff(t.db, 'KitaManager', k.kita.id)).id;
});
afterAll(async () => t.close());

let n = 0;
const phone = () => `+49152${String(++n).padStart(8, '0')}`;
/** A phone-only registration from its own client address. */
async function registerPhone(kitaId = k.kita.id) {
  const number = phone();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: `10.1.0.${n}`,
    payload: {
      name: 'Lena Schmidt',
      email: null,
      primaryPhoneNumber: number,
      kitaId,
      preferredCommunication: 'sms',
      language: 'de',
      password: 'Sonnenblume-11',
      confirmPassword: 'Sonnenblume-11',
      children: [{ childName: 'Mia', dateOfBirth: '2021-04-03', groupId: k.kgGroup.id }],
    },
  });
  return { res, number, parentId: res.json().data?.parentId as string, otpToken: res.json().data?.otpToken as string };
}
const askCode = (parentId: string, number: string, headers: Record<string, string> = {}) =>
  postAuth(t, `${parentId}/otp`, { phoneNumber: number }, headers);
const codesTo = async (number: string) =>
  Number((await t.db.select({ c: sql<number>`count(*)` }).from(outboxMessages).where(and(eq(outboxMessages.recipient, number), eq(outboxMessages.kind, 'otp'))))[0]!.c);
const clean = () => t.db.delete(parents).where(eq(parents.kitaId, k.kita.id));

describe('codes for a registration', () => {
  it('come with a growing pause and a small total over the lifetime; then only the manager can help', async () => {
    await clean();
    const { parentId, number } = await registerPhone();
    expect(await codesTo(number)).toBe(1);
    // Straight after registration: wait a minute.
    const early = await askCode(parentId, number);
    expect([early.statusCode, early.headers['retry-after']]).toEqual([429, '60']);
    t.clock.advance(60_000);
    expect((await askCode(parentId, number)).statusCode).toBe(200);
    // The pause grows: 4 minutes, then 16.
    t.clock.advance(60_000);
    const second = await askCode(parentId, number);
    expect([second.statusCode, second.headers['retry-after']]).toEqual([429, '180']);
    t.clock.advance(3 * 60_000);
    expect((await askCode(parentId, number)).statusCode).toBe(200);
    t.clock.advance(16 * 60_000);
    expect((await askCode(parentId, number)).statusCode).toBe(200);
    expect(await codesTo(number)).toBe(4);
    // REGISTRATION_CODES_MAX (4) reached: no more, however long one waits.
    for (const wait of [3600_000, 24 * 3600_000]) {
      t.clock.advance(wait);
      const res = await askCode(parentId, number);
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([
        429,
        'VERIFICATION_LIMIT',
        'Für diese Registrierung wurden schon alle Codes gesendet. Bitte wenden Sie sich an die Kita-Leitung.',
      ]);
    }
    expect(await codesTo(number)).toBe(4);
    // The manager can still send one (the staff route is not counted against the registration).
    expect((await askCode(parentId, number, await staff())).statusCode).toBe(200);
    expect(await codesTo(number)).toBe(5);
    const code = otpFrom((await lastMessageTo(t.db, number)).bodyText);
    expect(code).toMatch(/^\d{6}$/);
  });

  it('are never sent for a rejected registration, whoever asks', async () => {
    await clean();
    const { parentId, number } = await registerPhone();
    expect((await t.app.inject({ method: 'POST', url: `/api/parents/${parentId}/reject`, headers: await staff(), payload: {} })).statusCode).toBe(200);
    t.clock.advance(3600_000);
    const anonymous = await askCode(parentId, number);
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([409, 'REGISTRATION_CLOSED']);
    const byStaff = await askCode(parentId, number, await staff());
    expect([byStaff.statusCode, byStaff.json().code]).toEqual([409, 'REGISTRATION_CLOSED']);
    expect(await codesTo(number)).toBe(1);
  });

  it('activation mails of a registration share the lifetime total, answered alike', async () => {
    await clean();
    const email = 'pump@familie.test';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '10.2.0.1',
      payload: {
        name: 'Lena', email, kitaId: k.kita.id, preferredCommunication: 'email', language: 'de',
        password: 'Sonnenblume-11', confirmPassword: 'Sonnenblume-11',
        children: [{ childName: 'Mia', dateOfBirth: '2021-04-03', groupId: k.kgGroup.id }],
      },
    });
    const parentId = res.json().data.parentId as string;
    const activations = async () =>
      Number((await t.db.select({ c: sql<number>`count(*)` }).from(outboxMessages).where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.kind, 'activation'))))[0]!.c);
    for (let i = 0; i < 10; i++) {
      t.clock.advance(3600_000);
      const again = await postAuth(t, `${parentId}/re-activate-email`, { email });
      expect(again.statusCode).toBe(200);
    }
    expect(await activations()).toBe(4);
  });
});

describe('unverified registrations', () => {
  it('expire after REGISTRATION_EXPIRY_DAYS: the Kita sees them go, no codes after, retention deletes them later', async () => {
    await clean();
    const stale = await registerPhone();
    const verified = await registerPhone();
    const code = otpFrom((await lastMessageTo(t.db, verified.number)).bodyText);
    expect((await postAuth(t, 'verify-phone', { otp: code, otpToken: verified.otpToken })).statusCode).toBe(200);

    t.clock.advance(2 * 24 * 3600_000);
    expect(await expireRegistrations(t.app)).toBe(0);
    t.clock.advance(24 * 3600_000 + 60_000);
    expect(await expireRegistrations(t.app)).toBe(1);
    expect(await expireRegistrations(t.app)).toBe(0);

    const [gone] = await t.db.select().from(parents).where(eq(parents.id, stale.parentId));
    expect([gone!.status, gone!.isActive]).toEqual(['rejected', false]);
    const [login] = await t.db.select().from(users).where(eq(users.parentId, stale.parentId));
    expect(login!.isActive).toBe(false);
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, stale.parentId), eq(auditLog.action, 'expire')));
    expect(row).toMatchObject({ kitaId: k.kita.id, actorRole: 'system', details: { reason: 'unverified', days: 3 } });
    // The verified one waits for the manager.
    const [kept] = await t.db.select().from(parents).where(eq(parents.id, verified.parentId));
    expect(kept!.status).toBe('registered');
    // Gone from the manager's approval list, no more codes.
    const list = await t.app.inject({ url: `/api/parents/kita/${k.kita.id}/registered`, headers: await staff() });
    expect(list.json().data.map((p: { parentId: string }) => p.parentId)).toEqual([verified.parentId]);
    expect((await askCode(stale.parentId, stale.number)).statusCode).toBe(409);

    // Retention: RETENTION_REGISTRATIONS_DAYS (30) after it ended, with children and login.
    t.clock.advance(29 * 24 * 3600_000);
    expect((await runRetention(t.app)).registrations).toBe(0);
    t.clock.advance(2 * 24 * 3600_000);
    expect((await runRetention(t.app)).registrations).toBe(1);
    expect(await t.db.select().from(parents).where(eq(parents.id, stale.parentId))).toEqual([]);
    expect(await t.db.select().from(children).where(eq(children.parentId, stale.parentId))).toEqual([]);
    expect(await t.db.select().from(parents).where(eq(parents.id, verified.parentId))).toHaveLength(1);
  });

  it('wait at one Kita only up to REGISTRATION_PENDING_PER_KITA at a time', async () => {
    await clean();
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await registerPhone());
    expect(made.map((m) => m.res.statusCode)).toEqual([201, 201, 201, 201]);
    const full = await registerPhone();
    expect([full.res.statusCode, full.res.json().code]).toEqual([429, 'REGISTRATIONS_FULL']);
    expect(await codesTo(full.number)).toBe(0);
    // Another Kita is not affected.
    const other = await createKita(t.db, 'Kita Regenbogen');
    expect((await t.app.inject({ url: `/api/auth/kita-groups/${other.kita.id}` })).statusCode).toBe(200);
    // A verified registration no longer counts: room again.
    const code = otpFrom((await lastMessageTo(t.db, made[0]!.number)).bodyText);
    expect((await postAuth(t, 'verify-phone', { otp: code, otpToken: made[0]!.otpToken })).statusCode).toBe(200);
    expect((await registerPhone()).res.statusCode).toBe(201);
  });
});
