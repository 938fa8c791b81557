import type { AuthContext } from './auth-context.js';
import { auditLog } from '../db/schema.js';
import type { DbOrTx } from '../db/client.js';
import { sql } from 'drizzle-orm';

/** Records a staff write (docs/quality.md: who, what, when, which record). Call inside the write's transaction. */
export async function audit(
  tx: DbOrTx,
  actor: Pick<AuthContext, 'userId' | 'role'> | null,
  entry: { action: string; entity: string; entityId?: string | null; kitaId?: string | null; details?: unknown },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: actor?.userId ?? null,
    actorRole: actor?.role ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    kitaId: entry.kitaId ?? null,
    details: entry.details ?? null,
  });
}

/**
 * The keys of audit details that carry personal data (names, the free text of a rejection, contact
 * data). They are removed when the family is deleted and, for every row, after
 * RETENTION_AUDIT_DAYS; who did what to which record and when stays.
 */
export const PERSONAL_AUDIT_KEYS = ['name', 'message', 'childName', 'email', 'phone', 'phoneNumber'] as const;
const personalKeys = sql.raw(`array[${PERSONAL_AUDIT_KEYS.map((k) => `'${k}'`).join(', ')}]::text[]`);

/** Removes the personal keys from the audit details of these records (e.g. a deleted family and its children). */
export async function scrubAudit(tx: DbOrTx, entity: string, entityIds: string[]): Promise<void> {
  if (entityIds.length === 0) return;
  await tx.execute(sql`
    update audit_log set details = details - ${personalKeys}
     where entity = ${entity} and entity_id in (${sql.join(entityIds.map((id) => sql`${id}`), sql`, `)})
       and details ?| ${personalKeys}`);
}

/** Removes the personal keys from audit rows older than `before`; returns how many rows changed. */
export async function scrubAuditBefore(db: DbOrTx, before: Date): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`
    with done as (
      update audit_log set details = details - ${personalKeys}
       where created_at < ${before.toISOString()}::timestamptz and details ?| ${personalKeys}
      returning 1)
    select count(*)::int as n from done`);
  return Number(r.rows[0]?.n ?? 0);
}
