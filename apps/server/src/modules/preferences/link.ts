import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ParentEvent, PreferenceType, VerifyTokenResult } from '@kita/shared';
import { sessions } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { sha256 } from '../../lib/crypto.js';
import { enforceAttempt, refundAttempt, type AttemptPolicy } from '../../lib/rate-limit.js';
import { authOf } from '../../plugins/auth.js';
import { eligibleWhere, findEvent, isFinished, toIso } from '../events/queries.js';
import { eventFinished } from './service.js';

/**
 * Link tokens tried per client (issue 9): 30 free per 15 minutes, then a doubling pause. A valid
 * link gives its attempt back, so only guesses are counted (a family can open its link often).
 */
export const VERIFY_TOKEN_POLICY: AttemptPolicy = { free: 30, windowMs: 15 * 60_000, baseMs: 1000, maxMs: 15 * 60_000 };

/**
 * The preference link (domain.md "Tokens"): the raw token from the message is exchanged for a link
 * session scoped to one parent and one event, valid until the event ends. The link itself stays
 * usable until then, so a parent can come back and change the answer; every use of the link
 * continues the same session (one row per parent and event, not one per click).
 */
export async function verifyPreferenceToken(app: FastifyInstance, ip: string, raw: string | undefined): Promise<VerifyTokenResult> {
  if (!raw) throw badRequest('TOKEN_MISSING');
  const limitKey = `verify-token:ip:${ip}`;
  await enforceAttempt(app.db, limitKey, VERIFY_TOKEN_POLICY, app.clock.now());
  const r = await app.db.execute<{ parent_id: string; event_id: string; expires_at: Date | string }>(sql`
    select t.parent_id, t.event_id, t.expires_at
      from tokens t
     where t.token_hash = ${sha256(raw)} and t.kind = 'preference'
     limit 1`);
  const token = r.rows[0];
  // 400, not 401: the link is bad input, not a bad session (a 401 would end a login in the same browser).
  if (!token) throw badRequest('TOKEN_INVALID');
  await refundAttempt(app.db, limitKey);
  const e = await findEvent(app.db, token.event_id);
  if (!e) throw badRequest('TOKEN_INVALID');
  const now = app.clock.now();
  if (e.status !== 'open' || isFinished(e, now)) throw eventFinished();
  const existing = await app.db.execute<{ id: string }>(sql`
    select id from sessions
     where kind = 'link' and parent_id = ${token.parent_id} and event_id = ${e.id}
       and revoked_at is null and expires_at > ${now.toISOString()}
     order by created_at limit 1`);
  let sessionId = existing.rows[0]?.id;
  if (!sessionId) {
    const [session] = await app.db
      .insert(sessions)
      .values({ kind: 'link', parentId: token.parent_id, eventId: e.id, expiresAt: e.expireDate })
      .returning({ id: sessions.id });
    sessionId = session!.id;
  }
  return {
    eventId: e.id,
    parentId: token.parent_id,
    token: await app.signSession(sessionId, 'link', e.expireDate),
  };
}

/**
 * Who may read a parent's view of an event: the link session of exactly that parent and event, or
 * the logged-in parent themself. Anyone else learns nothing (404).
 */
export function assertParentEventAccess(req: FastifyRequest, eventId: string, parentId: string): void {
  const auth = authOf(req);
  const ok =
    (auth.kind === 'link' && auth.eventId === eventId && auth.parentId === parentId) ||
    (auth.kind === 'user' && auth.role === 'Parent' && auth.parentId === parentId);
  // Staff have no parent view (they answer for a family through the event page): 403 like any
  // other route their role may not use. Other families and other links learn nothing (404).
  if (!ok && auth.kind === 'user' && auth.role !== 'Parent') throw forbidden();
  if (!ok) throw notFound('errors.EVENT_NOT_FOUND', { id: eventId });
}

type ChildRow = {
  child_id: string;
  child_name: string;
  group_name: string;
  category_name: 'Kindergarten' | 'Krippe';
  preference_id: string | null;
  preference_type: PreferenceType | null;
}

/** `GET auth/{eventId}/parents/{parentId}`: the event as the preference page shows it. */
export async function parentEventView(app: FastifyInstance, req: FastifyRequest, eventId: string, parentId: string): Promise<ParentEvent> {
  assertParentEventAccess(req, eventId, parentId);
  const e = await findEvent(app.db, eventId);
  const parent = await app.db.execute<{ kita_id: string; name: string; language: string }>(
    sql`select kita_id, name, language from parents where id = ${parentId}`,
  );
  const p = parent.rows[0];
  if (!e || !p || p.kita_id !== e.kitaId) throw notFound('errors.EVENT_NOT_FOUND', { id: eventId });
  const now = app.clock.now();
  const finished = isFinished(e, now);
  // A link works only while the event is open; the logged-in parent may still look at it.
  if (authOf(req).kind === 'link' && finished) throw eventFinished();

  const result = await app.db.execute<ChildRow & { eligible_total: number }>(sql`
    select c.id as child_id, c.name as child_name, g.name as group_name, cat.name as category_name,
           pr.id as preference_id, pr.preference_type
      from children c
      join groups g on g.id = c.group_id
      join categories cat on cat.id = g.category_id
      join parents p on p.id = c.parent_id
      left join preferences pr on pr.event_id = ${e.id} and pr.child_id = c.id
     where c.parent_id = ${parentId} and ${eligibleWhere(sql`${e.categoryId}::uuid`)}
     order by c.name, c.id`);
  const eligible = await app.db.execute<{ n: number }>(sql`
    select count(*)::int as n
      from children c join groups g on g.id = c.group_id join parents p on p.id = c.parent_id
     where ${eligibleWhere(sql`${e.categoryId}::uuid`)}`);
  const threshold = Math.max(0, Number(eligible.rows[0]?.n ?? 0) - e.totalSlots);

  return {
    event: {
      eventId: e.id,
      kitaName: e.kitaName,
      kitaDescription: e.kitaDescription,
      description: e.description,
      eventType: e.eventType,
      eventDate: toIso(e.eventDate),
      expireDate: toIso(e.expireDate),
      timezone: e.timezone,
      threshold,
      isFinished: finished,
      faqUrl: app.config.FAQ_URL,
    },
    parent: { parentId, name: p.name, language: p.language === 'en' ? 'en' : 'de' },
    children: result.rows.map((c) => ({
      childId: c.child_id,
      childName: c.child_name,
      groupName: c.group_name,
      categoryName: c.category_name,
      preferenceType: c.preference_type,
      preferenceId: c.preference_id,
    })),
  };
}
