import { eq } from 'drizzle-orm';
import { zonedDay, isDateOfBirthInRange, type Child, type ChildInput, type ChildUpdateInput } from '@kita/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { children } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { assertKitaScope, reachesKita } from '../../lib/access.js';
import { insertParent, loadParentInScope, withEmailConflict } from '../parents/service.js';
import { syncOpenInquiries, type SyncReasons } from '../events/snapshot.js';
import { findChild, findGroupPlace } from './queries.js';
import type { RequestContext, Services } from '../../lib/context.js';
import type { AuthContext } from '../../lib/auth-context.js';

export const childNotFound = (id: string) => notFound('children.notFound', { id });

const fieldError = (path: string, message: string) =>
  new AppError(400, 'VALIDATION_FAILED', 'errors.VALIDATION_FAILED', {}, [{ path, message }]);

/** Date of birth from 1900-01-01 up to today (docs/domain.md "Validation"), "today" being the Kita's calendar day (docs/domain.md "Time"). */
function assertDateOfBirth(dateOfBirth: string, timezone: string, now: Date): void {
  if (!isDateOfBirthInRange(dateOfBirth, zonedDay(now, timezone))) {
    throw fieldError('dateOfBirth', 'validation.dateOfBirthRange');
  }
}

/** A child the caller may see: staff within their Kita, a parent only their own; else 404. */
export async function getChildInScope(db: DbOrTx, auth: AuthContext, id: string, kitaId?: string): Promise<Child> {
  const child = await findChild(db, id);
  if (!child) throw childNotFound(id);
  const visible = auth.role === 'Parent' ? child.parentId === auth.parentId : reachesKita(auth, child.kitaId);
  if (!visible || (kitaId && child.kitaId !== kitaId)) throw childNotFound(id);
  return child;
}

/** The group of a payload, within the caller's scope (404 outside it, like a missing group). */
async function groupInScope(db: DbOrTx, actor: AuthContext, groupId: string) {
  const group = await findGroupPlace(db, groupId);
  if (!group) throw notFound('children.groupNotFound', { id: groupId });
  assertKitaScope(actor, group.kitaId, () => notFound('children.groupNotFound', { id: groupId }));
  return group;
}

/**
 * The parent of a child payload: an existing parent of the group's Kita, or a new one created
 * in the same transaction (with its account and activation message).
 */
async function resolveParent(
  tx: Tx,
  ctx: RequestContext,
  input: Pick<ChildInput, 'parentId' | 'newParent'>,
  kitaId: string,
): Promise<{ parentId: string; created: boolean } | null> {
  if (input.parentId) {
    const parent = await loadParentInScope(tx, ctx.actor, input.parentId);
    if (parent.kitaId !== kitaId) throw badRequest('KITA_MISMATCH');
    return { parentId: parent.id, created: false };
  }
  if (input.newParent) {
    if (input.newParent.kitaId !== kitaId) throw badRequest('KITA_MISMATCH');
    return { parentId: await insertParent(tx, ctx, input.newParent), created: true };
  }
  return null;
}

/** POST children (staff): the child and, for `newParent`, its parent in ONE transaction. */
export async function createChild(ctx: RequestContext, input: ChildInput): Promise<Child> {
  if (!input.parentId && !input.newParent) throw badRequest('MISSING_PARENT');
  const group = await groupInScope(ctx.db, ctx.actor, input.groupId);
  assertDateOfBirth(input.dateOfBirth, group.timezone, ctx.clock.now());
  const { id, created } = await withEmailConflict(() =>
    ctx.db.transaction(async (tx) => {
      const parent = (await resolveParent(tx, ctx, input, group.kitaId))!;
      const [row] = await tx
        .insert(children)
        .values({ name: input.childName, dateOfBirth: input.dateOfBirth, groupId: group.groupId, parentId: parent.parentId })
        .returning({ id: children.id });
      await audit(tx, ctx.actor, {
        action: 'create',
        entity: 'child',
        entityId: row!.id,
        kitaId: group.kitaId,
        details: { childName: input.childName, groupId: group.groupId, parentId: parent.parentId, newParent: parent.created },
      });
      const sync = await syncChild(tx, ctx, group.kitaId, row!.id, { join: 'child_added', leave: 'child_removed' });
      return { id: row!.id, created: parent.created || sync > 0 };
    }),
  );
  if (created) ctx.outbox.kick();
  return (await findChild(ctx.db, id))!;
}

/**
 * PUT children/{id}. Staff may move the child to another group of the Kita or another parent;
 * a parent may only correct name and date of birth of their own child.
 */
export async function updateChild(ctx: RequestContext, id: string, input: ChildUpdateInput): Promise<Child> {
  const current = await getChildInScope(ctx.db, ctx.actor, id);
  if (ctx.actor.role === 'Parent') return updateOwnChild(ctx, current, input);
  if (!input.groupId) throw fieldError('groupId', 'validation.required');
  const group = await groupInScope(ctx.db, ctx.actor, input.groupId);
  assertDateOfBirth(input.dateOfBirth, group.timezone, ctx.clock.now());
  const created = await withEmailConflict(() =>
    ctx.db.transaction(async (tx) => {
      const parent = await resolveParent(tx, ctx, input, group.kitaId);
      // Without a new parent choice the child stays with its parent, who must belong to the group's Kita.
      if (!parent && current.kitaId !== group.kitaId) throw badRequest('KITA_MISMATCH');
      await tx
        .update(children)
        .set({
          name: input.childName,
          dateOfBirth: input.dateOfBirth,
          groupId: group.groupId,
          parentId: parent?.parentId ?? current.parentId,
          updatedAt: ctx.clock.now(),
        })
        .where(eq(children.id, id));
      await audit(tx, ctx.actor, {
        action: 'update',
        entity: 'child',
        entityId: id,
        kitaId: group.kitaId,
        details: { childName: input.childName, groupId: group.groupId, parentId: parent?.parentId ?? current.parentId },
      });
      // Moved to a group of another category (or another family): it leaves and joins open inquiries.
      const sync = await syncChild(tx, ctx, group.kitaId, id, { join: 'group_changed', leave: 'group_changed' });
      return (parent?.created ?? false) || sync > 0;
    }),
  );
  if (created) ctx.outbox.kick();
  return (await findChild(ctx.db, id))!;
}

async function updateOwnChild(ctx: RequestContext, current: Child, input: ChildUpdateInput): Promise<Child> {
  const movesChild =
    (input.groupId && input.groupId !== current.groupId) ||
    (input.parentId && input.parentId !== current.parentId) ||
    !!input.newParent;
  if (movesChild) throw forbidden();
  const group = (await findGroupPlace(ctx.db, current.groupId))!;
  assertDateOfBirth(input.dateOfBirth, group.timezone, ctx.clock.now());
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(children)
      .set({ name: input.childName, dateOfBirth: input.dateOfBirth, updatedAt: ctx.clock.now() })
      .where(eq(children.id, current.childId));
    await audit(tx, ctx.actor, { action: 'update', entity: 'child', entityId: current.childId, kitaId: current.kitaId, details: { childName: input.childName } });
    await syncChild(tx, ctx, current.kitaId, current.childId, { join: 'group_changed', leave: 'group_changed' });
  });
  return (await findChild(ctx.db, current.childId))!;
}

/**
 * DELETE children/{id} (staff). Answers of open inquiries go with the child, which leaves them with
 * a note; finished inquiries keep it (their snapshot and allocation have no foreign key to it);
 * ledger rows keep the family's balance.
 */
export async function deleteChild(ctx: RequestContext, id: string): Promise<void> {
  const current = await getChildInScope(ctx.db, ctx.actor, id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(children).where(eq(children.id, id));
    await audit(tx, ctx.actor, { action: 'delete', entity: 'child', entityId: id, kitaId: current.kitaId, details: { childName: current.childName } });
    await syncChild(tx, ctx, current.kitaId, id, { join: 'child_added', leave: 'child_removed' });
  });
}

/** Keeps open inquiries in step with one child (snapshot.ts); returns the messages written. */
async function syncChild(tx: Tx, ctx: Pick<Services, 'clock' | 'config'>, kitaId: string, childId: string, reasons: SyncReasons): Promise<number> {
  const r = await syncOpenInquiries(tx, { kitaId, childId }, reasons, { now: ctx.clock.now(), config: ctx.config });
  return r.messages;
}
