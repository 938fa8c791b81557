import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDelivery } from '@kita/shared';
import { channelPauses, outboxMessages } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { authHeader, createChild, createKita, createParent, createStaff } from '../../../test/factories.js';
import { providerEnv, startFakeTwilio, startSmtpSink, type FakeTwilio, type SmtpSink } from '../../../test/fake-providers.js';
import { findEventsWithFailedDelivery, sendFallbacks } from './service.js';

/**
 * The two kinds of failure on a real inquiry fan-out: a misconfigured SMS account
 * (Twilio 21608, trial account) pauses the channel, nothing is marked failed and no fallback goes
 * out, the dashboard warns of no family; the probe after the fix sends everything. A message not
 * handed over before the answer deadline is not sent late, by e-mail either: the family shows as
 * not reached.
 */

let smtp: SmtpSink;
let twilio: FakeTwilio;
let t: TestContext;
let manager: Record<string, string>;
let kitaId: string;
let categoryId: string;
const parents: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  twilio = await startFakeTwilio();
  t = await createTestApp({ env: providerEnv(smtp, twilio, { OUTBOX_RETRY_BASE_MS: '1' }) });
  const home = await createKita(t.db, 'Kita Pause');
  kitaId = home.kita.id;
  categoryId = home.kindergarten.id;
  manager = await authHeader(t.app, (await createStaff(t.db, 'KitaManager', kitaId)).id);
  for (let i = 0; i < 4; i++) {
    const p = await createParent(t.db, kitaId, {
      name: `Familie ${i}`,
      preferredCommunication: 'sms',
      primaryPhone: `+491700000090${i}`,
      primaryPhoneVerified: true,
      email: `familie${i}@pause.test`,
      emailVerified: true,
    });
    await createChild(t.db, p.parent.id, home.kgGroup.id, `Kind ${i}`);
    parents.push(p.parent.id);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await twilio?.close();
});

const createEvent = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/emergency-event',
    headers: manager,
    payload: { kitaId, categoryId, eventType: 'immediate', totalSlotsKindergarten: 2, confirmOverlap: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.eventId as string;
};
const delivery = async (eventId: string) => (await t.app.inject({ method: 'GET', url: `/api/emergency-event/${eventId}/delivery`, headers: manager })).json().data as EventDelivery;

describe('account-level vs per-message failures on an inquiry', () => {
  it('pauses the SMS channel for a trial account: no family failed, no fallback, then the probe sends all', async () => {
    twilio.failWithCode(1000, 21608, 400);
    const eventId = await createEvent();
    for (let i = 0; i < 3; i++) await t.app.outbox.runOnce();
    const d = await delivery(eventId);
    expect(d.families.failed).toBe(0);
    expect(d.rows.map((r) => r.state)).toEqual(parents.map(() => 'pending'));
    expect(await sendFallbacks(t.app)).toBe(0);
    expect(await findEventsWithFailedDelivery(t.db, t.clock.now(), kitaId)).toEqual([]);
    expect(await t.db.select().from(channelPauses)).toMatchObject([{ channel: 'sms', problem: 'trial', providerCode: '21608' }]);
    // E-mail is not paused by an SMS account problem.
    expect(smtp.mails).toHaveLength(0); // SMS families get SMS; nothing went by e-mail
    twilio.failWithCode(0, 21608, 400);
    t.clock.advance(61_000);
    for (let i = 0; i < 3; i++) await t.app.outbox.runOnce();
    const after = await delivery(eventId);
    expect(after.rows.map((r) => r.state)).toEqual(parents.map(() => 'sent'));
    expect(await t.db.select().from(channelPauses)).toHaveLength(0);
  });

  it('does not send an inquiry after its deadline, by SMS or e-mail: the family shows as not reached', async () => {
    const eventId = await createEvent();
    // The answer window (15 minutes) ends before the worker gets to the messages.
    t.clock.advance(16 * 60_000);
    const smsBefore = twilio.messages.length;
    await t.app.outbox.runOnce();
    expect(twilio.messages.length).toBe(smsBefore);
    const rows = await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.eventId, eventId), eq(outboxMessages.kind, 'inquiry')));
    expect(rows.map((r) => [r.status, r.failureReason])).toEqual(rows.map(() => ['failed', 'not_sent_in_time']));
    // The same for an e-mail (a fallback written late): not sent.
    await t.db.execute(sql`update outbox_messages set status = 'pending', channel = 'email', recipient = 'familie0@pause.test', failure_reason = null where id = ${rows[0]!.id}`);
    await t.app.outbox.runOnce();
    expect(smtp.mails).toHaveLength(0);
    const d = await delivery(eventId);
    expect(d.rows.every((r) => r.state === 'failed' && r.failureReason === 'not_sent_in_time')).toBe(true);
  });
});
