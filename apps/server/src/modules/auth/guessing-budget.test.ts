import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { createParent, createStaff, TEST_PASSWORD, newKitaId } from '../../../test/factories.js';
import { lastMessageTo, messagesTo, otpFrom, wrongOtp } from '../../../test/factories-accounts.js';
import { ACCOUNT_FAILURES_MAX, UNLOCK_CODES_PER_DAY } from './staff-login.js';
import { DEVICE_COOKIE } from '../../lib/device-cookie.js';

/**
 * The per-account budget reset every 15 minutes (5,737 checked guesses a day
 * against one account), and 60 failures from other addresses kept the owner out with a 429 for
 * the right password. Now: at most ACCOUNT_FAILURES_MAX checked failures per account until a
 * success, counted across windows; the owner logs in from a known device (device cookie) or after
 * a one-time code while the attack runs; a failing client is slowed, the account is not.
 */
let t: TestContext;
let kitaId: string;
/** The reverse proxy in front (X-Forwarded-For from it names the client). */
const PROXY = '198.51.100.250';
beforeAll(async () => ({ t, w: kitaId } = await testAppWith(newKitaId, { env: { TRUST_PROXY: PROXY } })));
afterAll(async () => t.close());

const figures: Record<string, unknown> = {};
afterAll(() => console.log(`[guessing budget, ${t?.database.kind}] ${JSON.stringify(figures)}`));

const MINUTE = 60_000;
let attackerIp = 0;
/** Every guess from another address: 10.x.y.z, as a botnet would. */
const nextAttacker = () => {
  attackerIp++;
  return `10.${(attackerIp >> 16) & 255}.${(attackerIp >> 8) & 255}.${attackerIp & 255}`;
};

const staffLogin = (email: string, password: string, opts: { ip?: string; cookie?: string; code?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, ...(opts.code ? { code: opts.code } : {}) },
    remoteAddress: opts.ip ?? '192.0.2.10',
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });

/** The cookie a browser would send back from a Set-Cookie answer. */
function deviceCookieOf(res: { headers: Record<string, unknown> }): string {
  const set = res.headers['set-cookie'];
  const line = (Array.isArray(set) ? set : [set]).find((l) => typeof l === 'string' && l.startsWith(`${DEVICE_COOKIE}=`)) as string | undefined;
  if (!line) throw new Error('no device cookie set');
  return line.split(';')[0]!;
}

describe('per-account guessing budget', () => {
  it('a day of guessing from ever-new addresses: at most 100 checked, the owner logs in from a known device meanwhile', async () => {
    const staff = await createStaff(t.db, 'KitaManager', kitaId);
    // The owner logged in on this browser before: the answer sets the signed device cookie.
    const first = await staffLogin(staff.email!, TEST_PASSWORD, { ip: '192.0.2.10' });
    expect(first.statusCode).toBe(200);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    const cookie = deviceCookieOf(first);

    // 24 hours, one guess every 30 seconds, each from a new address (2,880 attempts).
    const by: Record<number, number> = {};
    const ownerMs: number[] = [];
    const ownerStatus: number[] = [];
    for (let i = 0; i < 2880; i++) {
      const res = await staffLogin(staff.email!, `wrong-${i}`, { ip: nextAttacker() });
      by[res.statusCode] = (by[res.statusCode] ?? 0) + 1;
      // The owner, at her own (dynamic) address, logs in at 6:00 of the attacked day.
      if (i === 720) {
        const started = performance.now();
        const own = await staffLogin(staff.email!, TEST_PASSWORD, { ip: '198.51.100.200', cookie });
        ownerMs.push(performance.now() - started);
        ownerStatus.push(own.statusCode);
      }
      t.clock.advance(MINUTE / 2);
    }
    figures['checked guesses, one account, 24 h, 2,880 attempts (owner logged in once)'] = by;
    figures['owner login time during the attack (ms)'] = ownerMs.map(Math.round);
    expect(ownerStatus).toEqual([200]);
    // Before the owner's success and after it, at most 100 each: 200 at most in the day.
    expect(by[401]).toBeLessThanOrEqual(2 * ACCOUNT_FAILURES_MAX);
    expect(by[401]).toBeGreaterThanOrEqual(ACCOUNT_FAILURES_MAX);
    // No success for the attacker, and nobody else (a new browser) gets the password checked now.
    expect(by[200]).toBeUndefined();
    expect((await staffLogin(staff.email!, TEST_PASSWORD, { ip: '203.0.113.50' })).statusCode).toBe(429);
  }, 600_000);

  it('without an owner login in between: the 101st checked guess never comes, however long the attack runs', async () => {
    const staff = await createStaff(t.db, 'KitaManager', kitaId);
    let checked = 0;
    for (let i = 0; i < 300; i++) {
      const res = await staffLogin(staff.email!, `wrong-${i}`, { ip: nextAttacker() });
      if (res.statusCode === 401) checked++;
      else expect(res.json().code).toBe('LOGIN_CODE_SENT');
      t.clock.advance(20 * MINUTE);
    }
    figures['checked guesses, one account, 300 attempts over 100 h'] = checked;
    expect(checked).toBe(ACCOUNT_FAILURES_MAX);
    // Unlock codes sent to the owner stay few: per hour and per day capped.
    const codes = await messagesTo(t.db, staff.email!);
    expect(codes.length).toBeLessThanOrEqual(UNLOCK_CODES_PER_DAY * 5);
  }, 600_000);

  it('the owner on a new browser during the attack: a code by e-mail, then the password logs her in', async () => {
    const staff = await createStaff(t.db, 'KitaManager', kitaId);
    for (let i = 0; i < ACCOUNT_FAILURES_MAX; i++) expect((await staffLogin(staff.email!, `wrong-${i}`, { ip: nextAttacker() })).statusCode).toBe(401);
    // The attacker goes on; it triggers codes it cannot read.
    const attacker = await staffLogin(staff.email!, 'wrong-again', { ip: nextAttacker() });
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json().code).toBe('LOGIN_CODE_SENT');

    const started = performance.now();
    const refused = await staffLogin(staff.email!, TEST_PASSWORD, { ip: '198.51.100.201', cookie: 'kita_device=forged.value' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('LOGIN_CODE_SENT');
    expect(refused.json().message).toMatch(/Zu viele Fehlversuche – wir haben Ihnen einen Code geschickt/);
    const mail = await lastMessageTo(t.db, staff.email!);
    const code = otpFrom(mail.bodyText);

    // A wrong code (the attacker's guess) changes nothing.
    const wrong = await staffLogin(staff.email!, TEST_PASSWORD, { ip: nextAttacker(), code: wrongOtp(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('LOGIN_CODE_WRONG');

    const ok = await staffLogin(staff.email!, TEST_PASSWORD, { ip: '198.51.100.201', code });
    figures['owner login on a new browser with the e-mail code (ms, both requests)'] = Math.round(performance.now() - started);
    expect(ok.statusCode).toBe(200);
    // The code is single use.
    expect((await staffLogin(staff.email!, TEST_PASSWORD, { ip: nextAttacker(), code })).statusCode).toBe(400);
    // The browser is now a known device, and the success started a new count.
    const cookie = deviceCookieOf(ok);
    expect((await staffLogin(staff.email!, TEST_PASSWORD, { ip: '198.51.100.201', cookie })).statusCode).toBe(200);
  }, 120_000);

  it('a parent who logs in by e-mail gets the code by e-mail, in English when that is her language', async () => {
    const { parent } = await createParent(t.db, kitaId, { language: 'en' });
    for (let i = 0; i < ACCOUNT_FAILURES_MAX; i++) {
      await t.app.inject({ method: 'POST', url: '/api/auth/login-with-email', payload: { email: parent.email, password: `wrong-${i}` }, remoteAddress: nextAttacker() });
    }
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/login-with-email', payload: { email: parent.email, password: TEST_PASSWORD }, remoteAddress: '198.51.100.9', headers: { 'accept-language': 'en' },
    });
    expect(res.json().code).toBe('LOGIN_CODE_SENT');
    expect(res.json().message).toMatch(/Too many failed attempts – we have sent you a code/);
    const code = otpFrom((await lastMessageTo(t.db, parent.email!)).bodyText);
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/login-with-email', payload: { email: parent.email, password: TEST_PASSWORD, code }, remoteAddress: '198.51.100.9' });
    expect(ok.statusCode).toBe(200);
  }, 120_000);

  it('a known device that keeps failing is slowed itself; the account is not', async () => {
    const staff = await createStaff(t.db, 'KitaManager', kitaId);
    const cookie = deviceCookieOf(await staffLogin(staff.email!, TEST_PASSWORD));
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await staffLogin(staff.email!, `wrong-${i}`, { cookie })).statusCode);
    expect(statuses.slice(0, 6)).toEqual(Array(6).fill(401));
    expect(statuses.slice(6)).toContain(429);
    // Another browser and address is not slowed by that device's failures.
    expect((await staffLogin(staff.email!, TEST_PASSWORD, { ip: '198.51.100.77' })).statusCode).toBe(200);
  });

  it('600 concurrent guesses from ever-new addresses of one IPv6 /64 while the owner logs in on her device', async () => {
    const staff = await createStaff(t.db, 'KitaManager', kitaId);
    const cookie = deviceCookieOf(await staffLogin(staff.email!, TEST_PASSWORD));
    const attack = Promise.all(
      Array.from({ length: 600 }, (_, i) =>
        t.app.inject({
          method: 'POST', url: '/api/auth/login', payload: { email: staff.email, password: `guess-${i}` },
          remoteAddress: PROXY, headers: { 'x-forwarded-for': `2001:db8:66:1:${(i + 1).toString(16)}::1` },
        }),
      ),
    );
    const started = performance.now();
    const own = await staffLogin(staff.email!, TEST_PASSWORD, { ip: '198.51.100.201', cookie });
    const ownerMs = Math.round(performance.now() - started);
    const by: Record<number, number> = {};
    for (const r of await attack) by[r.statusCode] = (by[r.statusCode] ?? 0) + 1;
    figures['600 concurrent guesses from one /64: answers'] = by;
    figures['owner login time during that burst (ms)'] = ownerMs;
    expect(own.statusCode).toBe(200);
    // One network is one client: 5 free, then the pause.
    expect(by[401]).toBeLessThanOrEqual(6);
  }, 120_000);

  it('a forged or foreign device cookie counts as no device', async () => {
    const a = await createStaff(t.db, 'KitaManager', kitaId);
    const b = await createStaff(t.db, 'KitaManager', kitaId);
    const cookieOfA = deviceCookieOf(await staffLogin(a.email!, TEST_PASSWORD));
    for (let i = 0; i < ACCOUNT_FAILURES_MAX; i++) await staffLogin(b.email!, `wrong-${i}`, { ip: nextAttacker() });
    // A's browser is no known device of B.
    expect((await staffLogin(b.email!, TEST_PASSWORD, { cookie: cookieOfA })).json().code).toBe('LOGIN_CODE_SENT');
    const [name, value] = cookieOfA.split('=') as [string, string];
    const tampered = `${name}=${value.slice(0, -2)}xx`;
    expect((await staffLogin(b.email!, TEST_PASSWORD, { cookie: tampered })).json().code).toBe('LOGIN_CODE_SENT');
  }, 120_000);
});
