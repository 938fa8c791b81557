import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../test/app.js';
import { NOW } from '../../test/factories-events.js';
import { events, outboxMessages, preferences } from '../db/schema.js';
import { openDueEvents } from '../modules/events/service.js';
import { seedDemo } from './index.js';
import { testSecretKey } from '../../test/factories-accounts.js';
import { openMessage } from '../notify/secrets.js';

let t: TestContext;
beforeAll(async () => ({ t } = await testAppWith((app) => seedDemo(app.db, NOW), { now: NOW })));
afterAll(async () => t.close());

describe('demo inquiry seed', () => {
  it('is due at start, opens through the periodic job and reaches the demo parent', async () => {
    const [seeded] = await t.db.select().from(events).where(eq(events.status, 'scheduled'));
    expect(seeded).toMatchObject({ eventType: 'future', status: 'scheduled', totalSlots: 8 });
    expect(seeded!.careEndsAt.getTime()).toBeGreaterThan(NOW.getTime() + 2 * 24 * 3600_000);
    const answers = await t.db.select().from(preferences).where(eq(preferences.eventId, seeded!.id));
    expect(answers).toHaveLength(12);
    expect(answers.some((a) => a.recordedBy !== null)).toBe(true);

    expect(await openDueEvents(t.app)).toBe(1);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'manager@kita.example', password: 'demo-manager-1' } });
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const details = (await t.app.inject({ url: `/api/emergency-event/${seeded!.id}`, headers })).json().data;
    expect(details.eventDetails).toMatchObject({ status: 'open', isFinished: false, kitaName: 'Kita Sonnenschein' });
    expect(details.eventDetails.counts.unanswered).toBeGreaterThan(0);

    const demoSms = await t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.eventId, seeded!.id), eq(outboxMessages.recipient, '+491713920000')));
    expect(demoSms).toHaveLength(1);
    // Stored with the link sealed; what the parent gets ends with the short link.
    expect(openMessage(demoSms[0]!, testSecretKey).bodyText).toMatch(/http:\/\/kita\.test\/p\/[\w-]{22}$/);
  });
});
