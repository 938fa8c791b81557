import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { createEventViaApi, eventWorld, inquiryToken, linkHeader, type EventWorld, NOW } from '../../../test/factories-events.js';
import { createChild } from '../../../test/factories.js';
import { events } from '../../db/schema.js';

/**
 * The parent's view of an inquiry is the page every family opens: it costs at
 * most two statements (the session look-up and one read), and its threshold comes from the
 * eligible count the fan-out stores on the event, not from counting the category per request.
 */

let t: TestContext;
let w: EventWorld;
let eventId: string;
let link: Record<string, string>;
beforeAll(async () => {
  ({ t, w } = await testAppWith(eventWorld, { now: NOW }));
  eventId = await createEventViaApi(t, w.headers.manager, {
    kitaId: w.home.kita.id, categoryId: w.home.kindergarten.id, eventType: 'immediate', totalSlotsKindergarten: 1,
  });
  link = await linkHeader(t, await inquiryToken(t, eventId, w.mail.parent.id));
});
afterAll(async () => t.close());

const view = (headers: Record<string, string>) => t.app.inject({ url: `/api/auth/${eventId}/parents/${w.mail.parent.id}`, headers });

/** Statements the driver sends while `fn` runs (PGlite and node-postgres both go through `query`). */
async function statementsDuring(fn: () => Promise<unknown>): Promise<number> {
  const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    await fn();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe('the parent view of an inquiry', () => {
  it('costs two statements: the session look-up and one read', async () => {
    let status = 0;
    const n = await statementsDuring(async () => {
      status = (await view(link)).statusCode;
    });
    expect(status).toBe(200);
    expect(n).toBeLessThanOrEqual(2);
    // The logged-in parent reads the same view at the same cost.
    expect(await statementsDuring(() => view(w.headers.mail))).toBeLessThanOrEqual(2);
  });

  it('stores the eligible count when the inquiry opens and reads the threshold from it', async () => {
    const [row] = await t.db.select({ n: events.eligibleCount }).from(events).where(eq(events.id, eventId));
    // Mia, Max, Noah and the anonymous family's Paul; not the registered, inactive or foreign families.
    expect(row?.n).toBe(4);
    expect((await view(link)).json().data.event.threshold).toBe(3);
    await t.db.update(events).set({ eligibleCount: 9 }).where(eq(events.id, eventId));
    expect((await view(link)).json().data.event.threshold).toBe(8);
  });

  it('counts the inquiry\'s snapshot when the event has no stored count (opened before the column existed)', async () => {
    await t.db.update(events).set({ eligibleCount: null }).where(eq(events.id, eventId));
    // Written straight into the table, past the late-joiner sync of the API: not in the snapshot,
    // so neither counted nor shown.
    await createChild(t.db, w.mail.parent.id, w.home.kgGroup.id, 'Zoe');
    const data = (await view(link)).json().data;
    expect(data.event.threshold).toBe(3);
    expect(data.children.map((c: { childName: string }) => c.childName)).toEqual(['Max', 'Mia']);
  });

  it('still tells nothing about another Kita\'s parent or an unknown event', async () => {
    const res = await t.app.inject({ url: `/api/auth/${eventId}/parents/${w.foreign.parent.id}`, headers: w.headers.foreign });
    expect(res.statusCode).toBe(404);
  });
});
