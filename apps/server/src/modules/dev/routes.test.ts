import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { authHeader, createKita, createParent, createStaff } from '../../../test/factories.js';
import { enqueueMessages } from '../../notify/outbox.js';
import { LEGAL_ENV } from '../../../test/legal-env.js';

let t: TestContext;
beforeAll(async () => {
  // The mailbox exists only under an explicit NODE_ENV=development (test runs see 404 like production).
  t = await createTestApp({ env: { NODE_ENV: 'development' } });
});
afterAll(async () => t.close());

const msg = (key: string, recipient: string) => ({
  idempotencyKey: key, kind: 'otp' as const, channel: 'sms' as const, recipient, language: 'de' as const, bodyText: `Code ${key}`,
});

describe('GET dev/messages', () => {
  it('lists messages newest first with their delivery state, filtered by recipient', async () => {
    await enqueueMessages(t.db, [msg('a', '+491700000001')]);
    t.clock.advance(1000);
    await new Promise((r) => setTimeout(r, 5));
    await enqueueMessages(t.db, [msg('b', '+491700000002')]);
    await new Promise((r) => setTimeout(r, 5));
    await enqueueMessages(t.db, [msg('c', '+491700000001')]);
    expect(await t.app.outbox.runOnce()).toBe(3);
    const all = (await t.app.inject({ url: '/api/dev/messages' })).json().data;
    expect(all.map((m: { bodyText: string }) => m.bodyText)).toEqual(['Code c', 'Code b', 'Code a']);
    expect(all[0]).toMatchObject({ recipient: '+491700000001', channel: 'sms', kind: 'otp', status: 'sent', attempts: 1, transport: 'dev', lastError: null, subject: null });
    expect(all[0].sentAt).toEqual(expect.any(String));
    const one = (await t.app.inject({ url: '/api/dev/messages?recipient=%2B491700000001' })).json().data;
    expect(one.map((m: { bodyText: string }) => m.bodyText)).toEqual(['Code c', 'Code a']);
  });

  it('finds e-mail recipients case-insensitively', async () => {
    const { kita } = await createKita(t.db);
    const { parent } = await createParent(t.db, kita.id, { email: 'case@test.example' });
    await enqueueMessages(t.db, [{ ...msg('d', parent.email!), channel: 'email' }]);
    const res = (await t.app.inject({ url: '/api/dev/messages?recipient=CASE@test.example' })).json().data;
    expect(res).toHaveLength(1);
  });
});

describe('who may read it', () => {
  it('answers clients on this machine and logged-in Admins only', async () => {
    const { kita } = await createKita(t.db, 'Kita Dev');
    const admin = await authHeader(t.app, (await createStaff(t.db, 'Admin')).id);
    const manager = await authHeader(t.app, (await createStaff(t.db, 'KitaManager', kita.id)).id);
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await t.app.inject({ url: '/api/dev/messages', remoteAddress })).statusCode).toBe(200);
    }
    const remote = { remoteAddress: '192.168.1.20' };
    expect((await t.app.inject({ url: '/api/dev/messages', ...remote })).statusCode).toBe(404);
    // A spoofed X-Forwarded-For does not make a remote client local (TRUST_PROXY is off).
    expect((await t.app.inject({ url: '/api/dev/messages', ...remote, headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/dev/messages', ...remote, headers: manager })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/dev/messages', ...remote, headers: admin })).statusCode).toBe(200);
  });

  it('does not exist unless NODE_ENV=development is set', async () => {
    const test = await createTestApp({ env: { NODE_ENV: 'test' } });
    try {
      expect((await test.app.inject({ url: '/api/dev/messages' })).statusCode).toBe(404);
    } finally {
      await test.close();
    }
  });
});

describe('GET dev/messages: filter by part of an address', () => {
  it('matches part of an e-mail address or a phone number in any spelling', async () => {
    await enqueueMessages(t.db, [
      { ...msg('p1', 'julia.schneider@familie.example'), channel: 'email' },
      { ...msg('p2', '+491761234567'), smsSegments: 1 },
      { ...msg('p3', 'under_score%@x.example'), channel: 'email' },
    ]);
    const find = async (q: string) =>
      (await t.app.inject({ url: `/api/dev/messages?recipient=${encodeURIComponent(q)}` })).json().data.map((m: { recipient: string }) => m.recipient);
    expect(await find('schneider')).toEqual(['julia.schneider@familie.example']);
    expect(await find('@FAMILIE')).toEqual(['julia.schneider@familie.example']);
    expect(await find('0176 1234567')).toEqual(['+491761234567']);
    expect(await find('176 123')).toEqual(['+491761234567']);
    // LIKE wildcards typed into the filter are taken literally.
    expect(await find('_score%')).toEqual(['under_score%@x.example']);
    expect(await find('%')).toEqual(['under_score%@x.example']);
  });

  it('shows the stored SMS segment count', async () => {
    const [m] = (await t.app.inject({ url: '/api/dev/messages?recipient=%2B491761234567' })).json().data;
    expect(m.smsSegments).toBe(1);
  });
});

describe('in production', () => {
  it('does not exist', async () => {
    const prod = await createTestApp({
      env: {
        NODE_ENV: 'production', ...LEGAL_ENV,
        JWT_SECRET: 'f3a9c1e7b5d20846ac9e1f7b3d5a0c2e',
        PUBLIC_URL: 'https://kita.stadt-test.de',
        SMTP_FROM: 'no-reply@stadt-test.de',
        FAQ_URL: 'https://stadt-test.de/faq',
        SMTP_URL: 'smtp://127.0.0.1:1',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 'x',
        TWILIO_FROM: '+4930123',
      },
    });
    try {
      const res = await prod.app.inject({ url: '/api/dev/messages' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

/**
 * With TRUST_PROXY set, `X-Forwarded-For: 127.0.0.1` from outside passed the loopback
 * rule; and `npm start` (development) with real SMTP/SMS configured, behind a reverse proxy on the
 * same host, showed every really-sent message (reset links: an Admin takeover) to anonymous callers.
 */
describe('the dev mailbox and proxies, real transports', () => {
  it('with TRUST_PROXY set, X-Forwarded-For: 127.0.0.1 from outside does not pass the loopback rule', async () => {
    const behind = await createTestApp({ env: { NODE_ENV: 'development', TRUST_PROXY: '198.51.100.8' } });
    try {
      const spoofed = await behind.app.inject({ url: '/api/dev/messages', remoteAddress: '198.51.100.8', headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(spoofed.statusCode).toBe(404);
    } finally {
      await behind.close();
    }
  });

  it('a request a reverse proxy on this machine forwards is not local', async () => {
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }, { 'x-real-ip': '203.0.113.9' }]) {
      expect((await t.app.inject({ url: '/api/dev/messages', remoteAddress: '127.0.0.1', headers })).statusCode).toBe(404);
    }
  });

  it('does not exist when a real SMTP or SMS transport is configured', async () => {
    const envs: Array<Record<string, string>> = [
      { SMTP_URL: 'smtp://127.0.0.1:2525' },
      { TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+4930123' },
      { SEVEN_API_KEY: 'key', SEVEN_FROM: 'Kita' },
    ];
    for (const env of envs) {
      const real = await createTestApp({ env: { NODE_ENV: 'development', ...env } });
      try {
        expect((await real.app.inject({ url: '/api/dev/messages', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
      } finally {
        await real.close();
      }
    }
  });
});
