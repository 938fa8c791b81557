import type { FastifyRequest } from 'fastify';
import type { Language, Role } from '@kita/shared';
import { AppError } from './errors.js';

/** Who is calling: a logged-in user, or a preference-link holder scoped to one parent and event. */
export interface AuthContext {
  sessionId: string;
  kind: 'user' | 'link';
  userId: string | null;
  role: Role | 'Link';
  kitaId: string | null;
  parentId: string | null;
  eventId: string | null;
  language: Language;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin (plugins/auth.ts) from the bearer token; null without a session. */
    auth: AuthContext | null;
  }
}

/** Narrowing helper for handlers behind requireRole/requireSession. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError(401, 'UNAUTHENTICATED');
  return req.auth;
}
