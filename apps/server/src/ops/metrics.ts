import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { budgetStatus, type BudgetSettings } from '../notify/budget.js';

/**
 * Messages that failed for good in this process, by channel and reason (the outbox worker counts
 * them). A counter, unlike the kita_outbox_failed gauge: an alert on its increase() fires once per
 * new failure, clears by itself, and is not changed by retention deleting old rows or a resend.
 * Shared by every Metrics registry of the process (app and worker endpoints).
 */
export const outboxFailedTotal = new Counter({
  name: 'kita_outbox_failed_total',
  help: 'Messages whose delivery failed for good in this process (sum over instances)',
  labelNames: ['channel', 'reason'],
  registers: [],
});

/**
 * Prometheus metrics of one process (prom-client). Queue and inquiry gauges are read from the
 * database at scrape time, so every process reports the same (shared) numbers; request latency and
 * closes are counted per process (sum them over instances).
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly closes: Counter<'trigger'>;
  readonly closeDuration: Histogram<'trigger'>;

  private readonly budget: { settings: BudgetSettings; clock: Clock } | undefined;
  private readonly budgetUsed: Gauge<'budget' | 'kita'> | undefined;
  private readonly budgetHeld: Gauge<'budget' | 'kita'> | undefined;

  constructor(private readonly db: Db, opts: { defaults?: boolean; process?: string; budget?: { settings: BudgetSettings; clock: Clock } } = {}) {
    const registers = [this.registry];
    if (opts.process) this.registry.setDefaultLabels({ process: opts.process });
    if (opts.defaults !== false) collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route pattern',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.registry.registerMetric(outboxFailedTotal);
    this.closes = new Counter({ name: 'kita_inquiry_closes_total', help: 'Inquiries closed by this process', labelNames: ['trigger'], registers });
    this.closeDuration = new Histogram({
      name: 'kita_inquiry_close_duration_seconds',
      help: 'Time to close an inquiry (allocation, ledger, result messages) in this process',
      labelNames: ['trigger'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    const gauge = (name: string, help: string) => new Gauge({ name, help, registers });
    this.paused = new Gauge({
      name: 'kita_channel_paused',
      help: 'A delivery channel paused by an account-level provider error (1), with the problem and provider code',
      labelNames: ['channel', 'transport', 'problem', 'code'],
      registers,
    });
    this.queue = {
      pending: gauge('kita_outbox_pending', 'Messages waiting for delivery (pending or being sent)'),
      failed: gauge('kita_outbox_failed', 'Messages whose delivery failed for good'),
      oldest: gauge('kita_outbox_oldest_pending_age_seconds', 'Age of the oldest message waiting for delivery (0 when none)'),
      open: gauge('kita_inquiries_open', 'Inquiries open for answers'),
      pushSent: gauge('kita_push_sent', 'Push messages a push service accepted (messages kept by retention)'),
      pushOpened: gauge('kita_push_opened', 'Push messages the family opened (the notification or the link)'),
      pushEscalated: gauge('kita_push_escalated', 'SMS and e-mails written because a push was not opened in time or failed'),
      smsSaved: gauge('kita_sms_saved', 'Pushes sent instead of an SMS (an SMS family, push first, not escalated)'),
    };
    this.budget = opts.budget;
    if (opts.budget) {
      // notify/budget.ts: alert at MESSAGE_BUDGET_WARN_PERCENT (e.g. kita_message_budget_used_ratio >= 0.8).
      this.budgetUsed = new Gauge({
        name: 'kita_message_budget_used_ratio',
        help: 'Share of a message budget used in its current window (1 = used up; messages of its class wait)',
        labelNames: ['budget', 'kita'],
        registers,
      });
      this.budgetHeld = new Gauge({ name: 'kita_message_budget_held', help: 'Messages waiting because a budget is used up', labelNames: ['budget', 'kita'], registers });
    }
  }

  private readonly queue: Record<'pending' | 'failed' | 'oldest' | 'open' | 'pushSent' | 'pushOpened' | 'pushEscalated' | 'smsSaved', Gauge>;
  private readonly paused: Gauge<'channel' | 'transport' | 'problem' | 'code'>;

  /** The Prometheus text; one query fills the shared gauges first. */
  async text(): Promise<string> {
    const snapshot = await queueSnapshot(this.db);
    for (const key of Object.keys(this.queue) as (keyof typeof this.queue)[]) this.queue[key].set(snapshot[key] ?? 0);
    if (this.budget && this.budgetUsed && this.budgetHeld) {
      this.budgetUsed.reset();
      this.budgetHeld.reset();
      for (const b of await budgetStatus(this.db, this.budget.settings, this.budget.clock.now())) {
        const labels = { budget: b.budget, kita: b.kitaId ?? '' };
        this.budgetUsed.set(labels, b.limit > 0 ? b.used / b.limit : 0);
        this.budgetHeld.set(labels, b.held);
      }
    }
    this.paused.reset();
    const pauses = await this.db.execute<{ channel: string; transport: string; problem: string; provider_code: string }>(
      sql`select channel, transport, problem, provider_code from channel_pauses`,
    );
    for (const p of pauses.rows) this.paused.set({ channel: p.channel, transport: p.transport, problem: p.problem, code: p.provider_code }, 1);
    return this.registry.metrics();
  }
}
async function queueSnapshot(db: Db): Promise<Record<string, number>> {
  const r = await db.execute<{ pending: number; failed: number; oldest: number; open: number; push_sent: number; push_opened: number; push_escalated: number; sms_saved: number }>(sql`
    select (select count(*) from outbox_messages where status in ('pending', 'sending'))::int as pending,
           (select count(*) from outbox_messages where status = 'failed')::int as failed,
           coalesce(extract(epoch from now() - (select min(created_at) from outbox_messages where status in ('pending', 'sending'))), 0)::float8 as oldest,
           (select count(*) from events where status = 'open')::int as open,
           (select count(*) from outbox_messages where channel = 'push' and status = 'sent')::int as push_sent,
           (select count(*) from outbox_messages where channel = 'push' and opened_at is not null)::int as push_opened,
           (select count(*) from outbox_messages where escalation_of is not null)::int as push_escalated,
           (select count(*) from outbox_messages m join parents p on p.id = m.parent_id
             where m.channel = 'push' and m.status = 'sent' and m.idempotency_key like 'push:%'
               and p.preferred_communication = 'sms' and p.primary_phone_verified
               and not exists (select 1 from outbox_messages x where x.escalation_of = m.id)
               and not exists (select 1 from outbox_messages u where u.idempotency_key = substr(m.idempotency_key, 6)))::int as sms_saved`);
  const row = r.rows[0]!;
  return {
    pending: Number(row.pending),
    failed: Number(row.failed),
    oldest: Number(row.oldest),
    open: Number(row.open),
    pushSent: Number(row.push_sent),
    pushOpened: Number(row.push_opened),
    pushEscalated: Number(row.push_escalated),
    smsSaved: Number(row.sms_saved),
  };
}
