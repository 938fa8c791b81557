import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema.js';
import { ConfigError, loadConfig } from '../../config.js';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { createEventViaApi, eventWorld, inquiryToken, type EventWorld } from '../../../test/factories-events.js';
import { LEGAL_ENV } from '../../../test/legal-env.js';

/** The small items: weak JWT secrets, one session per preference link. */

describe('JWT_SECRET', () => {
  const load = (secret: string) => () =>
    loadConfig({ NODE_ENV: 'production', ...LEGAL_ENV, JWT_SECRET: secret, PUBLIC_URL: 'https://kita.stadt-test.de', DATABASE_URL: 'postgres://x/y', SMTP_FROM: 'no-reply@stadt-test.de', FAQ_URL: 'https://stadt-test.de/faq' });
  it.each([
    ['32 identical characters', 'a'.repeat(32)],
    ['a word repeated', 'changeme'.repeat(4)],
    ['a sequence repeated', '0123456789abcdef'.repeat(2)],
    ['few characters', 'abababababababababababababababcd'],
  ])('refuses %s with a clear message', (_name, secret) => {
    expect(load(secret)).toThrow(ConfigError);
    expect(load(secret)).toThrow(/JWT_SECRET: too weak/);
  });

  it('accepts generated secrets (openssl rand -hex 32, -base64 32, 16 random bytes as hex)', () => {
    for (let i = 0; i < 200; i++) {
      for (const secret of [randomBytes(32).toString('hex'), randomBytes(32).toString('base64'), randomBytes(16).toString('hex')]) {
        expect(load(secret)().jwtSecret.length).toBe(secret.length);
      }
    }
  });
});

describe('preference link sessions', () => {
  let t: TestContext;
  let w: EventWorld;
  beforeAll(async () => ({ t, w } = await testAppWith(eventWorld)));
  afterAll(async () => t.close());

  it('each use of a link continues the one session of that parent and event (no new row per click)', async () => {
    const eventId = await createEventViaApi(t, w.headers.manager, { kitaId: w.home.kita.id, categoryId: w.home.kindergarten.id, eventType: 'immediate' });
    const token = await inquiryToken(t, eventId, w.mail.parent.id);
    const bearers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: `/api/auth/verify-token?token=${token}` });
      expect(res.statusCode).toBe(200);
      bearers.push(res.json().data.token);
    }
    const rows = await t.db.select().from(sessions).where(and(eq(sessions.parentId, w.mail.parent.id), eq(sessions.eventId, eventId)));
    expect(rows).toHaveLength(1);
    // Every bearer handed out works.
    for (const b of bearers) {
      const view = await t.app.inject({ url: `/api/auth/${eventId}/parents/${w.mail.parent.id}`, headers: { authorization: `Bearer ${b}` } });
      expect(view.statusCode).toBe(200);
    }
  });
});
