import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.js';
import { authHeader, createStaff } from '../../test/factories.js';

// Sessions are judged by the app's clock, never by the real time: a suite whose clock is pinned
// days before (or after) the real date must keep working on any day it runs.
let t: TestContext;
const DAY = 24 * 3600_000;
beforeAll(async () => {
  t = await createTestApp({ now: new Date(Date.now() - 5 * DAY) });
});
afterAll(async () => t.close());

describe('session expiry on the app clock', () => {
  it('accepts a session signed at the app clock while the real time is days later', async () => {
    const admin = await createStaff(t.db, 'Admin');
    const me = await t.app.inject({ url: '/api/auth/me', headers: await authHeader(t.app, admin.id) });
    expect(me.statusCode).toBe(200);
  });

  it('refuses the same session once the app clock passes its expiry, though the real time never did', async () => {
    t.clock.set(new Date(Date.now() + 30 * DAY));
    const admin = await createStaff(t.db, 'Admin');
    const headers = await authHeader(t.app, admin.id);
    expect((await t.app.inject({ url: '/api/auth/me', headers })).statusCode).toBe(200);
    t.clock.advance(13 * 3600_000);
    expect((await t.app.inject({ url: '/api/auth/me', headers })).statusCode).toBe(401);
  });
});
