import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ParentEvent, PreferenceType, VerifyTokenResult } from '@kita/shared';
import { sessions } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { sha256 } from '../../lib/crypto.js';
import { authOf } from '../../plugins/auth.js';
import { countEligible, findEvent, isFinished, toIso } from '../events/queries.js';
import { eventFinished } from './service.js';

/**
 * The preference link (domain.md "Tokens"): the raw token from the message is exchanged for a link
 * session scoped to one parent and one event, valid until the event ends. The link itself stays
 * usable until then, so a parent can come back and change the answer.
 */
export async function verifyPreferenceToken(app: FastifyInstance, raw: string | undefined): Promise<VerifyTokenResult> {
  if (!raw) throw badRequest('TOKEN_MISSING');
  const r = await app.db.execute<{ parent_id: string; event_id: string; expires_at: Date | string }>(sql`
    select t.parent_id, t.event_id, t.expires_at
      from tokens t
     where t.token_hash = ${sha256(raw)} and t.kind = 'preference'
     limit 1`);
  const token = r.rows[0];
  // 400, not 401: the link is bad input, not a bad session (a 401 would end a login in the same browser).
  if (!token) throw badRequest('TOKEN_INVALID');
  const e = await findEvent(app.db, token.event_id);
  if (!e) throw badRequest('TOKEN_INVALID');
  const now = app.clock.now();
  if (e.status !== 'open' || isFinished(e, now)) throw eventFinished();
  const [session] = await app.db
    .insert(sessions)
    .values({ kind: 'link', parentId: token.parent_id, eventId: e.id, expiresAt: e.expireDate })
    .returning({ id: sessions.id });
  return {
    eventId: e.id,
    parentId: token.parent_id,
    token: await app.signSession(session!.id, 'link', e.expireDate),
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

  // The family's children in the inquiry's snapshot (domain.md), as they were asked.
  const result = await app.db.execute<ChildRow>(sql`
    select ec.child_id, ec.child_name, ec.group_name, ${e.category}::text as category_name,
           pr.id as preference_id, pr.preference_type
      from event_children ec
      left join preferences pr on pr.event_id = ec.event_id and pr.child_id = ec.child_id
     where ec.event_id = ${e.id} and ec.parent_id = ${parentId} and ec.left_at is null
     order by ec.child_name, ec.child_id`);
  const threshold = Math.max(0, (await countEligible(app.db, e.id)) - e.totalSlots);

  return {
    event: {
      eventId: e.id,
      kitaName: e.kitaName,
      kitaDescription: e.kitaDescription,
      description: e.description,
      eventType: e.eventType,
      eventDate: toIso(e.eventDate),
      expireDate: toIso(e.expireDate),
      responseDeadline: toIso(e.responseDeadline),
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

/**
 * `GET parents/{parentId}/open-inquiries`: every open inquiry whose snapshot asks this family
 * (answers still accepted), newest deadline last, each as the preference page shows it, so a
 * logged-in parent answers inside the app ("Abfragen & Verlauf"). Only the parent themself.
 */
export async function openInquiriesOf(app: FastifyInstance, req: FastifyRequest, parentId: string): Promise<ParentEvent[]> {
  const auth = authOf(req);
  if (!(auth.kind === 'user' && auth.role === 'Parent' && auth.parentId === parentId)) throw notFound('parents.notFound', { id: parentId });
  const now = app.clock.now();
  const r = await app.db.execute<{ id: string }>(sql`
    select e.id
      from events e
     where e.status = 'open' and e.response_deadline > ${now.toISOString()}::timestamptz
       and exists (select 1 from event_children ec where ec.event_id = e.id and ec.parent_id = ${parentId} and ec.left_at is null)
     order by e.response_deadline, e.id`);
  const views: ParentEvent[] = [];
  for (const { id } of r.rows) views.push(await parentEventView(app, req, id, parentId));
  return views;
}
