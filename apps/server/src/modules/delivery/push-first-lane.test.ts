import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '@kita/shared';
import { apiRoutes } from '@kita/shared/api';
import { outboxMessages } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { authHeader, createChild, createKita, createParent, createStaff } from '../../../test/factories.js';
import { createEventViaApi, linkHeader } from '../../../test/factories-events.js';
import { nextZonedWeekday } from '../../../test/dates.js';
import { startPushService, type PushService } from '../../../test/push-service.js';
import { escalatePushes } from './escalation.js';

/**
 * Push first through the real push lane: the fan-out's pushes go through the outbox worker to the
 * push service stand-in, which checks VAPID and decrypts them as a browser would; the link in the
 * notification opens the answer page; the "opened" report stops the escalation; an unopened push
 * escalates to the family's SMS after the set time, a push whose device is gone (410) at once.
 */
const T0 = nextZonedWeekday(3, '08:00');
const MIN = 60_000;
let push: PushService;
let t: TestContext;
let manager: Record<string, string>;
let home: Awaited<ReturnType<typeof createKita>>;
const parents: Record<string, string> = {};

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ now: T0, env: { PUSH_SERVICE_HOSTS: '127.0.0.1', OUTBOX_RETRY_BASE_MS: '1' } });
  home = await createKita(t.db, 'Kita Wolke');
  manager = await authHeader(t.app, (await createStaff(t.db, 'KitaManager', home.kita.id)).id);
  const sms = { preferredCommunication: 'sms', email: null, emailVerified: false, primaryPhoneVerified: true } as const;
  for (const [key, values] of Object.entries({
    opens: { ...sms, primaryPhone: '+4917012345611' },
    ignores: { ...sms, primaryPhone: '+4917012345612' },
    gone: { ...sms, primaryPhone: '+4917012345613' },
  })) {
    const { parent, user } = await createParent(t.db, home.kita.id, { name: key, ...values });
    parents[key] = parent.id;
    await createChild(t.db, parent.id, home.kgGroup.id, `Kind ${key}`);
    const sub = push.subscriber({ id: key });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${apiRoutes.push.subscribe.path}`,
      headers: await authHeader(t.app, user!.id),
      payload: { ...sub.subscription, label: 'Firefox · Linux' },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  push.answer('gone', 410);
}, 60_000);
afterAll(async () => {
  await t.close();
  await push.close();
});

const rowsOf = (eventId: string, parent: string) =>
  t.db.select().from(outboxMessages).where(and(eq(outboxMessages.eventId, eventId), eq(outboxMessages.parentId, parents[parent]!)));

describe('push first through the push lane', () => {
  it('sends the push, opens the answer page from it, escalates only the unopened one, once', async () => {
    const eventId = await createEventViaApi(t, manager, { kitaId: home.kita.id, categoryId: home.kindergarten.id, eventType: 'immediate', totalSlotsKindergarten: 1 });
    await t.app.outbox.runOnce('push');
    const delivered = push.messages.filter((m) => m.status === 201);
    expect(delivered.map((m) => m.subscriberId).sort()).toEqual(['ignores', 'opens']);
    const payload = (id: string) => JSON.parse(delivered.find((m) => m.subscriberId === id)!.payload!) as PushPayload;
    expect(payload('opens')).toMatchObject({ title: 'Kita Wolke', tag: `inquiry:${eventId}` });
    expect(payload('opens').url).toMatch(/^\/p\/[A-Za-z0-9_-]{20,}$/);
    expect(payload('opens').body).not.toContain('Kind');
    expect(push.messages.find((m) => m.subscriberId === 'opens')!.vapid).not.toBeNull();

    // The device is gone: the push failed, and its SMS goes out at once.
    expect((await rowsOf(eventId, 'gone'))[0]).toMatchObject({ channel: 'push', status: 'failed', failureReason: 'push_expired' });
    await escalatePushes(t.app);
    expect((await rowsOf(eventId, 'gone')).map((m) => m.channel).sort()).toEqual(['push', 'sms']);

    // The family opens the notification: the app reports it, the link opens the answer page.
    const opened = await t.app.inject({ method: 'POST', url: `/api${apiRoutes.push.opened.path}`, payload: { ref: payload('opens').ref } });
    expect(opened.statusCode).toBe(204);
    await linkHeader(t, payload('opens').url.slice('/p/'.length));

    t.clock.set(new Date(T0.getTime() + 3 * MIN));
    await escalatePushes(t.app);
    await escalatePushes(t.app);
    expect((await rowsOf(eventId, 'opens')).map((m) => m.channel)).toEqual(['push']);
    const ignores = await rowsOf(eventId, 'ignores');
    expect(ignores.map((m) => m.channel).sort()).toEqual(['push', 'sms']);
    const sms = ignores.find((m) => m.channel === 'sms')!;
    expect(sms.escalationOf).toBe(ignores.find((m) => m.channel === 'push')!.id);
    // The escalated SMS is the usual invitation with its own fresh link.
    await t.app.outbox.runOnce('sms');
    const [sent] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, sms.id));
    expect(sent!.status).toBe('sent');
  });
});
