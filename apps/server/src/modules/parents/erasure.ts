import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { ERASURE_DEADLINE_DAYS, type ErasureRequest, type ErasureResult } from '@kita/shared';
import { translate } from '@kita/shared/i18n';
import type { Tx } from '../../db/client.js';
import { erasureRequests, kitas, parents } from '../../db/schema.js';
import { assertKitaScope, assertParentScope, kitaScopeOf } from '../../lib/access.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { audit, scrubAudit, type AuditActor } from '../../lib/audit.js';
import type { RequestContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { parentRecipient } from '../../notify/messages.js';
import { enqueueComposed } from '../accounts/notifications.js';
import { syncOpenInquiries } from '../events/snapshot.js';
import { findParentRow } from './queries.js';

const DAY_MS = 86_400_000;
const requestNotFound = (id: string) => notFound('errors.NOT_FOUND', { id });

/** The family if the caller reaches it (staff by Kita, a parent only themselves), else 404. */
async function loadParentInScope(db: Tx | RequestContext['db'], actor: AuthContext, id: string) {
  const row = await findParentRow(db, id);
  if (!row) throw notFound('parents.notFound', { id });
  try {
    assertParentScope(actor, row.id, row.kitaId);
  } catch {
    throw notFound('parents.notFound', { id });
  }
  return row;
}

/**
 * Erasure on request (GDPR Art. 17; what it removes and keeps: docs/privacy-requests.md). A family
 * asks in the app; a manager of its Kita or an Admin carries it out within a month (Art. 12(3)).
 * Carrying it out deletes the family's record, children, login, sessions, tokens, answers and
 * messages, removes names and contact data from the audit log, and renames the family's rows in
 * the inquiries it took part in to a pseudonym ("gelöschte Familie 3"), so those inquiries keep
 * their counts, allocations, ranks and the family's credit entries. The family is told at its last
 * address, in the same transaction, before the address is gone.
 */
export async function requestErasure(ctx: RequestContext, parentId: string): Promise<ErasureRequest> {
  const id = await ctx.db.transaction(async (tx) => {
    const p = await loadParentInScope(tx, ctx.actor, parentId);
    const now = ctx.clock.now();
    const inserted = await tx
      .insert(erasureRequests)
      .values({ parentId, kitaId: p.kitaId, requestedBy: 'parent', requestedAt: now, dueAt: new Date(now.getTime() + ERASURE_DEADLINE_DAYS * DAY_MS) })
      .onConflictDoNothing()
      .returning({ id: erasureRequests.id });
    // Asked twice: the first request stands (its deadline does not move).
    if (inserted[0]) await audit(tx, ctx.actor, { action: 'erasure_request', entity: 'parent', entityId: parentId, kitaId: p.kitaId });
    const [open] = await tx.select({ id: erasureRequests.id }).from(erasureRequests).where(and(eq(erasureRequests.parentId, parentId), isNull(erasureRequests.doneAt)));
    return open!.id;
  });
  return (await findRequests(ctx, { id }))[0]!;
}

/** The family's open request, for its profile page (null when there is none). */
export async function openRequestOf(ctx: RequestContext, parentId: string): Promise<ErasureRequest | null> {
  await loadParentInScope(ctx.db, ctx.actor, parentId);
  return (await findRequests(ctx, { parentId, status: 'open' }))[0] ?? null;
}

export async function listErasureRequests(ctx: RequestContext, status: 'open' | 'done'): Promise<ErasureRequest[]> {
  return findRequests(ctx, { status });
}

async function findRequests(ctx: RequestContext, f: { id?: string; parentId?: string; status?: 'open' | 'done' }): Promise<ErasureRequest[]> {
  const scope = kitaScopeOf(ctx.actor);
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({
      id: erasureRequests.id,
      parentId: erasureRequests.parentId,
      kitaId: erasureRequests.kitaId,
      kitaName: kitas.name,
      parentName: parents.name,
      familyLabel: erasureRequests.familyLabel,
      requestedAt: erasureRequests.requestedAt,
      dueAt: erasureRequests.dueAt,
      requestedBy: erasureRequests.requestedBy,
      doneAt: erasureRequests.doneAt,
    })
    .from(erasureRequests)
    .innerJoin(kitas, eq(kitas.id, erasureRequests.kitaId))
    .leftJoin(parents, eq(parents.id, erasureRequests.parentId))
    .where(
      and(
        f.id ? eq(erasureRequests.id, f.id) : undefined,
        f.parentId ? eq(erasureRequests.parentId, f.parentId) : undefined,
        f.status === 'open' ? isNull(erasureRequests.doneAt) : f.status === 'done' ? isNotNull(erasureRequests.doneAt) : undefined,
        // A parent reads only their own request (by id or parentId, checked by the caller).
        scope.kind === 'kita' ? eq(erasureRequests.kitaId, scope.kitaId) : scope.kind === 'none' && !f.id && !f.parentId ? sql`false` : undefined,
      ),
    )
    .orderBy(...(f.status === 'done' ? [desc(erasureRequests.doneAt), desc(erasureRequests.familyNumber)] : [erasureRequests.dueAt, erasureRequests.requestedAt]))
    .limit(500);
  return rows.map((r) => ({
    id: r.id,
    parentId: r.doneAt ? null : r.parentId,
    kitaId: r.kitaId,
    kitaName: r.kitaName,
    familyName: r.familyLabel ?? r.parentName ?? '',
    requestedAt: r.requestedAt.toISOString(),
    dueAt: r.dueAt.toISOString(),
    requestedBy: r.requestedBy,
    doneAt: r.doneAt?.toISOString() ?? null,
    overdue: !r.doneAt && r.dueAt.getTime() < now.getTime(),
  }));
}

/** Carries out an open request (a manager of the family's Kita or an Admin). */
export async function executeErasureRequest(ctx: RequestContext, requestId: string): Promise<ErasureResult> {
  const result = await ctx.db.transaction(async (tx) => {
    const [req] = await tx.select().from(erasureRequests).where(eq(erasureRequests.id, requestId)).for('update');
    if (!req) throw requestNotFound(requestId);
    assertKitaScope(ctx.actor, req.kitaId, () => requestNotFound(requestId));
    if (req.doneAt || !req.parentId) throw requestNotFound(requestId);
    return eraseFamily(tx, ctx, ctx.actor, req.parentId, req.id);
  });
  ctx.outbox.kick();
  return result;
}

/**
 * Erases one family inside the caller's transaction (the request row, when given, is marked done;
 * without one, as when staff delete a family with history, a done row is written). The caller has
 * checked the scope.
 */
export async function eraseFamily(tx: Tx, ctx: Pick<RequestContext, 'clock' | 'config'>, actor: AuditActor, parentId: string, requestId?: string): Promise<ErasureResult> {
  const now = ctx.clock.now();
  await tx.execute(sql`select id from parents where id = ${parentId}::uuid for update`);
  const [p] = await tx.select().from(parents).where(eq(parents.id, parentId));
  if (!p) throw notFound('parents.notFound', { id: parentId });
  // Numbered per Kita under the Kita's row lock, so two erasures never take the same number.
  const [kita] = await tx.execute<{ name: string }>(sql`select name from kitas where id = ${p.kitaId}::uuid for update`).then((r) => r.rows);
  const numbered = await tx.execute<{ n: number }>(sql`select coalesce(max(family_number), 0)::int + 1 as n from erasure_requests where kita_id = ${p.kitaId}::uuid`);
  const number = Number(numbered.rows[0]!.n);
  const label = translate('de', 'mydata.erasedFamily', { n: number });

  // The confirmation goes to the last address now; the row keeps no link to the family.
  const to = parentRecipient(p);
  if (to) {
    await enqueueComposed(tx, 'erasure_done', to, { kitaName: kita?.name ?? '' }, { kitaId: p.kitaId, idempotencyKey: `erasure_done:${parentId}` });
  }

  // Children leave the Kita's open inquiries first (they stop counting there).
  await tx.update(parents).set({ isActive: false, updatedAt: now }).where(eq(parents.id, parentId));
  await syncOpenInquiries(tx, { kitaId: p.kitaId, parentId }, { join: 'reactivated', leave: 'parent_removed' }, { now, config: ctx.config });

  // The family's rows in every inquiry keep their ids (allocations and credits point at them) and
  // lose the names: the children are numbered in a stable order.
  const snapKids = await tx.execute<{ child_id: string }>(sql`
    select child_id from event_children where parent_id = ${parentId}::uuid group by child_id order by min(joined_at), child_id`);
  await tx.execute(sql`update event_children set parent_name = ${label} where parent_id = ${parentId}::uuid`);
  for (const [i, r] of snapKids.rows.entries()) {
    const childLabel = translate('de', 'mydata.erasedChild', { n: i + 1, family: number });
    await tx.execute(sql`update event_children set child_name = ${childLabel} where parent_id = ${parentId}::uuid and child_id = ${r.child_id}::uuid`);
  }

  const kids = await tx.execute<{ id: string }>(sql`select id from children where parent_id = ${parentId}::uuid`);
  const userIds = await tx.execute<{ id: string }>(sql`select id from users where parent_id = ${parentId}::uuid`);
  const uids = userIds.rows.map((u) => u.id);
  // Messages (addresses, texts with names and links), except the confirmation just queued.
  await tx.execute(sql`
    delete from outbox_messages
     where parent_id = ${parentId}::uuid
        or user_id in (select id from users where parent_id = ${parentId}::uuid)`);
  // Login counters keyed by the family's addresses.
  const identifiers = [p.email, p.secondaryEmail, p.primaryPhone, p.secondaryPhone].filter((x): x is string => !!x);
  for (const ident of identifiers) {
    await tx.execute(sql`delete from login_failures where account = ${ident}`);
    await tx.execute(sql`delete from rate_limits where position(${ident} in key) > 0`);
  }
  await scrubAudit(tx, 'parent', [parentId]);
  await scrubAudit(tx, 'child', kids.rows.map((k) => k.id));
  await scrubAudit(tx, 'user', uids);
  // The record, its children, login, sessions, tokens and answers (schema cascades).
  await tx.delete(parents).where(eq(parents.id, parentId));

  // Staff deleting a family that had asked: its open request is the one carried out.
  const open = requestId ? [{ id: requestId }] : await tx.select({ id: erasureRequests.id }).from(erasureRequests).where(and(eq(erasureRequests.parentId, parentId), isNull(erasureRequests.doneAt)));
  requestId = open[0]?.id;
  const onRequest = !!requestId;
  if (requestId) {
    await tx
      .update(erasureRequests)
      .set({ doneAt: now, doneBy: actor?.userId ?? null, familyLabel: label, familyNumber: number, parentId: null })
      .where(eq(erasureRequests.id, requestId));
  } else {
    await tx.insert(erasureRequests).values({
      kitaId: p.kitaId, requestedBy: 'staff', requestedAt: now, dueAt: now, doneAt: now, doneBy: actor?.userId ?? null, familyLabel: label, familyNumber: number,
    });
  }
  await audit(tx, actor, { action: 'erase', entity: 'parent', entityId: parentId, kitaId: p.kitaId, details: { familyLabel: label, children: kids.rows.length, onRequest } });
  return { familyLabel: label, children: kids.rows.length, confirmationSent: !!to };
}
