import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { authHeader, createKita, createStaff, TEST_PASSWORD } from '../../../test/factories.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('staff login', () => {
  it('logs a manager in and returns token and user', async () => {
    const { kita } = await createKita(t.db);
    const m = await createStaff(t.db, 'KitaManager', kita.id, 'boss@kita.test');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'Boss@Kita.test', password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.token).toEqual(expect.any(String));
    expect(body.data.user).toMatchObject({ userId: m.id, role: 'KitaManager', kita: { kitaId: kita.id }, parentId: null });
    const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${body.data.token}` } });
    expect(me.json().data.userId).toBe(m.id);
  });

  it('answers a wrong password and an unknown account alike', async () => {
    await createStaff(t.db, 'Admin', null, 'admin-x@kita.test');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin-x@kita.test', password: 'nope-nope' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ghost@kita.test', password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
    expect(wrong.json()).toMatchObject({ statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'E-Mail oder Passwort ist falsch.' });
  });

  it('rejects invalid input with field details in the caller language', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/login', headers: { 'accept-language': 'en-GB,en;q=0.9' },
      payload: { email: 'not-an-email', password: '' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Please enter a valid e-mail address' },
        { path: 'password', message: 'Required' },
      ]),
    );
  });

  it('slows an account down after 5 failures from one client: 429 with Retry-After, then a doubling pause', async () => {
    await createStaff(t.db, 'Admin', null, 'target@kita.test');
    for (let i = 0; i < 6; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'target@kita.test', password: `wrong-${i}` } });
      expect(r.statusCode).toBe(401);
    }
    const locked = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'target@kita.test', password: TEST_PASSWORD } });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The message says how long to wait: the window is 15 minutes.
    const minutes = Math.ceil(Number(locked.headers['retry-after']) / 60);
    expect(locked.json().message).toBe(`Zu viele Versuche. Bitte in ${minutes} Min. erneut versuchen.`);
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(15);
    t.clock.advance(16 * 60_000);
    const later = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'target@kita.test', password: TEST_PASSWORD } });
    expect(later.statusCode).toBe(200);
  });

  it('logout revokes the session', async () => {
    const a = await createStaff(t.db, 'Admin');
    const headers = await authHeader(t.app, a.id);
    expect((await t.app.inject({ url: '/api/auth/me', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers })).statusCode).toBe(401);
  });

  it('refuses /auth/me without or with a forged token', async () => {
    expect((await t.app.inject({ url: '/api/auth/me' })).statusCode).toBe(401);
    const forged = await t.app.inject({ url: '/api/auth/me', headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.abc' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('platform', () => {
  it('reports health with the database', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('serves the OpenAPI document and security headers', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/auth/login']).toBeDefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('answers unknown API routes with the error shape', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
