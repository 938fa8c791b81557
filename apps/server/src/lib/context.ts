import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '@kita/shared';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { authOf, type AuthContext } from './auth-context.js';
import type { Clock } from './clock.js';
import { requestLanguage } from './language.js';

/**
 * What a service gets instead of `(app, req)`: the app's database, clock, configuration and
 * outbox, and who is calling. Routes build it once per request with `contextOf(app, req)`;
 * tests and jobs can build one from plain values.
 */
export interface RequestContext<A extends AuthContext | null = AuthContext> {
  db: Db;
  clock: Clock;
  config: Config;
  /** `kick()` after a commit that enqueued messages, for prompt delivery. */
  outbox: { kick(): void };
  actor: A;
  /** The language of the answer (lib/language.ts). */
  language: Language;
  /** The client address (rate limits of public routes). */
  ip: string;
}

/** The app's part of a context: what jobs and services without a caller need. */
export type Services = Pick<RequestContext, 'db' | 'clock' | 'config' | 'outbox'>;

/** A public route's context: the caller may or may not be logged in. */
export type PublicContext = RequestContext<AuthContext | null>;

/** The context of a route behind requireRole/requireSession (401 without a session). */
export function contextOf(app: FastifyInstance, req: FastifyRequest): RequestContext {
  return { ...publicContextOf(app, req), actor: authOf(req) };
}

export function publicContextOf(app: FastifyInstance, req: FastifyRequest): PublicContext {
  return { db: app.db, clock: app.clock, config: app.config, outbox: app.outbox, actor: req.auth, language: requestLanguage(req), ip: req.ip };
}
