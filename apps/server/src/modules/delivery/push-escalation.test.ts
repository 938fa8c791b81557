import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventDelivery } from '@kita/shared';
import { escalationKey, invitationKey, pushKey, resultsKey } from '@kita/shared/message-keys';
import { kitas, outboxMessages, pushSubscriptions } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { authHeader, createChild, createKita, createParent, createStaff } from '../../../test/factories.js';
import { createEventViaApi, futureDates, inquiryToken, linkHeader } from '../../../test/factories-events.js';
import { nextZonedWeekday } from '../../../test/dates.js';
import { closeDueEvents } from '../results/close.js';
import { openMessage } from '../../notify/secrets.js';
import { testSecretKey } from '../../../test/factories-accounts.js';
import { escalatePushes } from './escalation.js';

/**
 * Push first, then the paid channels (docs/domain.md "Push first"), with the app's clock: a family
 * with a push subscription gets the push alone; its SMS or e-mail follows once when the push was
 * not opened in time or failed; never when it was opened, the family answered, or the Kita sends
 * push as an extra.
 */

const T0 = nextZonedWeekday(2, '08:00');
const MIN = 60_000;
let t: TestContext;
let manager: Record<string, string>;
let home: Awaited<ReturnType<typeof createKita>>;
const parents: Record<string, string> = {};
const kids: Record<string, string> = {};
let subscriptions = 0;

async function subscribe(parentId: string) {
  const n = ++subscriptions;
  await t.db.insert(pushSubscriptions).values({
    parentId,
    endpoint: `https://push.test/push/${n}`,
    p256dh: 'B'.repeat(87),
    auth: 'A'.repeat(22),
    label: 'Chrome · Android',
    createdAt: t.clock.now(),
  });
}

beforeAll(async () => {
  t = await createTestApp({ now: T0 });
  home = await createKita(t.db, 'Kita Push');
  manager = await authHeader(t.app, (await createStaff(t.db, 'KitaManager', home.kita.id)).id);
  for (const [key, values] of Object.entries({
    sms: { preferredCommunication: 'sms', primaryPhone: '+4917012345601', primaryPhoneVerified: true, email: null, emailVerified: false },
    mail: { email: 'push-mail@familie.test' },
    pushOnly: { email: null, emailVerified: false, preferredCommunication: null },
    plain: { email: 'ohne-push@familie.test' },
  } as const)) {
    const p = await createParent(t.db, home.kita.id, { name: key, ...values });
    parents[key] = p.parent.id;
    kids[key] = (await createChild(t.db, p.parent.id, home.kgGroup.id, `Kind ${key}`)).id;
  }
  for (const key of ['sms', 'mail', 'pushOnly']) await subscribe(parents[key]!);
}, 60_000);
afterAll(async () => t.close());
beforeEach(async () => {
  t.clock.set(T0);
  await t.db.update(kitas).set({ pushMode: 'first', pushEscalationImmediateMinutes: 3, pushEscalationPlannedMinutes: 120 }).where(eq(kitas.id, home.kita.id));
});

const immediate = () =>
  createEventViaApi(t, manager, { kitaId: home.kita.id, categoryId: home.kindergarten.id, eventType: 'immediate', totalSlotsKindergarten: 1 });
const rows = (eventId: string) => t.db.select().from(outboxMessages).where(eq(outboxMessages.eventId, eventId));
const of = async (eventId: string, parent: string) => (await rows(eventId)).filter((m) => m.parentId === parents[parent]);
const delivery = async (eventId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/emergency-event/${eventId}/delivery`, headers: manager })).json().data as EventDelivery;
const metric = async (name: string) => {
  const res = await t.app.inject({ url: '/metrics' });
  const line = res.body.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
};
const advance = (ms: number) => t.clock.set(new Date(t.clock.now().getTime() + ms));
const answer = (eventId: string, child: string) =>
  t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/preferences`, headers: manager, payload: { preferences: [{ childId: kids[child], preferenceType: 'red' }] } });

describe('push first', () => {
  it('writes only the push for a subscribed family, both for none, and the push alone where there is no other channel', async () => {
    const eventId = await immediate();
    const sms = await of(eventId, 'sms');
    expect(sms.map((m) => [m.channel, m.idempotencyKey])).toEqual([['push', pushKey(invitationKey(eventId, parents.sms!))]]);
    expect(sms[0]).toMatchObject({ recipient: parents.sms, kind: 'inquiry', subject: 'Kita Push' });
    expect(JSON.parse(sms[0]!.bodyText)).toMatchObject({ title: 'Kita Push', url: '/p/{{secret}}', tag: `inquiry:${eventId}` });
    expect(sms[0]!.secret).toMatch(/^v1\./);
    // The push opens the same kind of link as the SMS would carry.
    expect(await inquiryToken(t, eventId, parents.sms!)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect((await of(eventId, 'pushOnly')).map((m) => m.channel)).toEqual(['push']);
    expect((await of(eventId, 'plain')).map((m) => m.channel)).toEqual(['email']);
  });

  it('escalates after the set time exactly once, also with two processes at once', async () => {
    const eventId = await immediate();
    advance(3 * MIN - 1000);
    expect(await escalatePushes(t.app)).toBe(0);
    advance(1000);
    // Two processes at the same moment: one writes, the other finds the push claimed or escalated.
    await Promise.all([escalatePushes(t.app), escalatePushes(t.app)]);
    const escalations = async () => (await rows(eventId)).filter((m) => m.escalationOf).length;
    expect(await escalations()).toBe(2);
    await escalatePushes(t.app);
    advance(5 * MIN);
    await escalatePushes(t.app);
    expect(await escalations()).toBe(2);
    const sms = await of(eventId, 'sms');
    const push = sms.find((m) => m.channel === 'push')!;
    const escalated = sms.filter((m) => m.channel !== 'push');
    expect(escalated.map((m) => [m.channel, m.kind, m.idempotencyKey, m.escalationOf])).toEqual([
      ['sms', 'inquiry', escalationKey(pushKey(invitationKey(eventId, parents.sms!))), push.id],
    ]);
    const d = await delivery(eventId);
    expect(d.push).toMatchObject({ families: 3, escalated: 2, smsSaved: 0 });
    expect(d.rows.find((r) => r.parentId === parents.sms)!.messages.map((m) => [m.channel, m.isEscalation])).toEqual([
      ['push', false],
      ['sms', true],
    ]);
    expect((await of(eventId, 'mail')).filter((m) => m.channel === 'email')).toHaveLength(1);
    // No SMS or e-mail to escalate to: the push was all.
    expect((await of(eventId, 'pushOnly')).map((m) => m.channel)).toEqual(['push']);
  });

  it('does not escalate an opened push, a push whose link was opened, or a family that answered', async () => {
    const eventId = await immediate();
    // The push lane accepted every push.
    await t.db.update(outboxMessages).set({ status: 'sent' }).where(and(eq(outboxMessages.eventId, eventId), eq(outboxMessages.channel, 'push')));
    await t.db
      .update(outboxMessages)
      .set({ openedAt: t.clock.now() })
      .where(and(eq(outboxMessages.eventId, eventId), eq(outboxMessages.parentId, parents.mail!), eq(outboxMessages.channel, 'push')));
    await linkHeader(t, await inquiryToken(t, eventId, parents.sms!));
    expect((await answer(eventId, 'pushOnly')).statusCode).toBe(200);
    advance(10 * MIN);
    await escalatePushes(t.app);
    expect((await rows(eventId)).filter((m) => m.escalationOf)).toEqual([]);
    // The delivery card: the SMS family's push was not escalated, so one SMS was saved.
    const d = await delivery(eventId);
    // Opened: the mail family's notification, and the SMS family's link (its link session marks the push).
    expect(d.push).toEqual({ families: 3, pending: 0, sent: 1, opened: 2, escalated: 0, failed: 0, smsSaved: 1 });
    expect(d.channels.sms).toEqual({ pending: 0, sent: 0, delivered: 0, failed: 0 });
    const family = (name: string) => d.rows.find((r) => r.parentId === parents[name])!;
    expect(family('mail').push).toBe('opened');
    expect(family('plain').push).toBeNull();
    expect(family('pushOnly')).toMatchObject({ push: 'sent', state: 'sent', needsCall: false });
    expect(family('sms').messages).toEqual([expect.objectContaining({ channel: 'push', recipient: '', opened: true, isEscalation: false })]);
    // The metrics count the same over every Kita (earlier tests of this file add their pushes).
    expect(await metric('kita_push_sent')).toBeGreaterThanOrEqual(3);
    expect(await metric('kita_push_opened')).toBeGreaterThanOrEqual(2);
    expect(await metric('kita_sms_saved')).toBeGreaterThanOrEqual(1);
    expect(await metric('kita_push_escalated')).toBeGreaterThanOrEqual(2);
  });

  it('escalates a failed push at once', async () => {
    const eventId = await immediate();
    await t.db
      .update(outboxMessages)
      .set({ status: 'failed', failureReason: 'push_expired' })
      .where(and(eq(outboxMessages.eventId, eventId), eq(outboxMessages.parentId, parents.sms!), eq(outboxMessages.channel, 'push')));
    await escalatePushes(t.app);
    expect((await of(eventId, 'sms')).map((m) => m.channel).sort()).toEqual(['push', 'sms']);
    // A failed push is not a channel fallback's business.
    const { sendFallbacks } = await import('./service.js');
    await sendFallbacks(t.app);
    expect((await of(eventId, 'sms')).filter((m) => m.fallbackOf)).toEqual([]);
  });

  it("'extra' sends push and the usual message at once and never escalates", async () => {
    await t.db.update(kitas).set({ pushMode: 'extra' }).where(eq(kitas.id, home.kita.id));
    const eventId = await immediate();
    expect((await of(eventId, 'sms')).map((m) => m.channel).sort()).toEqual(['push', 'sms']);
    expect((await of(eventId, 'mail')).map((m) => m.channel).sort()).toEqual(['email', 'push']);
    advance(30 * MIN);
    await escalatePushes(t.app);
    expect((await rows(eventId)).filter((m) => m.escalationOf)).toEqual([]);
  });

  it('a planned inquiry escalates after half the window, at most the Kita cap', async () => {
    const deadline = new Date(T0.getTime() + 12 * 60 * MIN);
    const eventId = await createEventViaApi(t, manager, {
      kitaId: home.kita.id,
      categoryId: home.kindergarten.id,
      eventType: 'future',
      totalSlotsKindergarten: 1,
      ...futureDates(T0, deadline),
    });
    const { openDueEvents } = await import('../events/service.js');
    await openDueEvents(t.app);
    expect((await of(eventId, 'sms')).map((m) => m.channel)).toEqual(['push']);
    advance(119 * MIN);
    await escalatePushes(t.app);
    expect((await rows(eventId)).filter((m) => m.escalationOf)).toEqual([]);
    advance(MIN);
    await escalatePushes(t.app);
    expect((await rows(eventId)).filter((m) => m.escalationOf).map((m) => m.channel).sort()).toEqual(['email', 'sms']);
  });

  it('results go by push first and escalate, composed again, when not opened before care starts', async () => {
    const eventId = await immediate();
    await answer(eventId, 'sms');
    // The answer window of an immediate inquiry ends; the close writes the results.
    advance(16 * MIN);
    await closeDueEvents(t.app);
    const results = (await of(eventId, 'sms')).filter((m) => m.kind === 'results');
    expect(results.map((m) => [m.channel, m.idempotencyKey])).toEqual([['push', pushKey(resultsKey(eventId, parents.sms!))]]);
    expect(JSON.parse(results[0]!.bodyText)).toMatchObject({ title: 'Kita Push', url: `/parents/${parents.sms}` });
    advance(3 * MIN);
    // The family without SMS or e-mail gets its results by push alone.
    expect((await of(eventId, 'pushOnly')).filter((m) => m.kind === 'results').map((m) => m.channel)).toEqual(['push']);
    expect((await of(eventId, 'plain')).filter((m) => m.kind === 'results').map((m) => m.channel)).toEqual(['email']);
    await escalatePushes(t.app);
    const escalated = (await of(eventId, 'sms')).filter((m) => m.kind === 'results' && m.channel === 'sms');
    expect(escalated).toHaveLength(1);
    expect(escalated[0]!.bodyText).toContain('Kita Push');
    expect(escalated[0]!.escalationOf).toBe(results[0]!.id);
    // The place granted: the escalated SMS carries the family's calendar link, built and sealed again.
    expect(results[0]!.vars).toMatchObject({ calendar: 1 });
    expect(openMessage(escalated[0]!, testSecretKey).bodyText).toContain('/api/c/');
    await escalatePushes(t.app);
    const n = await t.db.execute(sql`select count(*)::int as n from outbox_messages where escalation_of is not null and event_id = ${eventId}`);
    expect(n.rows[0]).toMatchObject({ n: 2 });
  });
});
