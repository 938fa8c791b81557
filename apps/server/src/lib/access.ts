import type { AuthContext } from './auth-context.js';
import { notFound } from './errors.js';

/**
 * Who reaches which Kita (docs/domain.md "Roles and scope"), the one scope vocabulary of the server.
 * An Admin reaches every Kita, a KitaManager only their own, and a manager without a Kita (or any
 * other caller) none: that is its own value, never a null that could be read as "all". Anything
 * outside the caller's scope answers 404 as if it did not exist.
 */
export type KitaScope = { kind: 'all' } | { kind: 'kita'; kitaId: string } | { kind: 'none' };

export function kitaScopeOf(actor: AuthContext): KitaScope {
  if (actor.role === 'Admin') return { kind: 'all' };
  if (actor.role === 'KitaManager' && actor.kitaId) return { kind: 'kita', kitaId: actor.kitaId };
  return { kind: 'none' };
}

/** True when the caller reaches this Kita. */
export function reachesKita(actor: AuthContext, kitaId: string | null | undefined): boolean {
  const scope = kitaScopeOf(actor);
  return scope.kind === 'all' || (scope.kind === 'kita' && scope.kitaId === kitaId);
}

/** Throws the resource's own not-found error (the generic one by default) outside the caller's scope. */
export function assertKitaScope(
  actor: AuthContext,
  kitaId: string | null | undefined,
  notFoundError: () => Error = () => notFound('errors.NOT_FOUND', { id: kitaId ?? '' }),
): void {
  if (!reachesKita(actor, kitaId)) throw notFoundError();
}

/** A parent reaches only their own parent record; staff go through the Kita scope. */
export function assertParentScope(actor: AuthContext, parentId: string, parentKitaId: string): void {
  if (actor.role === 'Parent') {
    if (actor.parentId !== parentId) throw notFound('errors.NOT_FOUND');
    return;
  }
  assertKitaScope(actor, parentKitaId);
}

/**
 * The scope of a list route that may name one Kita (`?kitaId=`): outside the caller's scope 404;
 * an Admin's named Kita narrows "all" to that Kita, a manager always lists their own.
 */
export function listScope(actor: AuthContext, requestedKitaId?: string): KitaScope {
  if (requestedKitaId) assertKitaScope(actor, requestedKitaId);
  const scope = kitaScopeOf(actor);
  return scope.kind === 'all' && requestedKitaId ? { kind: 'kita', kitaId: requestedKitaId } : scope;
}

/** Lists within a scope: nothing for `none` (no query), one Kita's rows, or all (`kitaId` undefined). */
export async function listIn<T>(scope: KitaScope, load: (kitaId: string | undefined) => Promise<T[]>): Promise<T[]> {
  if (scope.kind === 'none') return [];
  return load(scope.kind === 'kita' ? scope.kitaId : undefined);
}
