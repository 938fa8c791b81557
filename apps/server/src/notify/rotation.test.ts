import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { outboxMessages } from '../db/schema.js';
import { createTestApp, testConfig, type TestContext } from '../../test/app.js';
import { createParent } from '../../test/factories.js';
import { futureEvent, resultsWorld, type ResultsWorld } from '../../test/factories-results.js';
import { providerEnv, startFakeTwilio, startSmtpSink, type FakeTwilio, type SmtpSink } from '../../test/fake-providers.js';
import { resealOutboxSecrets } from './rotation.js';
import { outboxSecretKey } from './secrets.js';

/**
 * Rotating JWT_SECRET failed every queued message at once (their link tokens and codes
 * are sealed with a key derived from it) and logged everyone out; a PUBLIC_URL change left queued
 * messages pointing at the old host. Here the messages are queued by a process with the old
 * settings and delivered by one with the new settings, through the real SMTP and Twilio stand-ins.
 */
const OLD_SECRET = testConfig().jwtSecret;
const NEW_SECRET = 'rotated-7f3c9a1e5b2d8f4a6c0e9b7d3f1a5c8e2b4d6f0a';

let smtp: SmtpSink;
let twilio: FakeTwilio;
let t: TestContext;
let w: ResultsWorld;
const others: FastifyInstance[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  twilio = await startFakeTwilio();
  t = await createTestApp({ env: providerEnv(smtp, twilio) });
  w = await resultsWorld(t);
});
afterAll(async () => {
  for (const app of others) await app.close();
  await t.close();
  await smtp.close();
  await twilio.close();
});
beforeEach(() => {
  smtp.mails.length = 0;
  twilio.messages.length = 0;
});

/** A second process on the same database with other settings (the upgraded or reconfigured one). */
async function processWith(env: Record<string, string>): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig({ ...providerEnv(smtp, twilio), ...env }), database: t.database, clock: t.clock, logger: false, serveWeb: false });
  await app.ready();
  others.push(app);
  return app;
}

async function drain(app: FastifyInstance) {
  for (let i = 0; i < 20 && (await app.outbox.runOnce()) > 0; i++);
}

/** Queues an inquiry to every family, a password reset and an activation mail (with the old settings). */
async function queueMessages(): Promise<number> {
  await futureEvent(t, w, 1);
  expect((await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: w.manager.email } })).statusCode).toBe(200);
  const unverified = await createParent(t.db, w.home.kita.id, { emailVerified: false });
  const resend = await t.app.inject({
    method: 'POST',
    url: `/api/auth/${unverified.parent.id}/re-activate-email`,
    headers: w.headers.manager,
    payload: { email: unverified.parent.email },
  });
  expect(resend.statusCode).toBe(200);
  const rows = await t.db.select().from(outboxMessages);
  const queued = rows.filter((r) => r.status === 'pending' && r.secret !== null);
  expect(new Set(queued.map((r) => r.kind))).toEqual(new Set(['inquiry', 'password_reset', 'activation']));
  return queued.length;
}

const delivered = () => [...smtp.mails.map((m) => `${m.subject}\n${m.text}\n${m.html}`), ...twilio.messages.map((m) => m.body)].join('\n');
const me = (app: FastifyInstance, headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/auth/me', headers });

describe('JWT_SECRET rotation with JWT_SECRET_PREVIOUS', () => {
  it('keeps the sessions and delivers every queued message with a working link', async () => {
    const queued = await queueMessages();
    const rotated = await processWith({ JWT_SECRET: NEW_SECRET, JWT_SECRET_PREVIOUS: new TextDecoder().decode(OLD_SECRET) });

    // A session signed before the rotation is still valid; a new one is signed with the new secret.
    expect((await me(rotated, w.headers.manager)).statusCode).toBe(200);
    expect((await me(rotated, w.headers.carla)).statusCode).toBe(200);

    await drain(rotated);
    const rows = await t.db.select().from(outboxMessages);
    expect(rows.filter((r) => r.status === 'failed')).toEqual([]);
    expect(rows.filter((r) => r.status === 'sent').length).toBeGreaterThanOrEqual(queued);
    const sent = delivered();
    const preference = [...sent.matchAll(/\/p\/([A-Za-z0-9_-]{16,})/g)].map((m) => m[1]!);
    const reset = /\/reset-password\?token=([A-Za-z0-9_-]{16,})/.exec(sent)?.[1];
    expect(preference.length).toBeGreaterThan(0);
    expect(reset).toBeTruthy();
    expect(sent).not.toContain('{{secret}}');
    // The links work: a preference link opens a session, signed with the new secret.
    const opened = await rotated.inject({ method: 'POST', url: `/api/auth/verify-token?token=${preference[0]}` });
    expect(opened.statusCode).toBe(200);
    expect(rows.filter((r) => r.secret !== null)).toEqual([]);
  });

  it('without JWT_SECRET_PREVIOUS the old sessions end (the documented cost of skipping it)', async () => {
    const rotatedHard = await processWith({ JWT_SECRET: NEW_SECRET });
    expect((await me(rotatedHard, w.headers.manager)).statusCode).toBe(401);
  });

  it('re-seals queued secrets with the new key, so JWT_SECRET_PREVIOUS can be removed afterwards', async () => {
    const queued = await queueMessages();
    const resealed = await resealOutboxSecrets(t.db, outboxSecretKey(new TextEncoder().encode(NEW_SECRET)), [outboxSecretKey(OLD_SECRET)]);
    expect(resealed).toBe(queued);
    // A second pass finds nothing left to do.
    expect(await resealOutboxSecrets(t.db, outboxSecretKey(new TextEncoder().encode(NEW_SECRET)), [outboxSecretKey(OLD_SECRET)])).toBe(0);

    const newOnly = await processWith({ JWT_SECRET: NEW_SECRET });
    await drain(newOnly);
    const rows = await t.db.select().from(outboxMessages);
    expect(rows.filter((r) => r.status === 'failed')).toEqual([]);
    expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
    expect(/\/reset-password\?token=[A-Za-z0-9_-]{16,}/.test(delivered())).toBe(true);
  });
});

describe('PUBLIC_URL at send time', () => {
  it('messages queued before a PUBLIC_URL change are sent with the new one', async () => {
    await queueMessages();
    const moved = await processWith({ PUBLIC_URL: 'https://notbetreuung.stadt.test/kita' });
    await drain(moved);
    const sent = delivered();
    expect(sent).toMatch(/https:\/\/notbetreuung\.stadt\.test\/kita\/p\/[A-Za-z0-9_-]{16,}/);
    expect(sent).toMatch(/https:\/\/notbetreuung\.stadt\.test\/kita\/reset-password\?token=/);
    expect(sent).toMatch(/https:\/\/notbetreuung\.stadt\.test\/kita\/verify-email\?token=/);
    expect(smtp.mails.every((m) => !m.html?.includes('kita.test/') && !m.text.includes('http://kita.test'))).toBe(true);
    expect(twilio.messages.every((m) => !m.body.includes('http://kita.test'))).toBe(true);
  });
});
