import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { outboxMessages } from '../../db/schema.js';
import { enqueueMessages } from '../../notify/outbox.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { NODE_ENV: 'development' } });
});
afterAll(async () => t.close());

const msg = (key: string, recipient: string) => ({
  idempotencyKey: key, kind: 'otp' as const, channel: 'sms' as const, recipient, language: 'de' as const, bodyText: `Code ${key}`,
});
const get = async (query: string) => (await t.app.inject({ url: `/api/dev/messages?${query}` })).json().data as Array<{ id: string; recipient: string; bodyText: string }>;

describe('dev mailbox', () => {
  it('finds a number by any fragment of its digits', async () => {
    await enqueueMessages(t.db, [msg('f1', '+491713920000'), msg('f2', '+491719990000')]);
    const find = async (q: string) => [...new Set((await get(`recipient=${encodeURIComponent(q)}`)).map((m) => m.recipient))].sort();
    expect(await find('3920000')).toEqual(['+491713920000']);
    expect(await find('0171 3920000')).toEqual(['+491713920000']);
    expect(await find('0171 392')).toEqual(['+491713920000']);
    expect(await find('+49 171 392')).toEqual(['+491713920000']);
    expect(await find('0000')).toEqual(['+491713920000', '+491719990000']);
  });

  it('pages past the limit with `before`', async () => {
    const recipient = '+491705550001';
    for (let i = 0; i < 5; i++) {
      await enqueueMessages(t.db, [msg(`page-${i}`, recipient)]);
      // The row's time from the test clock: the database's now() of two quick inserts can be the
      // same millisecond on PGlite, and ties are ordered by id, not by insertion.
      await t.db.update(outboxMessages).set({ createdAt: t.clock.now() }).where(eq(outboxMessages.idempotencyKey, `page-${i}`));
      t.clock.advance(1000);
    }
    const first = await get(`recipient=${encodeURIComponent(recipient)}&limit=2`);
    expect(first.map((m) => m.bodyText)).toEqual(['Code page-4', 'Code page-3']);
    const second = await get(`recipient=${encodeURIComponent(recipient)}&limit=2&before=${first[1]!.id}`);
    expect(second.map((m) => m.bodyText)).toEqual(['Code page-2', 'Code page-1']);
    const third = await get(`recipient=${encodeURIComponent(recipient)}&limit=2&before=${second[1]!.id}`);
    expect(third.map((m) => m.bodyText)).toEqual(['Code page-0']);
  });
});
