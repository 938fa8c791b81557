import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../test/fake-providers.js';
import { createSmtpTransport } from './smtp.js';
import type { Deliverable, Transport } from './transport.js';

/**
 * The pooled SMTP transport against a real local SMTP server: many messages over a few
 * connections, and recovery after the server goes down with connections open in the pool.
 */
let sink: SmtpSink;
let smtp: Transport;
beforeAll(async () => {
  sink = await startSmtpSink();
  smtp = createSmtpTransport({ url: sink.url, from: 'Kita <no-reply@kita.test>', maxConnections: 3 });
});
afterAll(async () => {
  await smtp.close?.();
  await sink.close();
});

let n = 0;
const message = (): Deliverable => {
  const i = ++n;
  return { id: String(i), idempotencyKey: `pool:${i}`, channel: 'email', recipient: `familie${i}@pool.test`, subject: `Nachricht ${i}`, bodyText: `Hallo ${i}`, bodyHtml: null };
};
/** Sends `count` messages, `parallel` at a time (as the outbox worker does); returns the outcomes. */
async function sendMany(count: number, parallel = 10) {
  const batch = Array.from({ length: count }, message);
  let next = 0;
  const outcomes: Array<'sent' | 'failed'> = [];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < batch.length) {
        const m = batch[next++]!;
        outcomes.push(await smtp.send(m).then(() => 'sent' as const, () => 'failed' as const));
      }
    }),
  );
  return { batch, outcomes };
}

describe('pooled SMTP transport', () => {
  it('carries many messages over at most its pool of connections', async () => {
    const before = sink.connections;
    const { batch, outcomes } = await sendMany(40);
    expect(outcomes.every((o) => o === 'sent')).toBe(true);
    expect(sink.mails.map((m) => m.to[0]).sort()).toEqual(batch.map((m) => m.recipient).sort());
    expect(sink.connections - before).toBeGreaterThan(0);
    expect(sink.connections - before).toBeLessThanOrEqual(3);
  });

  it('fails sends while the server is down and recovers with new connections once it is back', async () => {
    // The pool holds open connections from the test before; the server drops them (421) going down.
    await sink.stop();
    const down = await sendMany(6, 3);
    expect(down.outcomes.every((o) => o === 'failed')).toBe(true);
    await sink.start();
    const connectionsBefore = sink.connections;
    sink.mails.length = 0;
    const up = await sendMany(20, 5);
    expect(up.outcomes.every((o) => o === 'sent')).toBe(true);
    expect(sink.mails).toHaveLength(20);
    expect(sink.connections - connectionsBefore).toBeLessThanOrEqual(3);
  });

  it('recovers when the server restarts between two sends', async () => {
    await sendMany(3, 3);
    await sink.stop();
    await sink.start();
    sink.mails.length = 0;
    // The first send on a dead pooled connection may fail (the outbox retries it); the pool must
    // not stay broken: a retry of every failed message succeeds.
    const first = await sendMany(5, 5);
    const failed = first.batch.filter((_, i) => first.outcomes[i] === 'failed');
    for (const m of failed) await smtp.send(m);
    expect(sink.mails).toHaveLength(5);
  });
});
