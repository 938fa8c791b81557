import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { scrubAuditBefore } from '../lib/audit.js';

const DAY_MS = 86_400_000;
const BATCH = 5000;

export interface RetentionResult {
  messages: number;
  sessions: number;
  tokens: number;
  rateLimits: number;
  withdrawnLinks: number;
  /** Rejected and expired registrations that never took part in an inquiry. */
  registrations: number;
  loginFailures: number;
  auditScrubbed: number;
}

/**
 * Storage limitation (GDPR Art. 5(1)(e)), run by the periodic sweeper in every app process (the
 * deletes are idempotent, so several processes may run it at once):
 * - sent and failed messages (recipient address or number, text with names and links) older than
 *   RETENTION_MESSAGES_DAYS; messages still waiting for delivery are kept;
 * - login and link sessions a day after they expired;
 * - one-time tokens (activation, reset, OTP, phone verification) a week after they expired or were
 *   used; preference-link tokens RETENTION_MESSAGES_DAYS after their inquiry closed (until then an old
 *   link still says "this inquiry has ended" instead of "invalid link");
 * - rate-limit counters whose window ended more than a day ago;
 * - rejected and expired registrations RETENTION_REGISTRATIONS_DAYS after they ended, when the
 *   family never took part in an inquiry (with their children and login, by the schema's cascades).
 * - rate-limit counters whose window ended more than a day ago; an account's failed-login count
 *   30 days after its last failure;
 * - names and free texts in audit-log rows older than RETENTION_AUDIT_DAYS (the rows stay).
 * Deletes run in batches so no statement holds many row locks for long.
 */
export async function runRetention(app: FastifyInstance): Promise<RetentionResult> {
  const now = app.clock.now().getTime();
  const at = (ms: number) => new Date(now - ms).toISOString();
  const messageCutoff = at(app.config.RETENTION_MESSAGES_DAYS * DAY_MS);
  const batched = async (table: string, where: ReturnType<typeof sql>, key = 'id') => {
    let total = 0;
    for (;;) {
      const r = await app.db.execute<{ n: number }>(sql`
        with gone as (
          delete from ${sql.identifier(table)} where ${sql.identifier(key)} in (
            select ${sql.identifier(key)} from ${sql.identifier(table)} where ${where} limit ${BATCH})
          returning 1)
        select count(*)::int as n from gone`);
      const n = Number(r.rows[0]?.n ?? 0);
      total += n;
      if (n < BATCH) return total;
    }
  };
  const result = {
    messages: await batched('outbox_messages', sql`status in ('sent', 'failed') and created_at < ${messageCutoff}::timestamptz`),
    sessions: await batched('sessions', sql`expires_at < ${at(DAY_MS)}::timestamptz`),
    tokens: await batched(
      'tokens',
      sql`(kind <> 'preference' and coalesce(used_at, expires_at) < ${at(7 * DAY_MS)}::timestamptz)
          or (kind = 'preference' and expires_at < ${messageCutoff}::timestamptz)`,
    ),
    rateLimits: await batched('rate_limits', sql`window_start < ${at(DAY_MS)}::timestamptz`, 'key'),
    // A withdrawn inquiry's links: as long as the preference tokens they replace.
    withdrawnLinks: await batched('withdrawn_links', sql`expires_at < ${messageCutoff}::timestamptz`, 'token_hash'),
    registrations: await batched(
      'parents',
      sql`status = 'rejected' and updated_at < ${at(app.config.RETENTION_REGISTRATIONS_DAYS * DAY_MS)}::timestamptz
          and not exists (select 1 from event_children ec where ec.parent_id = parents.id)`,
    ),
    loginFailures: await batched('login_failures', sql`last_failure_at < ${at(30 * DAY_MS)}::timestamptz`, 'account'),
    auditScrubbed: await scrubAuditBefore(app.db, new Date(now - app.config.RETENTION_AUDIT_DAYS * DAY_MS)),
  };
  if (result.messages + result.sessions + result.tokens + result.rateLimits + result.withdrawnLinks + result.registrations + result.loginFailures + result.auditScrubbed > 0) app.log.info({ deleted: result }, 'retention: old data deleted');
  return result;
}
