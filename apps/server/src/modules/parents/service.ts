import { and, count, eq, ne, sql } from 'drizzle-orm';
import { normalizeParentInput, type ParentDetails, type ParentInput, type ParentUpdateInput } from '@kita/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { children, kitas, parents, users } from '../../db/schema.js';
import { audit, scrubAudit } from '../../lib/audit.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { assertKitaScope, assertParentScope } from '../../lib/access.js';
import { hitLimit } from '../../lib/rate-limit.js';
import { sendActivation, sendEmailChangeConfirmation, sendRegistrationApproved, sendRegistrationDeclined } from '../accounts/notifications.js';
import { issueToken, revokeTokens, TTL } from '../accounts/tokens.js';
import { syncOpenInquiries } from '../events/snapshot.js';
import { findParentDetails, findParentRow } from './queries.js';
import { eraseFamily } from './erasure.js';
import type { RequestContext } from '../../lib/context.js';
import type { AuthContext } from '../../lib/auth-context.js';

export const parentNotFound = (id: string) => notFound('parents.notFound', { id });

/** E-mail address changes a parent may make per day; staff are not limited. */
export const EMAIL_CHANGES_PER_DAY = 3;
const DAY_MS = 86_400_000;

/** A unique-index violation, whether the driver error is thrown directly or wrapped by Drizzle. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pgErr = e as { code?: string; constraint?: string; message?: string };
    if (pgErr.code === '23505' && (pgErr.constraint === constraint || pgErr.message?.includes(constraint))) return true;
  }
  return false;
}

/** Runs a write and turns a lost race on the parent e-mail index into the same 409 as the pre-check. */
export async function withEmailConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, 'parents_email_uq')) throw conflict('EMAIL_TAKEN');
    throw err;
  }
}

async function assertEmailFree(db: DbOrTx, email: string | null, exceptParentId?: string): Promise<void> {
  if (!email) return;
  const [row] = await db
    .select({ id: parents.id })
    .from(parents)
    .where(and(eq(parents.email, email), exceptParentId ? ne(parents.id, exceptParentId) : undefined))
    .limit(1);
  if (row) throw conflict('EMAIL_TAKEN');
}

async function assertKitaExists(db: DbOrTx, kitaId: string): Promise<void> {
  const [row] = await db.select({ id: kitas.id }).from(kitas).where(eq(kitas.id, kitaId)).limit(1);
  if (!row) throw notFound('errors.NOT_FOUND', { id: kitaId });
}

/**
 * Locks the parent row for the rest of the transaction: approve, reject and delete of a
 * registration are one guarded transition each, so of two at the same moment the
 * second sees what the first did (one winner, the other 409).
 */
async function lockParent(tx: DbOrTx, id: string): Promise<void> {
  await tx.execute(sql`select id from parents where id = ${id}::uuid for update`);
}

/** Loads a parent the caller may see (staff by Kita, a parent only themselves), else 404. */
export async function loadParentInScope(db: DbOrTx, actor: AuthContext, id: string) {
  const row = await findParentRow(db, id);
  if (!row) throw parentNotFound(id);
  try {
    assertParentScope(actor, row.id, row.kitaId);
  } catch {
    throw parentNotFound(id);
  }
  return row;
}

export async function getParentDetails(db: DbOrTx, actor: AuthContext, id: string, now: Date, kitaId?: string): Promise<ParentDetails> {
  const row = await loadParentInScope(db, actor, id);
  // The details page inside a Kita passes its kitaId: a parent of another Kita is not found there.
  if (kitaId && row.kitaId !== kitaId) throw parentNotFound(id);
  return (await findParentDetails(db, id, now))!;
}

/** The columns a parent payload writes, the same for create and update. */
function parentValues(v: ReturnType<typeof normalizeParentInput>) {
  return {
    kitaId: v.kitaId,
    name: v.name,
    email: v.email,
    secondaryEmail: v.secondaryEmail,
    primaryPhone: v.primaryPhoneNumber,
    secondaryPhone: v.secondaryPhoneNumber,
    preferredCommunication: v.preferredCommunication,
    isAnonymous: v.isAnonymous,
    language: v.language,
  };
}

/**
 * Creates a parent on behalf of staff (parents list, or the child form's "new parent") with its
 * Parent account (no password yet) and, when it has an e-mail, the activation message that lets
 * the parent verify the address and set a password. Call inside the caller's transaction.
 */
export async function insertParent(tx: Tx, ctx: RequestContext, input: ParentInput): Promise<string> {
  assertKitaScope(ctx.actor, input.kitaId);
  await assertKitaExists(tx, input.kitaId);
  const v = normalizeParentInput(input);
  await assertEmailFree(tx, v.email);
  const [p] = await tx
    .insert(parents)
    .values({
      ...parentValues(v),
      // Staff-created parents need no approval.
      status: 'approved',
      isActive: true,
    })
    .returning();
  const [u] = await tx
    .insert(users)
    .values({ name: v.name, role: 'Parent', parentId: p!.id, kitaId: v.kitaId, language: v.language, passwordHash: null })
    .returning({ id: users.id });
  await audit(tx, ctx.actor, { action: 'create', entity: 'parent', entityId: p!.id, kitaId: v.kitaId, details: { name: v.name } });
  await sendActivation(tx, ctx, { userId: u!.id, parent: p!, budgetClass: 'kita' });
  return p!.id;
}

export async function createParent(ctx: RequestContext, input: ParentInput): Promise<ParentDetails> {
  const id = await withEmailConflict(() => ctx.db.transaction((tx) => insertParent(tx, ctx, input)));
  ctx.outbox.kick();
  return (await findParentDetails(ctx.db, id, ctx.clock.now()))!;
}

/**
 * Updates a parent. Staff may change everything within their scope; a parent may change only
 * their own contact data, language and preferred communication (Kita and anonymity stay).
 * A changed e-mail or phone number is no longer verified (docs/domain.md).
 */
export async function updateParent(
  ctx: RequestContext,
  id: string,
  input: ParentUpdateInput,
): Promise<ParentDetails> {
  if (input.parentId && input.parentId !== id) throw badRequest('VALIDATION_FAILED');
  const isParent = ctx.actor.role === 'Parent';
  await withEmailConflict(() =>
    ctx.db.transaction(async (tx) => {
      const old = await loadParentInScope(tx, ctx.actor, id);
      const payload = isParent ? { ...input, kitaId: old.kitaId, isAnonymous: old.isAnonymous } : input;
      const v = normalizeParentInput(payload);
      if (v.kitaId !== old.kitaId) {
        assertKitaScope(ctx.actor, v.kitaId);
        await assertKitaExists(tx, v.kitaId);
        // Children sit in groups of the old Kita; moving the family would split it across Kitas.
        const [n] = await tx.select({ n: count() }).from(children).where(eq(children.parentId, id));
        if (Number(n?.n ?? 0) > 0) throw conflict('PARENT_HAS_CHILDREN');
      }
      const now = ctx.clock.now();
      // A parent's own new address waits for its owner to open the link sent to it; until then
      // the old one stays (see requestEmailChange).
      const emailChange = isParent && v.email !== null && v.email !== old.email;
      if (!emailChange) await assertEmailFree(tx, v.email, id);
      // A parent changing the own e-mail again and again could have mail sent anywhere: a few
      // changes per day; staff correcting a typo are not limited.
      if (isParent && v.email !== old.email) {
        const { count: changes } = await hitLimit(tx, `email-change:${id}`, DAY_MS, now);
        if (changes > EMAIL_CHANGES_PER_DAY) throw new AppError(429, 'ADDRESS_CHANGE_LIMIT');
      }
      if (emailChange) await requestEmailChange(tx, ctx, old, v.email!, now);
      const email = emailChange ? old.email : v.email;
      await tx
        .update(parents)
        .set({
          ...parentValues(v),
          email,
          emailVerified: old.emailVerified && old.email === email,
          secondaryEmailVerified: old.secondaryEmailVerified && old.secondaryEmail === v.secondaryEmail,
          primaryPhoneVerified: old.primaryPhoneVerified && old.primaryPhone === v.primaryPhoneNumber,
          secondaryPhoneVerified: old.secondaryPhoneVerified && old.secondaryPhone === v.secondaryPhoneNumber,
          updatedAt: now,
        })
        .where(eq(parents.id, id));
      await tx
        .update(users)
        .set({ name: v.name, language: v.language, kitaId: v.kitaId, updatedAt: now })
        .where(eq(users.parentId, id));
      await audit(tx, ctx.actor, {
        action: 'update',
        entity: 'parent',
        entityId: id,
        kitaId: v.kitaId,
        details: { changed: changedFields(old, v).filter((f) => !(emailChange && f === 'email')), ...(emailChange ? { emailChangeRequested: true } : {}) },
      });
      // Open inquiries follow the family (name, channel; a family that can now be reached is asked).
      return syncOpenInquiries(tx, { kitaId: v.kitaId, parentId: id }, { join: 'reactivated', leave: 'parent_deactivated' }, {
        now,
        config: ctx.config,
      });
    }),
  );
  // Inquiry messages of the sync, or the confirmation mail of a new address.
  ctx.outbox.kick();
  return (await findParentDetails(ctx.db, id, ctx.clock.now()))!;
}

/**
 * A parent's own new e-mail address: a confirmation link goes to it and the address applies only
 * when its owner opens the link (activateAccount). The parent gets the same answer whether the
 * address is free or belongs to another family, so the form cannot be used to find out who is
 * registered; for a taken address the link is issued but not sent (nobody could use it: the
 * address is checked again when a link is opened). A newer request replaces an older one.
 */
async function requestEmailChange(tx: Tx, ctx: RequestContext, parent: typeof parents.$inferSelect, newEmail: string, now: Date): Promise<void> {
  await revokeTokens(tx, 'email_change', { parentId: parent.id }, now);
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.parentId, parent.id)).limit(1);
  const token = await issueToken(tx, { kind: 'email_change', parentId: parent.id, userId: user?.id ?? null, target: newEmail, ttlMs: TTL.emailChange, now });
  const [taken] = await tx.select({ id: parents.id }).from(parents).where(and(eq(parents.email, newEmail), ne(parents.id, parent.id))).limit(1);
  if (!taken) await sendEmailChangeConfirmation(tx, ctx, { parent, newEmail, token, userId: user?.id ?? null });
}

/** Field names (never values: they are personal data) that an update changed, for the audit log. */
function changedFields(old: typeof parents.$inferSelect, v: ReturnType<typeof normalizeParentInput>): string[] {
  const pairs: Array<[string, unknown, unknown]> = [
    ['name', old.name, v.name],
    ['email', old.email, v.email],
    ['secondaryEmail', old.secondaryEmail, v.secondaryEmail],
    ['primaryPhoneNumber', old.primaryPhone, v.primaryPhoneNumber],
    ['secondaryPhoneNumber', old.secondaryPhone, v.secondaryPhoneNumber],
    ['preferredCommunication', old.preferredCommunication, v.preferredCommunication],
    ['isAnonymous', old.isAnonymous, v.isAnonymous],
    ['language', old.language, v.language],
    ['kitaId', old.kitaId, v.kitaId],
  ];
  return pairs.filter(([, a, b]) => a !== b).map(([k]) => k);
}

/**
 * Deletes a parent with its account and children (schema cascades). Staff only, within scope.
 * A family that took part in an inquiry is erased instead (parents/erasure.ts, the same path as an
 * erasure on request): its rows in those inquiries stay under a pseudonym, so their results stay
 * reproducible, and the family is told at its last address.
 */
export async function deleteParent(ctx: RequestContext, id: string): Promise<void> {
  const erased = await ctx.db.transaction(async (tx) => {
    await loadParentInScope(tx, ctx.actor, id);
    await lockParent(tx, id);
    const old = await loadParentInScope(tx, ctx.actor, id);
    const history = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from event_children where parent_id = ${id}`,
    );
    if (Number(history.rows[0]?.n ?? 0) > 0) {
      await eraseFamily(tx, ctx, ctx.actor, id);
      return true;
    }
    const kids = await tx.select({ id: children.id }).from(children).where(eq(children.parentId, id));
    await tx.delete(parents).where(eq(parents.id, id));
    // The family is gone: its names and a rejection's text leave the audit log too;
    // the rows themselves (who did what, when) stay.
    await scrubAudit(tx, 'parent', [id]);
    await scrubAudit(tx, 'child', kids.map((k) => k.id));
    await audit(tx, ctx.actor, { action: 'delete', entity: 'parent', entityId: id, kitaId: old.kitaId, details: { status: old.status } });
    return false;
  });
  if (erased) ctx.outbox.kick();
}

/**
 * Approves a registration: status approved, account active, the parent is told by message.
 * Approving an approved parent changes nothing and sends nothing (safe to repeat).
 */
export async function approveParent(ctx: RequestContext, id: string): Promise<ParentDetails> {
  const sent = await ctx.db.transaction(async (tx) => {
    await loadParentInScope(tx, ctx.actor, id);
    await lockParent(tx, id);
    const old = await loadParentInScope(tx, ctx.actor, id);
    if (old.status === 'approved' && old.isActive) return false;
    // Only a registration is approved (or a deactivated family reactivated); a rejected or expired one stays so.
    if (old.status !== 'registered' && old.status !== 'approved') throw new AppError(409, 'NOT_REGISTERED');
    const now = ctx.clock.now();
    const [p] = await tx
      .update(parents)
      .set({ status: 'approved', isActive: true, updatedAt: now })
      .where(eq(parents.id, id))
      .returning();
    await tx.update(users).set({ isActive: true, updatedAt: now }).where(eq(users.parentId, id));
    await audit(tx, ctx.actor, { action: 'approve', entity: 'parent', entityId: id, kitaId: old.kitaId, details: { previousStatus: old.status } });
    // Approved while an inquiry of its category is open: the family joins it and is asked now.
    const sync = await syncOpenInquiries(tx, { kitaId: old.kitaId, parentId: id }, { join: 'approved', leave: 'parent_deactivated' }, {
      now,
      config: ctx.config,
    });
    return (await sendRegistrationApproved(tx, ctx, { parent: p! })) || sync.messages > 0;
  });
  if (sent) ctx.outbox.kick();
  return (await findParentDetails(ctx.db, id, ctx.clock.now()))!;
}

/** Rejects a pending registration (added route): status rejected, account inactive (no login). */
export async function rejectParent(ctx: RequestContext, id: string, message?: string | null): Promise<ParentDetails> {
  const sent = await ctx.db.transaction(async (tx) => {
    await loadParentInScope(tx, ctx.actor, id);
    await lockParent(tx, id);
    const old = await loadParentInScope(tx, ctx.actor, id);
    if (old.status !== 'registered') throw new AppError(409, 'NOT_REGISTERED');
    const now = ctx.clock.now();
    const [p] = await tx.update(parents).set({ status: 'rejected', isActive: false, updatedAt: now }).where(eq(parents.id, id)).returning();
    await tx.update(users).set({ isActive: false, updatedAt: now }).where(eq(users.parentId, id));
    await audit(tx, ctx.actor, { action: 'reject', entity: 'parent', entityId: id, kitaId: old.kitaId, details: { message: message ?? null } });
    // The family learns the outcome of its registration, by the same fallback path.
    return sendRegistrationDeclined(tx, { parent: p! });
  });
  if (sent) ctx.outbox.kick();
  return (await findParentDetails(ctx.db, id, ctx.clock.now()))!;
}
