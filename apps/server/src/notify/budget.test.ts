import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageBudgetStatus } from '@kita/shared';
import { kitas, outboxMessages } from '../db/schema.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { authHeader, createKita, createStaff } from '../../test/factories.js';
import { providerEnv, startFakeTwilio, startSmtpSink, type FakeTwilio, type SmtpSink } from '../../test/fake-providers.js';
import { budgetClassOf, kitaDailyLimit, MessageBudget } from './budget.js';
import { composeMessage } from './messages.js';
import { enqueueMessages, type MessageKind, type OutboxMessage } from './outbox.js';

/**
 * Message cost budgets end to end: messages enqueued as the product does, delivered by
 * the real outbox worker to the SMTP and Twilio stand-ins; the budget decides per claimed batch.
 */

let smtp: SmtpSink;
let twilio: FakeTwilio;
let t: TestContext;
let admin: Record<string, string>;
let seq = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  twilio = await startFakeTwilio();
  t = await createTestApp({
    env: providerEnv(smtp, twilio, { MESSAGE_BUDGET_ANONYMOUS_PER_HOUR: '2', MESSAGE_BUDGET_ANONYMOUS_PER_DAY: '50', MESSAGE_BUDGET_WARN_PERCENT: '80' }),
  });
  admin = await authHeader(t.app, (await createStaff(t.db, 'Admin')).id);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await twilio.close();
});

/** A Kita with its own daily budget and its manager. */
async function kitaWithBudget(perDay: number) {
  const k = await createKita(t.db, `Kita Budget ${++seq}`);
  await t.db.update(kitas).set({ messageBudgetPerDay: perDay }).where(eq(kitas.id, k.kita.id));
  const manager = await authHeader(t.app, (await createStaff(t.db, 'KitaManager', k.kita.id)).id);
  return { kitaId: k.kita.id, manager };
}

function message(kind: MessageKind, kitaId: string, channel: 'email' | 'sms', extra: Partial<OutboxMessage> = {}): OutboxMessage {
  const n = ++seq;
  const recipient = channel === 'sms' ? `+49151${String(n).padStart(8, '0')}` : `budget${n}@familie.test`;
  const vars = { kitaName: 'Sonnenschein', otp: '123456', minutes: 10, link: 'http://kita.test/x', careDays: 'am Mo', deadline: 'Mo 12:00', results: 'Mia: Platz' };
  return { ...composeMessage(kind, { language: 'de', channel, recipient, vars }), idempotencyKey: `budget-test:${n}`, kitaId, ...extra };
}

async function states(keys: string[]) {
  const rows = await t.db.select().from(outboxMessages).where(inArray(outboxMessages.idempotencyKey, keys));
  return rows.sort((a, b) => a.idempotencyKey.localeCompare(b.idempotencyKey, 'en', { numeric: true }));
}

const budgets = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ url: '/api/message-budgets', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as MessageBudgetStatus[];
};

/** The database clock does not move with the app clock: a held message's wait is over when its next try is due now. */
const waitIsOver = (keys: string[]) =>
  t.db.update(outboxMessages).set({ nextAttemptAt: sql`now()` }).where(inArray(outboxMessages.idempotencyKey, keys));

describe('message budgets', () => {
  it('classes: inquiry messages are never held, codes and registration mails count as anonymous unless marked', () => {
    expect(['inquiry', 'reminder', 'results', 'slot_offered'].map((k) => budgetClassOf(k, null))).toEqual(['inquiry', 'inquiry', 'inquiry', 'inquiry']);
    expect(['otp', 'activation', 'registration_received', 'account_exists', 'password_reset'].map((k) => budgetClassOf(k, null))).toEqual(
      Array(5).fill('anonymous'),
    );
    expect(budgetClassOf('otp', 'kita')).toBe('kita');
    expect(budgetClassOf('credits_reset', null)).toBe('kita');
    // Sized from the families: 8 per family, at least the minimum; a Kita's own figure wins.
    const settings = t.config;
    expect(kitaDailyLimit(settings, null, 10)).toBe(settings.MESSAGE_BUDGET_KITA_MIN_PER_DAY);
    expect(kitaDailyLimit(settings, null, 100)).toBe(800);
    expect(kitaDailyLimit(settings, 42, 100)).toBe(42);
  });

  it("holds a Kita's messages over its daily budget (queued, not lost), tells the manager why, and sends them when the day turns", async () => {
    const { kitaId, manager } = await kitaWithBudget(3);
    const msgs = Array.from({ length: 5 }, () => message('credits_reset', kitaId, 'email'));
    const keys = msgs.map((m) => m.idempotencyKey);
    await enqueueMessages(t.db, msgs);
    await t.app.outbox.runOnce();
    const after = await states(keys);
    const waiting = after.filter((r) => r.status === 'pending');
    expect(after.filter((r) => r.status === 'sent').map((r) => r.heldBy)).toEqual([null, null, null]);
    expect(waiting.map((r) => r.heldBy)).toEqual(['kita_day', 'kita_day']);
    // The claim's attempt is given back: waiting for the budget is not a failed delivery.
    expect(waiting.map((r) => r.attempts)).toEqual([0, 0]);
    expect(waiting[0]!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);

    const seen = await budgets(manager);
    expect(seen.find((b) => b.budget === 'kita_day')).toMatchObject({ kitaId, used: 3, limit: 3, held: 2, state: 'over' });
    // Admins see it too, with the deployment budgets.
    const all = await budgets(admin);
    expect(all.find((b) => b.budget === 'kita_day' && b.kitaId === kitaId)).toMatchObject({ state: 'over', held: 2 });
    expect(all.map((b) => b.budget)).toEqual(expect.arrayContaining(['deployment_hour', 'anonymous_hour', 'anonymous_day']));

    // Next day: the wait is over and the budget is new.
    t.clock.advance(24 * 3600_000);
    await waitIsOver(keys);
    await t.app.outbox.runOnce();
    const later = await states(keys);
    expect(later.map((r) => [r.status, r.heldBy])).toEqual(Array(5).fill(['sent', null]));
    expect(smtp.mails.filter((m) => msgs.some((x) => x.recipient === m.to[0]))).toHaveLength(5);
  });

  it("sends an inquiry's fan-out and results over the budget (budgeted when it opened) and counts them", async () => {
    const { kitaId, manager } = await kitaWithBudget(2);
    const msgs = [message('inquiry', kitaId, 'sms'), message('inquiry', kitaId, 'email'), message('results', kitaId, 'email'), message('credits_reset', kitaId, 'email')];
    await enqueueMessages(t.db, msgs.slice(0, 3));
    await t.app.outbox.runOnce();
    // The inquiry's messages went out past the budget of 2; the Kita's next own message waits.
    await enqueueMessages(t.db, msgs.slice(3));
    await t.app.outbox.runOnce();
    const after = await states(msgs.map((m) => m.idempotencyKey));
    expect(after.map((r) => [r.kind, r.status, r.heldBy])).toEqual([
      ['inquiry', 'sent', null],
      ['inquiry', 'sent', null],
      ['results', 'sent', null],
      ['credits_reset', 'pending', 'kita_day'],
    ]);
    expect((await budgets(manager)).find((b) => b.budget === 'kita_day')).toMatchObject({ used: 3, limit: 2, held: 1, state: 'over' });
  });

  it('holds messages any anonymous request can cause at the much smaller anonymous budget, while the Kita’s own go out', async () => {
    const { kitaId, manager } = await kitaWithBudget(1000);
    const codes = [1, 2, 3].map(() => message('otp', kitaId, 'sms'));
    const own = message('otp', kitaId, 'sms', { budgetClass: 'kita' });
    await enqueueMessages(t.db, [...codes, own]);
    await t.app.outbox.runOnce();
    const after = await states([...codes, own].map((m) => m.idempotencyKey));
    expect(after.slice(0, 3).map((r) => `${r.status}:${r.heldBy}`).sort()).toEqual(['pending:anonymous_hour', 'sent:null', 'sent:null']);
    expect([after[3]!.status, after[3]!.heldBy]).toEqual(['sent', null]);
    expect(twilio.messages.filter((m) => [...codes, own].some((x) => x.recipient === m.to))).toHaveLength(3);
    // The manager sees why the Kita's message waits.
    expect((await budgets(manager)).find((b) => b.budget === 'anonymous_hour')).toMatchObject({ held: 1, state: 'over' });
    // Another Kita's manager sees nothing of it.
    const other = await kitaWithBudget(1000);
    expect((await budgets(other.manager)).map((b) => b.budget)).toEqual(['kita_day']);
  });

  it('a code that waited longer than it is valid is not sent late (failed, expired); other held messages still go', async () => {
    t.clock.advance(3600_000);
    const { kitaId } = await kitaWithBudget(1000);
    const msgs = [1, 2, 3, 4].map(() => message('otp', kitaId, 'sms'));
    msgs.push(message('registration_received', kitaId, 'sms'));
    await enqueueMessages(t.db, msgs);
    await t.app.outbox.runOnce();
    const keys = msgs.map((m) => m.idempotencyKey);
    const held = (await states(keys)).filter((r) => r.heldBy);
    expect(held).toHaveLength(3);
    // An hour later (the code is valid for 10 minutes).
    t.clock.advance(3600_000);
    await t.db.update(outboxMessages).set({ createdAt: sql`now() - interval '1 hour'`, nextAttemptAt: sql`now()` }).where(inArray(outboxMessages.idempotencyKey, keys));
    await t.app.outbox.runOnce();
    const after = await states(held.map((r) => r.idempotencyKey));
    for (const r of after) {
      if (r.kind === 'otp') expect([r.status, r.failureReason, r.secret]).toEqual(['failed', 'expired', null]);
      else expect(r.status).toBe('sent');
    }
    expect(after.filter((r) => r.kind === 'otp').length).toBeGreaterThanOrEqual(2);
  });

  it('warns near a budget: one log line per window, the metric, and refuses nothing yet', async () => {
    const { kitaId } = await kitaWithBudget(10);
    const lines: Array<{ obj: Record<string, unknown>; msg: string }> = [];
    const budget = new MessageBudget({ db: t.db, clock: t.clock, settings: t.config, log: { warn: (obj, msg) => lines.push({ obj: obj as Record<string, unknown>, msg }) } });
    const rows = (n: number) =>
      Array.from({ length: n }, () => ({ id: crypto.randomUUID(), kind: 'credits_reset', channel: 'email', kita_id: kitaId, sms_segments: null, budget_class: null }));
    expect((await budget.admit(rows(7))).held).toEqual([]);
    expect(lines).toEqual([]);
    expect((await budget.admit(rows(1))).held).toEqual([]);
    expect(lines).toEqual([{ obj: expect.objectContaining({ budget: 'kita_day', kitaId, used: 8, limit: 10 }), msg: 'message budget nearly used' }]);
    await budget.admit(rows(1));
    expect(lines).toHaveLength(1);
    const third = await budget.admit(rows(3));
    expect([third.admitted.length, third.held.map((h) => h.budget)]).toEqual([1, ['kita_day', 'kita_day']]);
    expect(lines[1]).toEqual({ obj: expect.objectContaining({ budget: 'kita_day', used: 10, limit: 10 }), msg: 'message budget used up: further messages of its class wait' });

    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.body).toContain(`kita_message_budget_used_ratio{budget="kita_day",kita="${kitaId}"} 1`);
  });

  it('an SMS counts its billed segments', async () => {
    const { kitaId } = await kitaWithBudget(3);
    const budget = new MessageBudget({ db: t.db, clock: t.clock, settings: t.config, log: { warn: () => {} } });
    const r = await budget.admit([
      { id: crypto.randomUUID(), kind: 'credits_reset', channel: 'sms', kita_id: kitaId, sms_segments: 2, budget_class: null },
      { id: crypto.randomUUID(), kind: 'credits_reset', channel: 'sms', kita_id: kitaId, sms_segments: 2, budget_class: null },
      { id: crypto.randomUUID(), kind: 'credits_reset', channel: 'email', kita_id: kitaId, sms_segments: null, budget_class: null },
    ]);
    expect([r.admitted.length, r.held.length]).toEqual([2, 1]);
  });

  it('parallel workers never pass a budget together', async () => {
    const { kitaId } = await kitaWithBudget(4);
    const budget = (n: number) => new MessageBudget({ db: t.db, clock: t.clock, settings: t.config, log: { warn: () => {} } }).admit(
      Array.from({ length: n }, () => ({ id: crypto.randomUUID(), kind: 'credits_reset', channel: 'email', kita_id: kitaId, sms_segments: null, budget_class: null })),
    );
    const results = await Promise.all([budget(3), budget(3), budget(3)]);
    expect(results.reduce((s, r) => s + r.admitted.length, 0)).toBe(4);
  });
});
