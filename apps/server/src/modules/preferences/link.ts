import { and, eq, exists, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ParentEvent, PreferenceType, VerifyTokenResult } from '@kita/shared';
import { eventChildren, events, sessions, tokens, withdrawnLinks } from '../../db/schema.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { sha256 } from '../../lib/crypto.js';
import { clientAttemptKeys, enforceAttempts, refundAttempt, type AttemptPolicy } from '../../lib/rate-limit.js';
import { findEvent, isFinished } from '../events/queries.js';
import { toWireDates } from '../events/wire-dates.js';
import { eventFinished } from './save-answers.js';
import type { RequestContext } from '../../lib/context.js';
import { appLink } from '../../notify/messages.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { storedLanguage } from '../../notify/messages.js';
import { markPushOpenedForEvent } from '../../notify/push.js';

/**
 * Link tokens tried per client: 30 free per 15 minutes, then a doubling pause. A valid
 * link gives its attempt back, so only guesses are counted (a family can open its link often).
 */
export const VERIFY_TOKEN_POLICY: AttemptPolicy = { free: 30, windowMs: 15 * 60_000, baseMs: 1000, maxMs: 15 * 60_000 };

/**
 * The preference link (docs/domain.md "Links and codes"): the raw token from the message is exchanged for a link
 * session scoped to one parent and one event, valid until the event ends. The link itself stays
 * usable until then, so a parent can come back and change the answer; every use of the link
 * continues the same session (one row per parent and event, not one per click).
 */
export async function verifyPreferenceToken(app: FastifyInstance, ip: string, raw: string | undefined): Promise<VerifyTokenResult> {
  if (!raw) throw badRequest('TOKEN_MISSING');
  const limitKeys = clientAttemptKeys('verify-token:ip', ip, VERIFY_TOKEN_POLICY);
  await enforceAttempts(app.db, limitKeys, app.clock.now());
  const [token] = await app.db
    .select({ parentId: tokens.parentId, eventId: tokens.eventId, usedAt: tokens.usedAt })
    .from(tokens)
    .where(and(eq(tokens.tokenHash, sha256(raw)), eq(tokens.kind, 'preference')))
    .limit(1);
  // 400, not 401: the link is bad input, not a bad session (a 401 would end a login in the same browser).
  if (!token) {
    // The link of an inquiry the Kita deleted says so, not "invalid link".
    const [w] = await app.db
      .select({ kitaName: withdrawnLinks.kitaName })
      .from(withdrawnLinks)
      .where(eq(withdrawnLinks.tokenHash, sha256(raw)))
      .limit(1);
    if (w) {
      for (const k of limitKeys) await refundAttempt(app.db, k.key);
      throw new AppError(410, 'EVENT_WITHDRAWN', 'errors.EVENT_WITHDRAWN', { kitaName: w.kitaName });
    }
    throw badRequest('TOKEN_INVALID');
  }
  for (const k of limitKeys) await refundAttempt(app.db, k.key);
  // Replaced by a newer link for this family and inquiry (revokePreferenceLinks).
  if (token.usedAt) throw badRequest('TOKEN_INVALID');
  const e = token.eventId ? await findEvent(app.db, token.eventId) : undefined;
  // A preference token always names its family and inquiry; one without is as good as none.
  const parentId = token.parentId;
  if (!e || !parentId) throw badRequest('TOKEN_INVALID');
  const now = app.clock.now();
  // A closed inquiry's link shows the family its result until the end of care; an
  // inquiry past its deadline but not yet allocated has no result to show yet.
  const showsResult = e.status === 'finished' && now < e.careEndsAt;
  if (!showsResult && (e.status !== 'open' || isFinished(e, now))) throw eventFinished();
  const [existing] = await app.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.kind, 'link'),
        eq(sessions.parentId, parentId),
        eq(sessions.eventId, e.id),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .orderBy(sessions.createdAt)
    .limit(1);
  let sessionId = existing?.id;
  if (!sessionId) {
    const [session] = await app.db
      .insert(sessions)
      .values({ kind: 'link', parentId, eventId: e.id, expiresAt: e.careEndsAt })
      .returning({ id: sessions.id });
    sessionId = session!.id;
  }
  // The family reacted: its push messages of this inquiry need no escalation to SMS/e-mail.
  await markPushOpenedForEvent(app.db, parentId, e.id, now);
  return {
    eventId: e.id,
    parentId,
    token: await app.signSession(sessionId, 'link', e.careEndsAt),
  };
}

/**
 * Who may read a parent's view of an event: the link session of exactly that parent and event, or
 * the logged-in parent themself. Anyone else learns nothing (404).
 */
export function assertParentEventAccess(auth: AuthContext, eventId: string, parentId: string): void {
  const ok =
    (auth.kind === 'link' && auth.eventId === eventId && auth.parentId === parentId) ||
    (auth.kind === 'user' && auth.role === 'Parent' && auth.parentId === parentId);
  // Staff have no parent view (they answer for a family through the event page): 403 like any
  // other route their role may not use. Other families and other links learn nothing (404).
  if (!ok && auth.kind === 'user' && auth.role !== 'Parent') throw forbidden();
  if (!ok) throw notFound('events.notFound', { id: eventId });
}

type ViewRow = {
  event_id: string;
  kita_name: string;
  kita_description: string | null;
  description: string | null;
  event_type: 'immediate' | 'future';
  care_starts_at: Date | string;
  care_ends_at: Date | string;
  answers_close_at: Date | string;
  timezone: string;
  status: 'scheduled' | 'open' | 'finished';
  total_slots: number;
  eligible_count: number;
  parent_name: string;
  parent_language: string;
  children: Array<{
    child_id: string;
    child_name: string;
    group_name: string;
    category_name: 'Kindergarten' | 'Krippe';
    preference_id: string | null;
    preference_type: PreferenceType | null;
    has_slot: boolean | null;
    waitlist_position: number | null;
    released: boolean | null;
  }>;
};

/**
 * `GET auth/{eventId}/parents/{parentId}`: the event as the preference page shows it, in ONE
 * statement (with the session look-up, two per view; bench/parent-view.ts). The threshold comes
 * from the eligible count the fan-out stored on the event; an event opened before that column
 * existed and was not back-filled would fall back to counting.
 */
export async function parentEventView(ctx: RequestContext, eventId: string, parentId: string): Promise<ParentEvent> {
  assertParentEventAccess(ctx.actor, eventId, parentId);
  // One statement: the event, the family and its children as the inquiry's snapshot
  // recorded them; the eligible count is kept on the event row at opening.
  const r = await ctx.db.execute<ViewRow>(sql`
    select e.id as event_id, k.name as kita_name, k.description as kita_description, e.description,
           e.event_type, e.care_starts_at, e.care_ends_at, e.answers_close_at, e.timezone, e.status, e.total_slots,
           par.name as parent_name, par.language as parent_language,
           coalesce(e.eligible_count,
                    (select count(*)::int from event_children ec where ec.event_id = e.id and ec.left_at is null)) as eligible_count,
           coalesce((select json_agg(json_build_object(
                              'child_id', ec.child_id, 'child_name', ec.child_name, 'group_name', ec.group_name, 'category_name', cat.name,
                              'preference_id', pr.id, 'preference_type', coalesce(pr.preference_type, a.preference_type),
                              'has_slot', a.has_slot, 'waitlist_position', a.waitlist_position,
                              'released', a.released_at is not null) order by ec.child_name, ec.child_id)
                       from event_children ec
                       left join preferences pr on pr.event_id = ec.event_id and pr.child_id = ec.child_id
                       left join allocations a on a.event_id = ec.event_id and a.child_id = ec.child_id
                      where ec.event_id = e.id and ec.parent_id = par.id and ec.left_at is null), '[]'::json) as children
      from events e
      join kitas k on k.id = e.kita_id
      join categories cat on cat.id = e.category_id
      join parents par on par.id = ${parentId} and par.kita_id = e.kita_id
     where e.id = ${eventId}`);
  const v = r.rows[0];
  if (!v) throw notFound('events.notFound', { id: eventId });
  const answersCloseAt = new Date(v.answers_close_at);
  const finished = isFinished({ status: v.status, answersCloseAt }, ctx.clock.now());
  // A link works while the event is open, and after the close to show the result;
  // the logged-in parent may still look at it.
  if (ctx.actor.kind === 'link' && finished && v.status !== 'finished') throw eventFinished();

  return {
    event: {
      eventId: v.event_id,
      kitaName: v.kita_name,
      kitaDescription: v.kita_description,
      description: v.description,
      eventType: v.event_type,
      ...toWireDates({ careStartsAt: new Date(v.care_starts_at), careEndsAt: new Date(v.care_ends_at), answersCloseAt }),
      timezone: v.timezone,
      threshold: Math.max(0, Number(v.eligible_count) - v.total_slots),
      isFinished: finished,
      faqUrl: ctx.config.FAQ_URL ?? appLink(ctx.config.publicUrl, '/help'),
    },
    parent: { parentId, name: v.parent_name, language: storedLanguage(v.parent_language) },
    children: v.children.map((c) => ({
      childId: c.child_id,
      childName: c.child_name,
      groupName: c.group_name,
      categoryName: c.category_name,
      preferenceType: c.preference_type,
      preferenceId: c.preference_id,
      result: v.status === 'finished' && c.has_slot !== null ? { hasSlot: c.has_slot, waitlistPosition: c.waitlist_position, released: !!c.released } : null,
    })),
  };
}

/**
 * `GET parents/{parentId}/open-inquiries`: every open inquiry whose snapshot asks this family
 * (answers still accepted), newest deadline last, each as the preference page shows it, so a
 * logged-in parent answers inside the app ("Abfragen & Verlauf"). Only the parent themself.
 */
export async function openEventsOf(ctx: RequestContext, parentId: string): Promise<ParentEvent[]> {
  const auth = ctx.actor;
  if (!(auth.kind === 'user' && auth.role === 'Parent' && auth.parentId === parentId)) throw notFound('parents.notFound', { id: parentId });
  const now = ctx.clock.now();
  const asked = ctx.db
    .select({ one: sql`1` })
    .from(eventChildren)
    .where(and(eq(eventChildren.eventId, events.id), eq(eventChildren.parentId, parentId), isNull(eventChildren.leftAt)));
  const open = await ctx.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.status, 'open'), gt(events.answersCloseAt, now), exists(asked)))
    .orderBy(events.answersCloseAt, events.id);
  const views: ParentEvent[] = [];
  for (const { id } of open) views.push(await parentEventView(ctx, id, parentId));
  return views;
}
