import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { createEventViaApi, eventWorld, futureDates, type EventWorld, NOW, DAY } from '../../../test/factories-events.js';
import { openDueEvents } from './service.js';

let t: TestContext;
let w: EventWorld;
beforeAll(async () => ({ t, w } = await testAppWith(eventWorld, { now: NOW })));
afterAll(async () => t.close());

/**
 * A scheduled inquiry (not sent yet) showed "Keine Kinder in dieser Kategorie" and
 * "0 von 0 Kindern" until it was sent. It lists the children it would ask now.
 */
describe('a scheduled inquiry', () => {
  it('shows the children it will ask, and the same ones once sent', async () => {
    const sendAt = new Date(NOW.getTime() + DAY);
    const id = await createEventViaApi(t, w.headers.manager, {
      kitaId: w.home.kita.id,
      categoryId: w.home.kindergarten.id,
      eventType: 'future',
      totalSlotsKindergarten: 1,
      ...futureDates(sendAt, new Date(sendAt.getTime() + DAY)),
    });
    const read = async () => {
      const res = await t.app.inject({ url: `/api/emergency-event/${id}`, headers: w.headers.manager });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const before = await read();
    expect(before.eventDetails.status).toBe('scheduled');
    expect(before.children.length).toBeGreaterThan(1);
    expect(before.eventDetails.eligibleCount).toBe(before.children.length);
    expect(before.eventDetails.counts.unanswered).toBe(before.children.length);
    expect(before.eventDetails.threshold).toBe(before.children.length - 1);
    expect(before.eventDetails.lateJoiners).toBe(0);

    // Sent: the snapshot holds the same children.
    t.clock.set(new Date(sendAt.getTime() + 60_000));
    try {
      expect(await openDueEvents(t.app)).toBe(1);
    } finally {
      // Back to the session's time (it lasts 12 hours).
      t.clock.set(NOW);
    }
    const after = await read();
    expect(after.eventDetails.status).toBe('open');
    const names = (d: { children: Array<{ childName: string; parentName: string }> }) => d.children.map((c) => `${c.childName}/${c.parentName}`).sort();
    expect(names(after)).toEqual(names(before));
  });
});
