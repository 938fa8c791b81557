import { and, eq, ne } from 'drizzle-orm';
import type { StaffRole, User, UserCreateInput, UserUpdateInput } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { kitas, users } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { hashPassword, isCommonPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { kitaScopeOf, reachesKita } from '../../lib/access.js';
import { findStaffUser, findStaffUsers } from './queries.js';
import type { RequestContext } from '../../lib/context.js';
import type { AuthContext } from '../../lib/auth-context.js';

export const userNotFound = (id: string) => notFound('users.notFound', { id });

/**
 * A staff user the caller may manage: an Admin every staff user, a manager the managers of their
 * own Kita (themselves included). Anything else (parents' accounts, Admins, other Kitas) is 404.
 */
export async function loadUserInScope(db: DbOrTx, auth: AuthContext, id: string): Promise<User> {
  const user = await findStaffUser(db, id);
  if (!user) throw userNotFound(id);
  if (auth.role === 'Admin' || (user.role === 'KitaManager' && reachesKita(auth, user.kitaId))) return user;
  throw userNotFound(id);
}

/** GET users (Admin: all staff; ?kitaId= narrows to that Kita's managers). A manager sees their Kita's managers. */
export async function listUsers(db: DbOrTx, actor: AuthContext, kitaId: string | undefined): Promise<User[]> {
  const scope = kitaScopeOf(actor);
  if (scope.kind === 'all') {
    return findStaffUsers(db, kitaId ? and(eq(users.role, 'KitaManager'), eq(users.kitaId, kitaId)) : undefined);
  }
  // A manager without a Kita manages nobody; another Kita's managers are not found.
  if (scope.kind === 'none' || (kitaId && kitaId !== scope.kitaId)) throw notFound('kitas.notFound', { id: kitaId ?? '' });
  return findStaffUsers(db, and(eq(users.role, 'KitaManager'), eq(users.kitaId, scope.kitaId)));
}

/**
 * The role and Kita a write may set (docs/domain.md): only Admins create Admins and choose any Kita;
 * a manager's writes are forced to role KitaManager in their own Kita. An Admin has no Kita.
 */
function effectiveRoleAndKita(actor: AuthContext, input: { role: StaffRole; kitaId?: string | null }) {
  const scope = kitaScopeOf(actor);
  if (scope.kind === 'none') throw forbidden();
  if (scope.kind === 'kita') return { role: 'KitaManager' as const, kitaId: scope.kitaId };
  return input.role === 'Admin' ? { role: 'Admin' as const, kitaId: null } : { role: 'KitaManager' as const, kitaId: input.kitaId ?? null };
}

async function assertKitaExists(db: DbOrTx, kitaId: string | null) {
  if (!kitaId) return;
  const [k] = await db.select({ id: kitas.id }).from(kitas).where(eq(kitas.id, kitaId)).limit(1);
  if (!k) throw new AppError(400, 'VALIDATION_FAILED', 'errors.VALIDATION_FAILED', {}, [{ path: 'kitaId', message: 'validation.kitaRequired' }]);
}

async function assertEmailFree(db: DbOrTx, email: string, exceptId?: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  if (row) throw conflict('EMAIL_TAKEN');
}

/** NIST SP 800-63B: refuse passwords from the common-password list (400 with the field named). */
export function assertPasswordNotCommon(password: string, path: string): void {
  if (isCommonPassword(password)) {
    throw new AppError(400, 'PASSWORD_COMMON', 'validation.passwordCommon', {}, [{ path, message: 'validation.passwordCommon' }]);
  }
}

async function withEmailConflict<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('EMAIL_TAKEN');
    throw err;
  }
}

export async function createUser(ctx: RequestContext, input: UserCreateInput): Promise<User> {
  assertPasswordNotCommon(input.password, 'password');
  const { role, kitaId } = effectiveRoleAndKita(ctx.actor, input);
  const passwordHash = await hashPassword(input.password);
  return withEmailConflict(() =>
    ctx.db.transaction(async (tx) => {
      await assertKitaExists(tx, kitaId);
      await assertEmailFree(tx, input.email);
      const [row] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, phoneNumber: input.phoneNumber ?? null, passwordHash, role, kitaId })
        .returning({ id: users.id });
      await audit(tx, ctx.actor, { action: 'create', entity: 'user', entityId: row!.id, kitaId, details: { role } });
      return (await findStaffUser(tx, row!.id))!;
    }),
  );
}

export async function updateUser(ctx: RequestContext, id: string, input: UserUpdateInput): Promise<User> {
  const now = ctx.clock.now();
  const auth = ctx.actor;
  return withEmailConflict(() =>
    ctx.db.transaction(async (tx) => {
      const current = await loadUserInScope(tx, ctx.actor, id);
      const { role, kitaId } = effectiveRoleAndKita(ctx.actor, input);
      // Nobody changes their own role (docs/domain.md); a manager also stays in their Kita (forced above).
      if (id === auth.userId && role !== current.role) throw new AppError(409, 'OWN_ROLE');
      await assertKitaExists(tx, kitaId);
      await assertEmailFree(tx, input.email, id);
      // A changed phone number is no longer verified (docs/domain.md).
      const phoneNumber = input.phoneNumber ?? null;
      await tx
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          phoneNumber,
          ...(phoneNumber !== current.phoneNumber ? { phoneVerified: false } : {}),
          role,
          kitaId,
          updatedAt: now,
        })
        .where(eq(users.id, id));
      await audit(tx, ctx.actor, {
        action: 'update',
        entity: 'user',
        entityId: id,
        kitaId: kitaId ?? current.kitaId,
        details: { role: { from: current.role, to: role }, kitaId: { from: current.kitaId, to: kitaId } },
      });
      return (await findStaffUser(tx, id))!;
    }),
  );
}

export async function deleteUser(ctx: RequestContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const user = await loadUserInScope(tx, ctx.actor, id);
    if (id === ctx.actor.userId) throw new AppError(409, 'OWN_ACCOUNT');
    await tx.delete(users).where(eq(users.id, id));
    await audit(tx, ctx.actor, { action: 'delete', entity: 'user', entityId: id, kitaId: user.kitaId, details: { role: user.role } });
  });
}
