import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.js';
import { enqueueMessages } from '../notify/outbox.js';
import type { Deliverable, Transport } from '../notify/transport.js';
import { OutboxWorker } from './outbox-worker.js';
import { outboxSecretKey } from '../notify/secrets.js';

/**
 * After a worker crash its claimed batch waited the whole lock time (two minutes; 19
 * families got their inquiry 2 minutes late). The lease is short now and a live worker renews it:
 * a second worker never takes over a batch that is still being sent, however slow, while a dead
 * worker's batch is free after one short lease (OUTBOX_LOCK_MS, 30 s by default; the takeover after
 * a real SIGKILL is jobs/outbox-crash.test.ts).
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LEASE_MS = 1200;
const key = outboxSecretKey(new TextEncoder().encode('lease-test-secret-lease-test-secret-0123'));
const log = { warn: () => {}, info: () => {}, error: () => {} } as unknown as ConstructorParameters<typeof OutboxWorker>[0]['log'];

/** A transport that takes `ms` per message and records what it sent. */
function slowTransport(ms: number, sent: string[]): Transport {
  return {
    name: 'smtp',
    async send(m: Deliverable) {
      await new Promise((r) => setTimeout(r, ms));
      sent.push(m.idempotencyKey);
      return { providerMessageId: `p-${m.id}` };
    },
  } as Transport;
}

const worker = (transport: Transport) =>
  new OutboxWorker({ db: t.db, log, transports: { email: transport, sms: transport }, lockMs: LEASE_MS, concurrency: 1, secretKey: key });

const mail = (k: string) => ({ idempotencyKey: k, kind: 'otp' as const, channel: 'email' as const, recipient: `${k}@kita.test`, language: 'de' as const, subject: 's', bodyText: `Hallo ${k}` });

describe('outbox lease', () => {
  it('a slow batch keeps its lease: a second worker takes none of it, each message is sent once', async () => {
    await enqueueMessages(t.db, [mail('lease-a'), mail('lease-b')]);
    const sentA: string[] = [];
    const sentB: string[] = [];
    // Two messages one after the other at 1.5 s each: 3 s, well past the 1.2 s lease.
    const slow = worker(slowTransport(1500, sentA)).runOnce('email');
    await new Promise((r) => setTimeout(r, 2000));
    expect(await worker(slowTransport(0, sentB)).runOnce('email')).toBe(0);
    expect(await slow).toBe(2);
    expect(sentA.sort()).toEqual(['lease-a', 'lease-b']);
    expect(sentB).toEqual([]);
  });

});
