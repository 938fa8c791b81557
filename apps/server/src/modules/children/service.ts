import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { zonedDay, isDateOfBirthInRange, type Child, type ChildInput, type ChildUpdateInput } from '@kita/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { children } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { assertKitaScope, reachesKita } from '../../lib/access.js';
import { authOf } from '../../plugins/auth.js';
import { insertParent, loadParentInScope, withEmailConflict } from '../parents/service.js';
import { syncOpenInquiries, type SyncReasons } from '../events/snapshot.js';
import { findChild, findGroupPlace } from './queries.js';

export const childNotFound = (id: string) => notFound('children.notFound', { id });

const fieldError = (path: string, message: string) =>
  new AppError(400, 'VALIDATION_FAILED', 'errors.VALIDATION_FAILED', {}, [{ path, message }]);

/** Spec section 5: 1900-01-01 up to today, "today" being the Kita's calendar day (domain.md "Time"). */
function assertDateOfBirth(dateOfBirth: string, timezone: string, now: Date): void {
  if (!isDateOfBirthInRange(dateOfBirth, zonedDay(now, timezone))) {
    throw fieldError('dateOfBirth', 'validation.dateOfBirthRange');
  }
}

/** A child the caller may see: staff within their Kita, a parent only their own; else 404. */
export async function getChildInScope(db: DbOrTx, req: FastifyRequest, id: string, kitaId?: string): Promise<Child> {
  const child = await findChild(db, id);
  if (!child) throw childNotFound(id);
  const auth = authOf(req);
  const visible = auth.role === 'Parent' ? child.parentId === auth.parentId : reachesKita(auth, child.kitaId);
  if (!visible || (kitaId && child.kitaId !== kitaId)) throw childNotFound(id);
  return child;
}

/** The group of a payload, within the caller's scope (404 outside it, like a missing group). */
async function groupInScope(db: DbOrTx, req: FastifyRequest, groupId: string) {
  const group = await findGroupPlace(db, groupId);
  if (!group) throw notFound('children.groupNotFound', { id: groupId });
  assertKitaScope(authOf(req), group.kitaId, () => notFound('children.groupNotFound', { id: groupId }));
  return group;
}

/**
 * The parent of a child payload: an existing parent of the group's Kita, or a new one created
 * in the same transaction (with its account and activation message).
 */
async function resolveParent(
  tx: Tx,
  app: FastifyInstance,
  req: FastifyRequest,
  input: Pick<ChildInput, 'parentId' | 'newParent'>,
  kitaId: string,
): Promise<{ parentId: string; created: boolean } | null> {
  if (input.parentId) {
    const parent = await loadParentInScope(tx, req, input.parentId);
    if (parent.kitaId !== kitaId) throw badRequest('KITA_MISMATCH');
    return { parentId: parent.id, created: false };
  }
  if (input.newParent) {
    if (input.newParent.kitaId !== kitaId) throw badRequest('KITA_MISMATCH');
    return { parentId: await insertParent(tx, app, req, input.newParent), created: true };
  }
  return null;
}

/** POST children (staff): the child and, for `newParent`, its parent in ONE transaction. */
export async function createChild(app: FastifyInstance, req: FastifyRequest, input: ChildInput): Promise<Child> {
  if (!input.parentId && !input.newParent) throw badRequest('MISSING_PARENT');
  const group = await groupInScope(app.db, req, input.groupId);
  assertDateOfBirth(input.dateOfBirth, group.timezone, app.clock.now());
  const { id, created } = await withEmailConflict(() =>
    app.db.transaction(async (tx) => {
      const parent = (await resolveParent(tx, app, req, input, group.kitaId))!;
      const [row] = await tx
        .insert(children)
        .values({ name: input.childName, dateOfBirth: input.dateOfBirth, groupId: group.groupId, parentId: parent.parentId })
        .returning({ id: children.id });
      await audit(tx, req, {
        action: 'create',
        entity: 'child',
        entityId: row!.id,
        kitaId: group.kitaId,
        details: { childName: input.childName, groupId: group.groupId, parentId: parent.parentId, newParent: parent.created },
      });
      const sync = await syncChild(tx, app, group.kitaId, row!.id, { join: 'child_added', leave: 'child_removed' });
      return { id: row!.id, created: parent.created || sync > 0 };
    }),
  );
  if (created) app.outbox.kick();
  return (await findChild(app.db, id))!;
}

/**
 * PUT children/{id}. Staff may move the child to another group of the Kita or another parent;
 * a parent may only correct name and date of birth of their own child (spec section 4).
 */
export async function updateChild(app: FastifyInstance, req: FastifyRequest, id: string, input: ChildUpdateInput): Promise<Child> {
  const current = await getChildInScope(app.db, req, id);
  if (authOf(req).role === 'Parent') return updateOwnChild(app, req, current, input);
  if (!input.groupId) throw fieldError('groupId', 'validation.required');
  const group = await groupInScope(app.db, req, input.groupId);
  assertDateOfBirth(input.dateOfBirth, group.timezone, app.clock.now());
  const created = await withEmailConflict(() =>
    app.db.transaction(async (tx) => {
      const parent = await resolveParent(tx, app, req, input, group.kitaId);
      // Without a new parent choice the child stays with its parent, who must belong to the group's Kita.
      if (!parent && current.kitaId !== group.kitaId) throw badRequest('KITA_MISMATCH');
      await tx
        .update(children)
        .set({
          name: input.childName,
          dateOfBirth: input.dateOfBirth,
          groupId: group.groupId,
          parentId: parent?.parentId ?? current.parentId,
          updatedAt: app.clock.now(),
        })
        .where(eq(children.id, id));
      await audit(tx, req, {
        action: 'update',
        entity: 'child',
        entityId: id,
        kitaId: group.kitaId,
        details: { childName: input.childName, groupId: group.groupId, parentId: parent?.parentId ?? current.parentId },
      });
      // Moved to a group of another category (or another family): it leaves and joins open inquiries.
      const sync = await syncChild(tx, app, group.kitaId, id, { join: 'group_changed', leave: 'group_changed' });
      return (parent?.created ?? false) || sync > 0;
    }),
  );
  if (created) app.outbox.kick();
  return (await findChild(app.db, id))!;
}

async function updateOwnChild(app: FastifyInstance, req: FastifyRequest, current: Child, input: ChildUpdateInput): Promise<Child> {
  const movesChild =
    (input.groupId && input.groupId !== current.groupId) ||
    (input.parentId && input.parentId !== current.parentId) ||
    !!input.newParent;
  if (movesChild) throw forbidden();
  const group = (await findGroupPlace(app.db, current.groupId))!;
  assertDateOfBirth(input.dateOfBirth, group.timezone, app.clock.now());
  await app.db.transaction(async (tx) => {
    await tx
      .update(children)
      .set({ name: input.childName, dateOfBirth: input.dateOfBirth, updatedAt: app.clock.now() })
      .where(eq(children.id, current.childId));
    await audit(tx, req, { action: 'update', entity: 'child', entityId: current.childId, kitaId: current.kitaId, details: { childName: input.childName } });
    await syncChild(tx, app, current.kitaId, current.childId, { join: 'group_changed', leave: 'group_changed' });
  });
  return (await findChild(app.db, current.childId))!;
}

/**
 * DELETE children/{id} (staff). Answers of open inquiries go with the child, which leaves them with
 * a note; finished inquiries keep it (their snapshot and allocation have no foreign key to it);
 * ledger rows keep the family's balance.
 */
export async function deleteChild(app: FastifyInstance, req: FastifyRequest, id: string): Promise<void> {
  const current = await getChildInScope(app.db, req, id);
  await app.db.transaction(async (tx) => {
    await tx.delete(children).where(eq(children.id, id));
    await audit(tx, req, { action: 'delete', entity: 'child', entityId: id, kitaId: current.kitaId, details: { childName: current.childName } });
    await syncChild(tx, app, current.kitaId, id, { join: 'child_added', leave: 'child_removed' });
  });
}

/** Keeps open inquiries in step with one child (snapshot.ts); returns the messages written. */
async function syncChild(tx: Tx, app: FastifyInstance, kitaId: string, childId: string, reasons: SyncReasons): Promise<number> {
  const r = await syncOpenInquiries(tx, { kitaId, childId }, reasons, { now: app.clock.now(), config: app.config });
  return r.messages;
}
