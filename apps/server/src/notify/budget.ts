import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db, DbOrTx } from '../db/client.js';
import type { Clock } from '../lib/clock.js';

/**
 * Message cost budgets (docs/operations.md "Message budgets"). Every e-mail and SMS the
 * product sends counts against budgets kept in the database (rows of `rate_limits`, so they hold
 * across app and worker processes):
 *
 * - `deployment_hour`: all messages of the deployment per clock hour;
 * - `kita_day`: a Kita's messages per UTC day, sized from its families (or the Kita's own figure);
 * - `anonymous_hour`, `anonymous_day`: messages any anonymous request can cause (registration,
 *   verification codes, activation resends, password reset, login codes), for the whole deployment.
 *
 * Units: an e-mail is 1, an SMS its billed segments. The outbox worker asks `admit()` for every
 * batch it claimed, before anything is sent: a message whose budgets have room is counted and
 * goes out; one that would pass a budget waits (status stays pending, `held_by` names the budget)
 * until the window turns. Messages of class `inquiry` (the fan-out, reminders, results and offered
 * places of an inquiry the manager opened) are counted but never held: they were budgeted when
 * the inquiry opened.
 */

export type BudgetClass = 'anonymous' | 'kita' | 'inquiry';
export type BudgetName = 'deployment_hour' | 'kita_day' | 'anonymous_hour' | 'anonymous_day';
export const BUDGET_NAMES: readonly BudgetName[] = ['deployment_hour', 'kita_day', 'anonymous_hour', 'anonymous_day'];

export type BudgetSettings = Pick<
  Config,
  | 'MESSAGE_BUDGET_DEPLOYMENT_PER_HOUR'
  | 'MESSAGE_BUDGET_KITA_PER_FAMILY'
  | 'MESSAGE_BUDGET_KITA_MIN_PER_DAY'
  | 'MESSAGE_BUDGET_ANONYMOUS_PER_HOUR'
  | 'MESSAGE_BUDGET_ANONYMOUS_PER_DAY'
  | 'MESSAGE_BUDGET_WARN_PERCENT'
>;

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const WINDOW: Record<BudgetName, number> = { deployment_hour: HOUR, kita_day: DAY, anonymous_hour: HOUR, anonymous_day: DAY };

/** The kinds that belong to an inquiry the manager opened: counted, never held. */
const INQUIRY_KINDS = new Set(['inquiry', 'reminder', 'results', 'slot_offered']);
/** The kinds only an anonymous request causes (whoever asks for them, they go to an address nobody logged in proved). */
const ANONYMOUS_KINDS = new Set(['registration_received', 'account_exists', 'password_reset', 'otp', 'activation']);

/**
 * The class of a message: the one written at enqueue time, else by kind. Codes and activation
 * mails count as anonymous unless the code that enqueued them marked them as caused by a
 * logged-in user (`kita`), so a forgotten caller errs on the side of the smaller budget.
 */
export function budgetClassOf(kind: string, written: string | null | undefined): BudgetClass {
  if (written === 'anonymous' || written === 'kita' || written === 'inquiry') return written;
  if (INQUIRY_KINDS.has(kind)) return 'inquiry';
  if (ANONYMOUS_KINDS.has(kind)) return 'anonymous';
  return 'kita';
}

/** The budgets a message of this class counts against. */
export function budgetsOf(cls: BudgetClass, kitaId: string | null): BudgetName[] {
  const names: BudgetName[] = ['deployment_hour'];
  if (kitaId) names.push('kita_day');
  if (cls === 'anonymous') names.push('anonymous_hour', 'anonymous_day');
  return names;
}

/** A message's cost: an SMS is billed per segment, an e-mail counts 1. */
export const unitsOf = (channel: string, smsSegments: number | null | undefined) => (channel === 'sms' ? Math.max(1, Number(smsSegments ?? 1)) : 1);

const keyOf = (name: BudgetName, kitaId: string | null) => (name === 'kita_day' ? `budget:kita_day:${kitaId}` : `budget:${name}`);
const windowStart = (name: BudgetName, now: Date) => new Date(Math.floor(now.getTime() / WINDOW[name]) * WINDOW[name]);
export const windowEnd = (name: BudgetName, now: Date) => new Date(windowStart(name, now).getTime() + WINDOW[name]);

/** A Kita's daily budget: its own figure, else per family with a login, at least the minimum. */
export function kitaDailyLimit(settings: BudgetSettings, own: number | null, families: number): number {
  if (own !== null && own !== undefined) return own;
  return Math.max(settings.MESSAGE_BUDGET_KITA_MIN_PER_DAY, families * settings.MESSAGE_BUDGET_KITA_PER_FAMILY);
}

function fixedLimit(settings: BudgetSettings, name: Exclude<BudgetName, 'kita_day'>): number {
  if (name === 'deployment_hour') return settings.MESSAGE_BUDGET_DEPLOYMENT_PER_HOUR;
  if (name === 'anonymous_hour') return settings.MESSAGE_BUDGET_ANONYMOUS_PER_HOUR;
  return settings.MESSAGE_BUDGET_ANONYMOUS_PER_DAY;
}

async function kitaLimits(db: DbOrTx, settings: BudgetSettings, kitaIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (kitaIds.length === 0) return out;
  const r = await db.execute<{ id: string; own: number | null; families: number }>(sql`
    select k.id, k.message_budget_per_day as own,
           (select count(*)::int from parents p where p.kita_id = k.id and p.status = 'approved' and not p.is_anonymous) as families
      from kitas k where k.id in (${sql.join(kitaIds.map((id) => sql`${id}::uuid`), sql`, `)})`);
  for (const row of r.rows) out.set(row.id, kitaDailyLimit(settings, row.own === null ? null : Number(row.own), Number(row.families)));
  return out;
}

/** What the worker tells the budget about a claimed message. */
export interface BudgetMessage {
  id: string;
  kind: string;
  channel: string;
  kita_id: string | null;
  sms_segments: number | null;
  budget_class: string | null;
}

export interface Held {
  id: string;
  budget: BudgetName;
  /** How long the message waits before it is tried again (until the budget's window turns). */
  retryMs: number;
}

export interface BudgetLog {
  warn(obj: object, msg: string): void;
}

/** One budget as the Admin banner, the manager's notice and the metric read it. */
export interface BudgetStatus {
  budget: BudgetName;
  kitaId: string | null;
  used: number;
  limit: number;
  /** Messages waiting for this budget. */
  held: number;
  state: 'ok' | 'near' | 'over';
  /** When the window turns and the budget is new. */
  resetsAt: string;
}

/**
 * Decides per claimed batch which messages go out now. One short transaction per batch: the
 * counters of the batch's budgets are locked in key order (no deadlock between workers), the
 * messages are charged in the order they were claimed, and the new counts are written back.
 */
export class MessageBudget {
  /** Budgets (key + window) this process has already warned about: one log line per window. */
  private readonly warned = new Set<string>();

  constructor(private readonly opts: { db: Db; clock: Clock; settings: BudgetSettings; log: BudgetLog }) {}

  async admit(rows: BudgetMessage[]): Promise<{ admitted: string[]; held: Held[] }> {
    if (rows.length === 0) return { admitted: [], held: [] };
    const now = this.opts.clock.now();
    const settings = this.opts.settings;
    const plan = rows.map((m) => {
      const cls = budgetClassOf(m.kind, m.budget_class);
      return { m, cls, units: unitsOf(m.channel, m.sms_segments), names: budgetsOf(cls, m.kita_id) };
    });
    const keys = new Map<string, { name: BudgetName; kitaId: string | null }>();
    for (const p of plan) for (const name of p.names) keys.set(keyOf(name, p.m.kita_id), { name, kitaId: name === 'kita_day' ? p.m.kita_id : null });
    const sorted = [...keys.keys()].sort();

    return this.opts.db.transaction(async (tx) => {
      const kitaIds = [...new Set([...keys.values()].filter((k) => k.kitaId).map((k) => k.kitaId!))];
      const limits = await kitaLimits(tx, settings, kitaIds);
      const used = new Map<string, number>();
      const start = new Map<string, number>();
      // Creates missing counters and starts a new window where one turned; the row locks last until commit.
      const r = await tx.execute<{ key: string; count: number }>(sql`
        insert into rate_limits as r (key, count, window_start)
        values ${sql.join(
          sorted.map((key) => sql`(${key}, 0, ${windowStart(keys.get(key)!.name, now).toISOString()}::timestamptz)`),
          sql`, `,
        )}
        on conflict (key) do update set
          count = case when r.window_start = excluded.window_start then r.count else 0 end,
          window_start = excluded.window_start
        returning key, count`);
      for (const row of r.rows) {
        used.set(row.key, Number(row.count));
        start.set(row.key, Number(row.count));
      }
      const limitOf = (key: string) => {
        const { name, kitaId } = keys.get(key)!;
        return name === 'kita_day' ? (limits.get(kitaId!) ?? settings.MESSAGE_BUDGET_KITA_MIN_PER_DAY) : fixedLimit(settings, name);
      };
      const admitted: string[] = [];
      const held: Held[] = [];
      for (const p of plan) {
        const ks = p.names.map((name) => ({ name, key: keyOf(name, p.m.kita_id) }));
        const full = p.cls === 'inquiry' ? undefined : ks.find(({ key }) => used.get(key)! + p.units > limitOf(key));
        if (full) {
          held.push({ id: p.m.id, budget: full.name, retryMs: Math.max(1000, windowEnd(full.name, now).getTime() - now.getTime()) });
          continue;
        }
        for (const { key } of ks) used.set(key, used.get(key)! + p.units);
        admitted.push(p.m.id);
      }
      for (const key of sorted) {
        if (used.get(key) === start.get(key)) continue;
        await tx.execute(sql`update rate_limits set count = ${used.get(key)!} where key = ${key}`);
      }
      this.warn(keys, used, limitOf, held, now);
      return { admitted, held };
    });
  }

  private warn(
    keys: Map<string, { name: BudgetName; kitaId: string | null }>,
    used: Map<string, number>,
    limitOf: (key: string) => number,
    held: Held[],
    now: Date,
  ): void {
    const percent = this.opts.settings.MESSAGE_BUDGET_WARN_PERCENT;
    for (const [key, { name, kitaId }] of keys) {
      const limit = limitOf(key);
      const count = used.get(key)!;
      const over = held.some((h) => h.budget === name);
      const level = over ? 'over' : count * 100 >= limit * percent ? 'near' : null;
      if (!level) continue;
      const mark = `${key}:${windowStart(name, now).getTime()}:${level}`;
      if (this.warned.has(mark)) continue;
      this.warned.add(mark);
      if (this.warned.size > 10_000) this.warned.clear();
      this.opts.log.warn(
        { budget: name, kitaId, used: count, limit, resetsAt: windowEnd(name, now).toISOString() },
        level === 'over' ? 'message budget used up: further messages of its class wait' : 'message budget nearly used',
      );
    }
  }
}

/**
 * The budgets as they stand (metric, Admin banner, the manager's notice): every deployment budget,
 * and the daily budget of each Kita that sent or holds messages today (or of the given Kitas).
 */
export async function budgetStatus(
  db: DbOrTx,
  settings: BudgetSettings,
  now: Date,
  opts: { kitaIds?: string[]; /** Count only this Kita's waiting messages (a manager's view). */ heldOf?: string } = {},
): Promise<BudgetStatus[]> {
  const starts = Object.fromEntries(BUDGET_NAMES.map((n) => [n, windowStart(n, now).toISOString()])) as Record<BudgetName, string>;
  const counters = await db.execute<{ key: string; count: number }>(sql`
    select key, count from rate_limits
     where (key in ('budget:deployment_hour', 'budget:anonymous_hour') and window_start = ${starts.deployment_hour}::timestamptz)
        or (key = 'budget:anonymous_day' and window_start = ${starts.anonymous_day}::timestamptz)
        or (key like 'budget:kita_day:%' and window_start = ${starts.kita_day}::timestamptz)`);
  const used = new Map(counters.rows.map((r) => [r.key, Number(r.count)]));
  const heldRows = await db.execute<{ held_by: string; kita_id: string | null; n: number }>(sql`
    select held_by, kita_id, count(*)::int as n from outbox_messages
     where held_by is not null and status in ('pending', 'sending') ${opts.heldOf ? sql`and kita_id = ${opts.heldOf}` : sql``}
     group by held_by, kita_id`);
  const heldOf = (name: BudgetName, kitaId?: string) =>
    heldRows.rows.filter((r) => r.held_by === name && (kitaId === undefined || r.kita_id === kitaId)).reduce((s, r) => s + Number(r.n), 0);
  const percent = settings.MESSAGE_BUDGET_WARN_PERCENT;
  const status = (budget: BudgetName, kitaId: string | null, count: number, limit: number, held: number): BudgetStatus => ({
    budget,
    kitaId,
    used: count,
    limit,
    held,
    state: held > 0 || count >= limit ? 'over' : count * 100 >= limit * percent ? 'near' : 'ok',
    resetsAt: windowEnd(budget, now).toISOString(),
  });
  const out: BudgetStatus[] = (['deployment_hour', 'anonymous_hour', 'anonymous_day'] as const).map((name) =>
    status(name, null, used.get(`budget:${name}`) ?? 0, fixedLimit(settings, name), heldOf(name)),
  );
  const kitaIds =
    opts.kitaIds ??
    [
      ...new Set([
        ...[...used.keys()].filter((k) => k.startsWith('budget:kita_day:')).map((k) => k.slice('budget:kita_day:'.length)),
        ...heldRows.rows.filter((r) => r.held_by === 'kita_day' && r.kita_id).map((r) => r.kita_id!),
      ]),
    ];
  const limits = await kitaLimits(db, settings, kitaIds);
  for (const kitaId of kitaIds) {
    if (!limits.has(kitaId)) continue;
    out.push(status('kita_day', kitaId, used.get(`budget:kita_day:${kitaId}`) ?? 0, limits.get(kitaId)!, heldOf('kita_day', kitaId)));
  }
  return out;
}
