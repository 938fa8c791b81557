import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { AppError } from './errors.js';

/**
 * Fixed-window counter kept in PostgreSQL so limits hold across app processes (architecture.md).
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
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  // The message says how long to wait (issue 14), in whole minutes rounded up.
  const err = new AppError(429, 'RATE_LIMITED', 'errors.RATE_LIMITED_WAIT', { minutes: Math.ceil(seconds / 60) });
  (err as AppError & { retryAfter: number }).retryAfter = seconds;
  return err;
}
