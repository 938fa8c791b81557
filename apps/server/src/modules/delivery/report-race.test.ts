import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, pendingDeliveryReports } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { applyDeliveryReport, recordSent, sevenReport, twilioReport } from './callbacks.js';
import { parseForm } from '../../notify/twilio.js';

/**
 * The report-before-id race with real concurrency: on PostgreSQL
 * (`TEST_DATABASE_URL`, as CI's database pass runs it) the provider's report and the worker's
 * storing of the provider id run in parallel transactions on different connections, in every
 * interleaving. No report may be lost and none applied twice.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a delivery report racing the storing of its provider id', () => {
  it('is applied exactly once in every interleaving, for both providers', async () => {
    const N = 60;
    const rows = await t.db
      .insert(outboxMessages)
      .values(
        Array.from({ length: N }, (_, i) => ({
          idempotencyKey: `race:${i}`,
          kind: 'otp',
          channel: 'sms' as const,
          recipient: `+49170000${String(i).padStart(5, '0')}`,
          bodyText: 'x',
          status: 'sending',
          attempts: 1,
        })),
      )
      .returning({ id: outboxMessages.id });
    const provider = (i: number) => (i % 2 === 0 ? 'seven' : 'twilio');
    const providerId = (i: number) => (provider(i) === 'seven' ? String(88_000_000 + i) : `SM${String(i).padStart(32, '0')}`);
    const report = (i: number) =>
      provider(i) === 'seven'
        ? sevenReport({ msgId: providerId(i), status: i % 3 === 0 ? 'NOTDELIVERED' : 'DELIVERED' }, `nonce-${i}`)
        : twilioReport(parseForm(`MessageSid=${providerId(i)}&MessageStatus=${i % 3 === 0 ? 'undelivered' : 'delivered'}&ErrorCode=${i % 3 === 0 ? '30003' : ''}`), `sig-${i}`);
    // Each pair starts its two sides with random offsets (0-4 ms apart, either first).
    await Promise.all(
      rows.map(async ({ id }, i) => {
        const store = (db: Parameters<Parameters<typeof recordSent>[3]>[0]) =>
          db.execute(sql`update outbox_messages set status = 'sent', transport = ${provider(i)}, provider_message_id = ${providerId(i)}, locked_until = null where id = ${id}`);
        const a = (async () => {
          await sleep(Math.random() * 4);
          return applyDeliveryReport(t.db, report(i));
        })();
        const b = (async () => {
          await sleep(Math.random() * 4);
          return recordSent(t.db, provider(i), providerId(i), store);
        })();
        await Promise.all([a, b]);
      }),
    );
    const after = await t.db.select().from(outboxMessages).where(inArray(outboxMessages.id, rows.map((r) => r.id)));
    expect(after.filter((r) => r.status !== 'sent')).toEqual([]);
    const outcome = (i: number) => (i % 3 === 0 ? 'undelivered' : 'delivered');
    const byKey = new Map(after.map((r) => [r.idempotencyKey, r]));
    const wrong = Array.from({ length: N }, (_, i) => i).filter((i) => byKey.get(`race:${i}`)!.deliveryStatus !== outcome(i));
    expect(wrong).toEqual([]);
    expect(byKey.get('race:3')!.failureReason).toBe('unreachable');
    expect(await t.db.select().from(pendingDeliveryReports)).toEqual([]);
    // The same reports once more (the providers' retries): accepted, nothing changes.
    const again = await Promise.all(rows.map((_, i) => applyDeliveryReport(t.db, report(i))));
    expect(again.every((r) => r.duplicate && !r.applied)).toBe(true);
  });
});
