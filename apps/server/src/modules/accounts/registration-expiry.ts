import { sql } from 'drizzle-orm';
import type { Services } from '../../lib/context.js';

const DAY_MS = 86_400_000;

/**
 * Unverified registrations expire (docs/domain.md "Registration and approval"): a
 * registration that proved neither its e-mail nor its phone within REGISTRATION_EXPIRY_DAYS ends.
 * It is stored as rejected (no login, no more codes, it no longer counts against the Kita's
 * pending limit) and the Kita sees it go: an audit row `expire` per registration, and the parents
 * list shows it as rejected until retention deletes it (RETENTION_REGISTRATIONS_DAYS). One
 * statement, safe on several processes at once (a row is updated once).
 */
export async function expireRegistrations(ctx: Pick<Services, 'db' | 'clock' | 'config'>): Promise<number> {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - ctx.config.REGISTRATION_EXPIRY_DAYS * DAY_MS).toISOString();
  const at = now.toISOString();
  const r = await ctx.db.execute<{ n: number }>(sql`
    with expired as (
      update parents set status = 'rejected', is_active = false, updated_at = ${at}::timestamptz
       where status = 'registered' and not email_verified and not primary_phone_verified and created_at < ${cutoff}::timestamptz
      returning id, kita_id),
    logins as (
      update users set is_active = false, updated_at = ${at}::timestamptz where parent_id in (select id from expired) returning 1),
    logged as (
      insert into audit_log (actor_role, action, entity, entity_id, kita_id, details, created_at)
      select 'System', 'expire', 'parent', e.id::text, e.kita_id,
             jsonb_build_object('reason', 'unverified', 'days', ${ctx.config.REGISTRATION_EXPIRY_DAYS}::int), ${at}::timestamptz
        from expired e
      returning 1)
    select (select count(*)::int from expired) as n, (select count(*) from logins) as l, (select count(*) from logged) as a`);
  return Number(r.rows[0]?.n ?? 0);
}
