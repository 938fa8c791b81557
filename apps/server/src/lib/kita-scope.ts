import type { FastifyRequest } from 'fastify';
import { authOf } from './auth-context.js';

/**
 * True when a staff caller may reach a Kita: an Admin always, a manager only their own. A
 * manager without a Kita reaches none (managerKita() would return null for them, like for an Admin).
 */
export function reachesKita(req: FastifyRequest, kitaId: string): boolean {
  const auth = authOf(req);
  if (auth.role === 'Admin') return true;
  return auth.role === 'KitaManager' && auth.kitaId !== null && auth.kitaId === kitaId;
}

/** Throws the resource's own not-found error when it lies outside the caller's Kita scope. */
export function assertReachable(req: FastifyRequest, kitaId: string, notFoundError: () => Error): void {
  if (!reachesKita(req, kitaId)) throw notFoundError();
}

/** The caller's Kita filter for list routes: null for an Admin (all Kitas). */
export function scopeFilter(req: FastifyRequest): { all: true } | { all: false; kitaId: string | null } {
  const auth = authOf(req);
  return auth.role === 'Admin' ? { all: true } : { all: false, kitaId: auth.role === 'KitaManager' ? auth.kitaId : null };
}
