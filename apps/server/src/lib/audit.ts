import { AUDIT_SYSTEM_ROLE, type AuditAction, type AuditEntity } from '@kita/shared';
import type { AuthContext } from './auth-context.js';
import { auditLog } from '../db/schema.js';
import type { DbOrTx } from '../db/client.js';
import { sql } from 'drizzle-orm';

/** The system (timers, sweeps, the close at the deadline) as the actor of an audit row. */
export const SYSTEM_ACTOR = { userId: null, role: AUDIT_SYSTEM_ROLE } as const;

/** A request's caller, the system, or null (the admin command run on the server). */
export type AuditActor = Pick<AuthContext, 'userId' | 'role'> | { userId: string | null; role: string } | null;

export interface AuditEntryInput {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | null;
  kitaId?: string | null;
  details?: unknown;
  /** When it happened (a system write passes its clock); the database's time by default. */
  at?: Date;
}

/**
 * Records a write (who, what, when, which record; docs/quality.md): the one writer of audit_log, for staff,
 * parents and system writes alike, so every action is one of the typed vocabulary
 * (`AUDIT_ACTIONS` in @kita/shared). Call inside the write's transaction.
 */
export async function audit(tx: DbOrTx, actor: AuditActor, entry: AuditEntryInput): Promise<void> {
  await auditMany(tx, actor, [entry]);
}

/** Several rows of one actor in one statement (a sweep that changed many records). */
export async function auditMany(tx: DbOrTx, actor: AuditActor, entries: AuditEntryInput[]): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(auditLog).values(
    entries.map((entry) => ({
      actorUserId: actor?.userId ?? null,
      actorRole: actor?.role ?? null,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId ?? null,
      kitaId: entry.kitaId ?? null,
      details: entry.details ?? null,
      ...(entry.at ? { createdAt: entry.at } : {}),
    })),
  );
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
