import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { AppError } from './errors.js';
import { clientNet, WIDE_NET_FACTOR } from './client-net.js';

/**
 * Fixed-window counter kept in PostgreSQL so limits hold across app processes (ARCHITECTURE.md "Runtime": no state in process memory).
 * Returns the count in the current window after this hit.
 */
export async function hitLimit(db: DbOrTx, key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: Date }> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const rows = await db.execute<{ count: number; window_start: Date | string }>(sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, ${windowStart.toISOString()})
    on conflict (key) do update set
      count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
      window_start = excluded.window_start
    returning count, window_start`);
  const row = rows.rows[0]!;
  return { count: Number(row.count), resetAt: new Date(windowStart.getTime() + windowMs) };
}

/** Reads the current count without counting. */
export async function peekLimit(db: DbOrTx, key: string, windowMs: number, now: Date): Promise<number> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const rows = await db.execute<{ count: number }>(
    sql`select count from rate_limits where key = ${key} and window_start = ${windowStart.toISOString()}`,
  );
  return Number(rows.rows[0]?.count ?? 0);
}

export async function clearLimit(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Counts a hit and throws 429 with Retry-After once the limit is passed. */
export async function enforceLimit(db: DbOrTx, key: string, limit: number, windowMs: number, now: Date): Promise<void> {
  const { count, resetAt } = await hitLimit(db, key, windowMs, now);
  if (count > limit) throw rateLimited(resetAt, now);
}

export function rateLimited(resetAt: Date, now: Date): AppError {
  return waitError((resetAt.getTime() - now.getTime()) / 1000);
}

/** 429 with Retry-After; the message says how long to wait, in whole minutes rounded up. */
export function waitError(waitSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitSeconds));
  return new AppError(429, 'RATE_LIMITED', 'errors.RATE_LIMITED_WAIT', { minutes: Math.ceil(seconds / 60) }, undefined, seconds);
}

/**
 * A progressive-delay policy: `free` attempts per window, then each further attempt only after a
 * pause that doubles (baseMs, 2·baseMs, 4·baseMs, … up to maxMs) instead of a hard lock.
 */
export interface AttemptPolicy {
  free: number;
  windowMs: number;
  baseMs: number;
  maxMs: number;
}

export interface Reservation {
  allowed: boolean;
  /** Attempts counted in this window, including this one when allowed. */
  count: number;
  /** Seconds until the next attempt may run (0 when the next one is free). */
  retryAfter: number;
}

/**
 * Reserves one attempt BEFORE the expensive or secret check: one statement counts it
 * and decides, so concurrent attempts each see a different count and at most `free` plus one per
 * pause get through, however many arrive at once. Refused attempts are not counted (waiting is
 * enough; hammering does not make the pause longer). The row lock of INSERT … ON CONFLICT DO
 * UPDATE serialises attempts on one key, on PostgreSQL 15 and PGlite alike.
 */
export async function reserveAttempt(db: DbOrTx, key: string, policy: AttemptPolicy, now: Date): Promise<Reservation> {
  const windowStart = new Date(Math.floor(now.getTime() / policy.windowMs) * policy.windowMs).toISOString();
  const at = now.toISOString();
  const firstPause = policy.free >= 1 ? null : new Date(now.getTime() + policy.baseMs).toISOString();
  const blocked = sql`(r.window_start = excluded.window_start and r.not_before is not null and r.not_before > ${at}::timestamptz)`;
  const fresh = sql`(r.window_start <> excluded.window_start)`;
  const rows = await db.execute<{ count: number; not_before: Date | string | null; last_allowed: boolean }>(sql`
    insert into rate_limits as r (key, count, window_start, not_before, last_allowed)
    values (${key}, 1, ${windowStart}, ${firstPause}, true)
    on conflict (key) do update set
      count = case when ${fresh} then 1 when ${blocked} then r.count else r.count + 1 end,
      not_before = case
        when ${fresh} then ${firstPause}::timestamptz
        when ${blocked} then r.not_before
        when r.count + 1 <= ${policy.free} then null
        else ${at}::timestamptz + least(${policy.maxMs}::float8, ${policy.baseMs}::float8 * power(2, r.count - ${policy.free})) * interval '1 millisecond'
      end,
      last_allowed = not ${blocked},
      window_start = excluded.window_start
    returning count, not_before, last_allowed`);
  const row = rows.rows[0]!;
  const count = Number(row.count);
  const notBefore = row.not_before ? new Date(row.not_before) : null;
  const retryAfter = notBefore ? Math.max(1, Math.ceil((notBefore.getTime() - now.getTime()) / 1000)) : 0;
  return { allowed: row.last_allowed === true || String(row.last_allowed) === 't', count, retryAfter };
}

/** Reserves an attempt or throws 429 with Retry-After. */
export async function enforceAttempt(db: DbOrTx, key: string, policy: AttemptPolicy, now: Date): Promise<void> {
  const r = await reserveAttempt(db, key, policy, now);
  if (!r.allowed) throw waitError(r.retryAfter);
}

/** Gives a reserved attempt back (it turned out to be a legitimate use, e.g. a valid link). */
export async function refundAttempt(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/**
 * The per-client keys of a limit: `<prefix>:<IPv4 or IPv6 /64>` with the given limit,
 * plus for IPv6 `<prefix>:<the /48>` with WIDE_NET_FACTOR times the limit.
 */
export function clientKeys(prefix: string, ip: string, limit: number): Array<{ key: string; limit: number }> {
  const net = clientNet(ip);
  return [{ key: `${prefix}:${net.client}`, limit }, ...(net.wide ? [{ key: `${prefix}:${net.wide}`, limit: limit * WIDE_NET_FACTOR }] : [])];
}

/** enforceLimit per client network (clientKeys): the /64 and the wider /48 net. */
export async function enforceClientLimit(db: DbOrTx, prefix: string, ip: string, limit: number, windowMs: number, now: Date): Promise<void> {
  for (const k of clientKeys(prefix, ip, limit)) await enforceLimit(db, k.key, k.limit, windowMs, now);
}

/** The attempt policies of a client (clientKeys): the /64 with `policy`, the /48 with WIDE_NET_FACTOR times its free attempts. */
export function clientAttemptKeys(prefix: string, ip: string, policy: AttemptPolicy): Array<{ key: string; policy: AttemptPolicy }> {
  return clientKeys(prefix, ip, policy.free).map((k) => ({ key: k.key, policy: { ...policy, free: k.limit } }));
}

/** Reserves an attempt on every key in turn (a refused one has not counted on the later keys) or throws 429. */
export async function enforceAttempts(db: DbOrTx, keys: Array<{ key: string; policy: AttemptPolicy }>, now: Date): Promise<void> {
  for (const k of keys) {
    const r = await reserveAttempt(db, k.key, k.policy, now);
    if (!r.allowed) throw waitError(r.retryAfter);
  }
}
