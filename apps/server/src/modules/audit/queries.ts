import { and, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { AuditActor, AuditEntry, AuditPage, AuditQuery } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, kitas, users } from '../../db/schema.js';
import type { KitaScope } from '../../lib/access.js';

/**
 * The audit log as the viewer reads it: an Admin every row, a manager the rows of their own Kita
 * (rows without a Kita, such as an Admin's operator actions, are the Admin's only). Newest first,
 * keyset-paged by id, so a page stays stable while new rows arrive.
 */
function scoped(scope: KitaScope, q: Omit<AuditQuery, 'limit' | 'before'>): SQL | undefined {
  const where: Array<SQL | undefined> = [];
  if (scope.kind === 'kita') where.push(eq(auditLog.kitaId, scope.kitaId));
  if (q.kitaId) where.push(eq(auditLog.kitaId, q.kitaId));
  if (q.actorUserId) where.push(eq(auditLog.actorUserId, q.actorUserId));
  if (q.entity) where.push(eq(auditLog.entity, q.entity));
  if (q.entityId) where.push(eq(auditLog.entityId, q.entityId));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.from) where.push(gte(auditLog.createdAt, new Date(q.from)));
  if (q.to) where.push(lte(auditLog.createdAt, new Date(q.to)));
  return and(...where);
}

const columns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorUserId: auditLog.actorUserId,
  actorName: users.name,
  actorRole: auditLog.actorRole,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  kitaId: auditLog.kitaId,
  kitaName: kitas.name,
  details: auditLog.details,
};

export async function readAuditPage(db: DbOrTx, scope: KitaScope, q: AuditQuery): Promise<AuditPage> {
  if (scope.kind === 'none') return { entries: [], nextBefore: null };
  const rows = await db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(kitas, eq(kitas.id, auditLog.kitaId))
    .where(and(scoped(scope, q), q.before ? lt(auditLog.id, q.before) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(q.limit + 1);
  const more = rows.length > q.limit;
  const entries = rows.slice(0, q.limit).map(toEntry);
  return { entries, nextBefore: more ? entries[entries.length - 1]!.id : null };
}

/** Every row of the filter, newest first, at most `max` (the CSV download). */
export async function readAuditRows(db: DbOrTx, scope: KitaScope, q: Omit<AuditQuery, 'limit' | 'before'>, max: number): Promise<AuditEntry[]> {
  if (scope.kind === 'none') return [];
  const rows = await db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .leftJoin(kitas, eq(kitas.id, auditLog.kitaId))
    .where(scoped(scope, q))
    .orderBy(desc(auditLog.id))
    .limit(max);
  return rows.map(toEntry);
}

/** The people who acted in the caller's scope (the person filter's choices). */
export async function readAuditActors(db: DbOrTx, scope: KitaScope): Promise<AuditActor[]> {
  if (scope.kind === 'none') return [];
  const rows = await db
    .selectDistinct({ userId: users.id, name: users.name, role: users.role })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorUserId))
    .where(scope.kind === 'kita' ? eq(auditLog.kitaId, scope.kitaId) : sql`true`)
    .orderBy(users.name);
  return rows;
}

function toEntry(r: {
  id: number;
  createdAt: Date;
  actorUserId: string | null;
  actorName: string | null;
  actorRole: string | null;
  action: AuditEntry['action'];
  entity: AuditEntry['entity'];
  entityId: string | null;
  kitaId: string | null;
  kitaName: string | null;
  details: unknown;
}): AuditEntry {
  const details = r.details && typeof r.details === 'object' && !Array.isArray(r.details) ? (r.details as Record<string, unknown>) : null;
  return { ...r, id: Number(r.id), createdAt: r.createdAt.toISOString(), details };
}
