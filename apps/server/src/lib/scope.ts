import type { FastifyRequest } from 'fastify';
import { authOf } from './auth-context.js';
import { notFound } from './errors.js';

/**
 * Kita scope (domain.md "Who may do what"): an Admin reaches every Kita, a KitaManager only
 * their own. Anything outside the caller's scope answers 404 as if it did not exist.
 */
export function assertKitaScope(req: FastifyRequest, kitaId: string | null | undefined, key = 'errors.NOT_FOUND'): void {
  const auth = authOf(req);
  if (auth.role === 'Admin') return;
  if (!kitaId || auth.kitaId !== kitaId) throw notFound(key, { id: kitaId ?? '' });
}

/** The Kita a manager is bound to; null for an Admin (all Kitas). */
export function managerKita(req: FastifyRequest): string | null {
  const auth = authOf(req);
  return auth.role === 'Admin' ? null : auth.kitaId;
}

/** A parent may reach only their own parent record; staff go through the Kita scope. */
export function assertParentScope(req: FastifyRequest, parentId: string, parentKitaId: string): void {
  const auth = authOf(req);
  if (auth.role === 'Parent') {
    if (auth.parentId !== parentId) throw notFound('errors.NOT_FOUND');
    return;
  }
  assertKitaScope(req, parentKitaId);
}
