import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testAppWith, type TestContext } from '../../../test/app.js';
import {
  closeViaApi,
  count,
  futureEvent,
  immediateEvent,
  ledgerSum,
  record,
  resultsWorld,
  shownCredits,
  type ResultsWorld,
} from '../../../test/factories-results.js';
import { futureDates, NOW, DAY } from '../../../test/factories-events.js';
import { allocations, auditLog, creditLedger, events, outboxMessages } from '../../db/schema.js';
import { sha256 } from '../../lib/crypto.js';
import { allocate, creditEntriesFor } from '../allocation/allocate.js';
import { closeDueEvents, closeEvent } from './close.js';

let t: TestContext;
let w: ResultsWorld;
beforeAll(async () => ({ t, w } = await testAppWith(resultsWorld, { now: NOW })));
afterAll(async () => t.close());

const resultMessages = (eventId: string) =>
  t.db.select().from(outboxMessages).where(and(eq(outboxMessages.eventId, eventId), eq(outboxMessages.kind, 'results')));
const allocationCount = (eventId: string) => count(t, sql`select count(*)::int as n from allocations where event_id = ${eventId}`);
const ledgerCount = (eventId: string) => count(t, sql`select count(*)::int as n from credit_ledger where event_id = ${eventId}`);

describe('closing an event', () => {
  it('allocates, books credits, writes one result message per family and reveals the seed', async () => {
    const id = await futureEvent(t, w, 2);
    const k = w.kids;
    await record(t, w, id, [
      [k.mailKid.id, 'red'],
      [k.mailKid2.id, 'red'],
      [k.smsKid.id, 'yellow'],
      [k.anonKid.id, 'green'],
      [k.ulla.id, 'red'],
    ]);
    const res = await closeViaApi(t, w.headers.manager, id);
    expect(res.statusCode).toBe(200);
    const closed = res.json().data;
    const [ev] = await t.db.select().from(events).where(eq(events.id, id));
    expect(closed).toMatchObject({
      eventId: id,
      closedNow: true,
      status: 'finished',
      totalSlots: 2,
      childrenCount: 6,
      counts: { red: 3, yellow: 1, green: 1, blue: 0, unanswered: 1 },
      slotsGiven: 2,
      overflow: 0,
      waitlistCount: 2,
      seed: ev!.seed,
      seedHash: sha256(ev!.seed),
      ruleVersion: 2,
      messages: 4,
      finishedAt: NOW.toISOString(),
    });
    expect(ev!.status).toBe('finished');

    // The stored allocation is exactly what the pure rule gives for these inputs and this seed.
    const stored = await t.db.select().from(allocations).where(eq(allocations.eventId, id));
    const expected = allocate({
      seed: ev!.seed,
      totalSlots: 2,
      eventType: 'future',
      children: stored.map((a) => ({ childId: a.childId, parentId: a.parentId, preferenceType: a.preferenceType as never, creditBalance: 0 })),
    });
    for (const a of expected.allocations) {
      const row = stored.find((s) => s.childId === a.childId)!;
      expect({ hasSlot: row.hasSlot, rank: row.rank, waitlistPosition: row.waitlistPosition }).toEqual({
        hasSlot: a.hasSlot,
        rank: a.rank,
        waitlistPosition: a.waitlistPosition,
      });
    }
    const noah = stored.find((s) => s.childId === k.smsKid.id)!;
    expect(noah).toMatchObject({ hasSlot: false, waitlistPosition: 2, preferenceType: 'yellow' });

    // Credits (rule version 2): red without a slot +1, a red slot -2, within [-1, +1] per family;
    // nothing for green, yellow or no answer (changed from version 1, which booked +1 for green and yellow).
    const ledger = await t.db.select().from(creditLedger).where(eq(creditLedger.eventId, id));
    const reds = [k.mailKid.id, k.mailKid2.id, k.ulla.id];
    expect(ledger.map((l) => l.childId).sort()).toEqual([...reds].sort());
    for (const l of ledger) {
      const row = stored.find((s) => s.childId === l.childId)!;
      expect(l.reason).toBe(row.hasSlot ? 'slot' : 'no_slot');
    }
    // The family sums follow the rule from a balance of 0, siblings one after another.
    const expectedEntries = creditEntriesFor(expected.allocations, 2);
    const sumOf = (rows: { parentId: string; amount: number }[], parentId: string) => rows.filter((l) => l.parentId === parentId).reduce((s, l) => s + l.amount, 0);
    for (const p of [w.mail.parent, w.carla.parent, w.dora.parent]) expect(sumOf(ledger, p.id)).toBe(sumOf(expectedEntries, p.id));
    expect(ledger.every((l) => Math.abs(sumOf(ledger, l.parentId)) <= 1)).toBe(true);
    for (const p of [w.mail.parent, w.sms.parent, w.carla.parent, w.dora.parent, w.anon.parent]) {
      expect(await shownCredits(t, w, p.id)).toBe(await ledgerSum(t, p.id));
    }

    // One message per reachable family, in its language and channel; none for the anonymous one.
    const messages = await resultMessages(id);
    expect(messages.map((m) => m.idempotencyKey).sort()).toEqual(
      [w.mail, w.sms, w.carla, w.dora].map((p) => `results:${id}:${p.parent.id}`).sort(),
    );
    const sms = messages.find((m) => m.parentId === w.sms.parent.id)!;
    expect(sms).toMatchObject({ channel: 'sms', language: 'en', recipient: '+4917012345678' });
    expect(sms.bodyText).toContain('Noah');
    const anna = messages.find((m) => m.parentId === w.mail.parent.id)!;
    expect(anna.bodyText).toContain('Mia');
    expect(anna.bodyText).toContain('Max');
    const dora = messages.find((m) => m.parentId === w.dora.parent.id)!;
    expect(dora.bodyText).toContain('Dani Dreier: kein Platz');
    // Yellow without a place earns nothing, so Noah's line says no more; a red child without a place
    // whose family's credits went up is told so (rule version 2).
    // A waitlisted child of a future inquiry learns its position.
    expect(sms.bodyText).toMatch(/Noah[^\n]*: no place, waiting list no\. \d+$/m);
    const redWaiting = ledger.find((l) => l.reason === 'no_slot' && l.amount > 0)!;
    expect(messages.find((m) => m.parentId === redWaiting.parentId)!.bodyText).toMatch(/kein Platz, Warteliste Nr\. \d+ \(\+1 Guthaben\)|no place, waiting list no\. \d+ \(\+1 credit\)/);

    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'close')));
    expect(entry).toMatchObject({ actorUserId: w.manager.id, actorRole: 'KitaManager' });

    // Event details: slot, rank and reason per row, the seed revealed.
    const details = (await t.app.inject({ url: `/api/emergency-event/${id}`, headers: w.headers.manager })).json().data;
    expect(details.eventDetails).toMatchObject({ status: 'finished', isFinished: true, seed: ev!.seed });
    const noahRow = details.children.find((c: { childId: string }) => c.childId === k.smsKid.id);
    expect(noahRow).toMatchObject({ hasSlot: 'NEIN', waitlistPosition: 2, reasonCode: 'no_slot_capacity' });
    expect(noahRow.reasonText).toContain('Gelb, Guthaben 0');
    const daniRow = details.children.find((c: { childId: string }) => c.childId === k.dani.id);
    expect(daniRow).toMatchObject({ hasSlot: 'NEIN', rank: null, reasonCode: 'unanswered' });
    const placed = details.children.filter((c: { hasSlot: string }) => c.hasSlot === 'JA');
    expect(placed).toHaveLength(2);
    expect(placed.every((c: { reasonCode: string }) => c.reasonCode === 'slot_by_priority')).toBe(true);

    // Closing again changes nothing and answers the same result.
    const again = await closeViaApi(t, w.headers.admin, id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ ...closed, closedNow: false });
    expect(await allocationCount(id)).toBe(6);
    expect(await ledgerCount(id)).toBe(3);
    expect(await resultMessages(id)).toHaveLength(4);
  });

  it('keeps the seed secret before close', async () => {
    const id = await futureEvent(t, w, 1);
    const details = (await t.app.inject({ url: `/api/emergency-event/${id}`, headers: w.headers.manager })).json().data;
    expect(details.eventDetails.seed).toBeNull();
    expect(details.children.every((c: { hasSlot: null; reasonText: null }) => c.hasSlot === null && c.reasonText === null)).toBe(true);
    await closeViaApi(t, w.headers.manager, id);
  });

  it('gives one allocation and one set of messages when closed twice in parallel', async () => {
    const id = await futureEvent(t, w, 1);
    await record(t, w, id, [
      [w.kids.mailKid.id, 'red'],
      [w.kids.ulla.id, 'red'],
    ]);
    const results = await Promise.all([closeViaApi(t, w.headers.manager, id), closeViaApi(t, w.headers.admin, id)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.map((r) => r.json().data.closedNow).sort()).toEqual([false, true]);
    expect(await allocationCount(id)).toBe(6);
    expect(await ledgerCount(id)).toBe(2);
    expect(await resultMessages(id)).toHaveLength(4);
    expect(await count(t, sql`select count(*)::int as n from audit_log where entity_id = ${id} and action = 'close'`)).toBe(1);
  });

  it('gives one allocation when two app instances on the same database close at once', async () => {
    const second = await buildApp({ config: t.config, database: t.database, clock: t.clock, logger: false, serveWeb: false });
    await second.ready();
    try {
      const id = await futureEvent(t, w, 2);
      // Red: under rule version 2 a yellow slot books no credit, and the ledger count below needs one entry.
      await record(t, w, id, [[w.kids.smsKid.id, 'red']]);
      const actor = { userId: null, role: 'system', by: 'schedule' as const };
      const [a, b, c] = await Promise.all([
        closeEvent(t.app, id, { actor }),
        closeEvent(second, id, { actor }),
        closeEvent(second, id, { actor, skipLocked: true }),
      ]);
      expect([a, b, c].filter((r) => r.state === 'closed')).toHaveLength(1);
      expect(await allocationCount(id)).toBe(6);
      expect(await ledgerCount(id)).toBe(1);
      expect(await resultMessages(id)).toHaveLength(4);
    } finally {
      await second.close();
    }
  });

  it('refuses to close a scheduled event (nobody was asked yet)', async () => {
    const start = new Date(NOW.getTime() + DAY);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/emergency-event',
      headers: w.headers.manager,
      payload: {
        kitaId: w.home.kita.id,
        categoryId: w.home.kindergarten.id,
        eventType: 'future',
        ...futureDates(start, new Date(start.getTime() + 2 * DAY)),
        totalSlotsKindergarten: 1,
      },
    });
    const id = res.json().data.eventId;
    const closed = await closeViaApi(t, w.headers.manager, id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'EVENT_NOT_OPEN', message: 'Nur laufende Bedarfsabfragen können abgeschlossen werden.' });
    await t.app.inject({ method: 'DELETE', url: `/api/emergency-event/${id}`, headers: w.headers.manager });
  });
});

describe('automatic closing', () => {
  it('closes an immediate event as soon as the last eligible child has an answer (blue overflow reported)', async () => {
    const id = await immediateEvent(t, w, 1);
    const k = w.kids;
    await record(t, w, id, [
      [k.mailKid.id, 'blue'],
      [k.mailKid2.id, 'blue'],
      [k.smsKid.id, 'red'],
      [k.anonKid.id, 'green'],
      [k.ulla.id, 'yellow'],
    ]);
    expect((await t.db.select().from(events).where(eq(events.id, id)))[0]!.status).toBe('open');
    // The last answer comes from the parent through the normal answer route.
    const answered = await t.app.inject({
      method: 'POST',
      url: '/api/preference',
      headers: w.headers.dora,
      payload: { eventId: id, preferences: [{ childId: k.dani.id, preferenceType: 'green' }] },
    });
    expect(answered.statusCode).toBe(200);
    const [ev] = await t.db.select().from(events).where(eq(events.id, id));
    expect(ev!.status).toBe('finished');
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'close')));
    expect(entry).toMatchObject({ actorRole: 'system', details: expect.objectContaining({ by: 'all_answered' }) });

    const summary = (await closeViaApi(t, w.headers.manager, id)).json().data;
    expect(summary).toMatchObject({ closedNow: false, slotsGiven: 2, overflow: 1, waitlistCount: 2, counts: { blue: 2, red: 1, yellow: 1, green: 2 } });
    // No more answers once finished.
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/preference',
      headers: w.headers.dora,
      payload: { eventId: id, preferences: [{ childId: k.dani.id, preferenceType: 'red' }] },
    });
    expect(late.statusCode).toBe(409);
  });

  it('the periodic job closes open events at their expireDate, once', async () => {
    const id = await futureEvent(t, w, 3);
    await record(t, w, id, [[w.kids.ulla.id, 'red']]);
    expect(await closeDueEvents(t.app)).toBe(0);
    expect((await t.db.select().from(events).where(eq(events.id, id)))[0]!.status).toBe('open');

    t.clock.advance(2 * DAY);
    expect(await closeDueEvents(t.app)).toBe(1);
    const [ev] = await t.db.select().from(events).where(eq(events.id, id));
    expect(ev).toMatchObject({ status: 'finished' });
    expect(ev!.finishedAt!.toISOString()).toBe(new Date(NOW.getTime() + 2 * DAY).toISOString());
    expect(await allocationCount(id)).toBe(6);
    expect(await resultMessages(id)).toHaveLength(4);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'close')));
    expect(entry!.details).toMatchObject({ by: 'schedule' });

    expect(await closeDueEvents(t.app)).toBe(0);
    expect(await resultMessages(id)).toHaveLength(4);
    // The result messages are delivered by the outbox like every other message.
    await t.app.outbox.runOnce();
    const sent = await resultMessages(id);
    expect(sent.every((m) => m.status === 'sent')).toBe(true);
  });
});
