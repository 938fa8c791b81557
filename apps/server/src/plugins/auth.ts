import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT } from 'jose';
import type { Role } from '@kita/shared';
import { sessions, users } from '../db/schema.js';
import { authOf, type AuthContext } from '../lib/auth-context.js';
import type { RequestContext } from '../lib/context.js';
import { forbidden, unauthenticated } from '../lib/errors.js';
import { verifyHs256 } from '../lib/jwt.js';
import { markAuthGuard } from './route-guard.js';
import { toLanguage } from '../lib/language.js';

// The request's caller lives in lib (the scope helpers read it); re-exported for the routes.
export { authOf, type AuthContext };

export const SESSION_HOURS = 12;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a valid login session with one of these roles (403 otherwise; 401 without session). */
    requireRole(...roles: Role[]): (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: a valid login session of any role, or (when `link` is true) a link session. */
    requireSession(opts?: { link?: boolean }): (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Issues a JWT for a session row. */
    signSession(sessionId: string, kind: 'user' | 'link', expiresAt: Date): Promise<string>;
  }
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  const { config, db, clock } = app;
  app.decorateRequest('auth', null);

  app.decorate('signSession', (sessionId: string, kind: 'user' | 'link', expiresAt: Date) => signSessionToken(config.jwtSecret, sessionId, kind, expiresAt));

  // The session look-up of every authenticated request, built once and prepared (a named statement
  // per database connection): no query building per request, and PostgreSQL parses and plans it
  // once per connection instead of once per request (bench/answer-path.ts measures the gain).
  const sessionLookup = db
    .select({
      id: sessions.id,
      kind: sessions.kind,
      parentId: sessions.parentId,
      eventId: sessions.eventId,
      userId: users.id,
      role: users.role,
      kitaId: users.kitaId,
      userParentId: users.parentId,
      language: users.language,
      isActive: users.isActive,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('auth_session_lookup');

  async function resolve(req: FastifyRequest): Promise<AuthContext | null> {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    // Signature, algorithm and expiry (lib/jwt.ts) and the session row below, both on the app's clock.
    const now = clock.now();
    // JWT_SECRET_PREVIOUS (a rotation in progress): sessions signed before it stay valid.
    const token = header.slice(7);
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const verified =
      verifyHs256(token, config.jwtSecret, nowSeconds) ?? (config.jwtSecretPrevious ? verifyHs256(token, config.jwtSecretPrevious, nowSeconds) : null);
    if (!verified) return null;
    const [row] = await sessionLookup.execute({ id: verified.sub, now });
    if (!row) return null;
    if (row.kind === 'link') {
      return {
        sessionId: row.id, kind: 'link', userId: null, role: 'Link', kitaId: null,
        parentId: row.parentId, eventId: row.eventId, language: 'de',
      };
    }
    if (!row.userId || !row.isActive) return null;
    return {
      sessionId: row.id,
      kind: 'user',
      userId: row.userId,
      role: row.role as Role,
      kitaId: row.kitaId,
      parentId: row.userParentId,
      eventId: null,
      language: toLanguage(row.language),
    };
  }

  // Resolve once per request; routes decide whether they need it.
  app.addHook('preHandler', async (req) => {
    if (req.auth === null && req.headers.authorization) req.auth = await resolve(req);
  });

  app.decorate('requireSession', (opts: { link?: boolean } = {}) =>
    markAuthGuard(async (req: FastifyRequest) => {
      if (!req.auth) throw unauthenticated();
      if (req.auth.kind === 'link' && !opts.link) throw forbidden();
    }),
  );

  app.decorate('requireRole', (...roles: Role[]) =>
    markAuthGuard(async (req: FastifyRequest) => {
      if (!req.auth) throw unauthenticated();
      if (req.auth.kind !== 'user' || !roles.includes(req.auth.role as Role)) throw forbidden();
    }),
  );
});

/** The JWT of a session row (HS256, the session id as subject). */
export function signSessionToken(secret: Uint8Array, sessionId: string, kind: 'user' | 'link', expiresAt: Date): Promise<string> {
  return new SignJWT({ kind })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sessionId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

/** Creates a login session row and its JWT. */
export async function createUserSession(deps: Pick<RequestContext, 'db' | 'clock' | 'config'>, userId: string): Promise<string> {
  const expiresAt = new Date(deps.clock.now().getTime() + SESSION_HOURS * 3600_000);
  const [row] = await deps.db.insert(sessions).values({ userId, kind: 'user', expiresAt }).returning({ id: sessions.id });
  return signSessionToken(deps.config.jwtSecret, row!.id, 'user', expiresAt);
}
