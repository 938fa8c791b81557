import { sql } from 'drizzle-orm';
import type { Services } from '../../lib/context.js';
import { SYSTEM_ACTOR, auditMany } from '../../lib/audit.js';

const DAY_MS = 86_400_000;

/**
 * Unverified registrations expire (docs/domain.md "Registration and approval"): a
 * registration that proved neither its e-mail nor its phone within REGISTRATION_EXPIRY_DAYS ends.
 * It is stored as rejected (no login, no more codes, it no longer counts against the Kita's
 * pending limit) and the Kita sees it go: an audit row `expire` per registration, and the parents
 * list shows it as rejected until retention deletes it (RETENTION_REGISTRATIONS_DAYS). Safe on
 * several processes at once (a row is updated once).
 */
export async function expireRegistrations(ctx: Pick<Services, 'db' | 'clock' | 'config'>): Promise<number> {
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - ctx.config.REGISTRATION_EXPIRY_DAYS * DAY_MS).toISOString();
  const at = now.toISOString();
  // One transaction: the expiry and its audit rows commit together (the audit rows go through the
  // one audit writer, so the statement returns the rows instead of inserting them itself).
  return ctx.db.transaction(async (tx) => {
  const r = await tx.execute<{ id: string; kita_id: string }>(sql`
    with expired as (
      update parents set status = 'rejected', is_active = false, updated_at = ${at}::timestamptz
       where status = 'registered' and not email_verified and not primary_phone_verified and created_at < ${cutoff}::timestamptz
      returning id, kita_id),
    logins as (
      update users set is_active = false, updated_at = ${at}::timestamptz where parent_id in (select id from expired) returning 1)
    select e.id, e.kita_id, (select count(*) from logins) as l from expired e`);
  await auditMany(
    tx,
    SYSTEM_ACTOR,
    r.rows.map((e) => ({
      action: 'expire' as const,
      entity: 'parent' as const,
      entityId: e.id,
      kitaId: e.kita_id,
      details: { reason: 'unverified', days: ctx.config.REGISTRATION_EXPIRY_DAYS },
      at: now,
    })),
  );
  return r.rows.length;
  });
}
