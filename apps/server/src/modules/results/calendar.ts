import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { Language } from '@kita/shared';
import { allocations, eventChildren, events, kitas, parents } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { clientAttemptKeys, enforceAttempts, refundAttempt, type AttemptPolicy } from '../../lib/rate-limit.js';
import type { PublicContext, RequestContext } from '../../lib/context.js';
import { calendarPath, eventIdOfKey, familyOfKey } from '../../notify/calendar-link.js';
import { appLink, storedLanguage } from '../../notify/messages.js';
import { loadParentInScope } from '../parents/service.js';
import { renderCalendar } from './ics.js';

/**
 * The family's calendar file of one inquiry (docs/domain.md "The place in the calendar"): through
 * the calendar link of the result message (`GET /api/c/:key`, no login) or the parent's own
 * session (`GET /parents/:parentId/calendar/:eventId`). Only the family's own children with a
 * place, or with a place given back (then cancelled), are in it; a family without either, an
 * inquiry that is not finished, a wrong key or an expired link all answer the same 404.
 */

/** How long after the end of care the link still answers (a calendar that refreshes late still sees the last version). */
export const CALENDAR_LINK_GRACE_DAYS = 14;
const DAY = 86_400_000;

/** Keys tried per client: like the inquiry link, 30 free per 15 minutes, then a doubling pause; a valid key gives its attempt back. */
export const CALENDAR_KEY_POLICY: AttemptPolicy = { free: 30, windowMs: 15 * 60_000, baseMs: 1000, maxMs: 15 * 60_000 };

export const CALENDAR_FILE_NAME = 'notbetreuung.ics';

const calendarNotFound = () => notFound('errors.NOT_FOUND');

interface Config {
  publicUrl: string;
  jwtSecret: Uint8Array;
  jwtSecretPrevious?: Uint8Array | null;
}

async function finishedEvent(db: DbOrTx, eventId: string) {
  const [e] = await db
    .select({
      id: events.id,
      status: events.status,
      careStartsAt: events.careStartsAt,
      careEndsAt: events.careEndsAt,
      timezone: events.timezone,
      kitaName: kitas.name,
      kitaLocation: kitas.location,
    })
    .from(events)
    .innerJoin(kitas, eq(kitas.id, events.kitaId))
    .where(eq(events.id, eventId));
  return e && e.status === 'finished' ? e : null;
}

/** The family's children of the inquiry with a place now or given back, from the allocation and the snapshot's names. */
async function placesOf(db: DbOrTx, eventId: string, parentId: string) {
  return db
    .select({ childId: allocations.childId, childName: eventChildren.childName, hasSlot: allocations.hasSlot, releasedAt: allocations.releasedAt })
    .from(allocations)
    .innerJoin(eventChildren, and(eq(eventChildren.eventId, allocations.eventId), eq(eventChildren.childId, allocations.childId)))
    .where(and(eq(allocations.eventId, eventId), eq(allocations.parentId, parentId), or(eq(allocations.hasSlot, true), isNotNull(allocations.releasedAt))))
    .orderBy(eventChildren.childName, allocations.childId);
}

async function render(db: DbOrTx, config: Config, now: Date, eventId: string, parentId: string, language: Language): Promise<string> {
  const e = await finishedEvent(db, eventId);
  if (!e) throw calendarNotFound();
  const rows = await placesOf(db, eventId, parentId);
  if (rows.length === 0) throw calendarNotFound();
  return renderCalendar({
    eventId: e.id,
    kitaName: e.kitaName,
    kitaLocation: e.kitaLocation,
    timezone: e.timezone,
    careStartsAt: e.careStartsAt,
    careEndsAt: e.careEndsAt,
    places: rows.map((r) => ({ childId: r.childId, childName: r.childName, released: !r.hasSlot && r.releasedAt !== null })),
    language,
    uidHost: new URL(config.publicUrl).hostname,
    now,
    pageUrl: appLink(config.publicUrl, `/parents/${parentId}/history`),
  });
}

/** `GET /api/c/:key`: the calendar of the family the key names, in the family's language, until the grace days after care. */
export async function calendarByKey(ctx: PublicContext, key: string): Promise<string> {
  const now = ctx.clock.now();
  const limitKeys = clientAttemptKeys('calendar-key:ip', ctx.ip, CALENDAR_KEY_POLICY);
  await enforceAttempts(ctx.db, limitKeys, now);
  const eventId = eventIdOfKey(key);
  const e = eventId ? await finishedEvent(ctx.db, eventId) : null;
  if (!eventId || !e || e.careEndsAt.getTime() + CALENDAR_LINK_GRACE_DAYS * DAY <= now.getTime()) throw calendarNotFound();
  // The inquiry's families that ever had a place: the key is compared with each (no table, no oracle).
  const families = await ctx.db
    .selectDistinct({ parentId: allocations.parentId, language: parents.language })
    .from(allocations)
    .innerJoin(parents, eq(parents.id, allocations.parentId))
    .where(and(eq(allocations.eventId, eventId), or(eq(allocations.hasSlot, true), isNotNull(allocations.releasedAt))));
  const parentId = familyOfKey(
    key,
    eventId,
    families.map((f) => f.parentId),
    ctx.config,
  );
  if (!parentId) throw calendarNotFound();
  for (const k of limitKeys) await refundAttempt(ctx.db, k.key);
  const language = storedLanguage(families.find((f) => f.parentId === parentId)!.language);
  return render(ctx.db, ctx.config, now, eventId, parentId, language);
}

/** `GET /parents/:parentId/calendar/:eventId`: the parent's own calendar (staff within the Kita), in the caller's language. */
export async function calendarOfParent(ctx: RequestContext, parentId: string, eventId: string): Promise<string> {
  await loadParentInScope(ctx.db, ctx.actor, parentId);
  return render(ctx.db, ctx.config, ctx.clock.now(), eventId, parentId, ctx.language);
}

/** The history's "add to calendar" address of a family's place (relative, served by this app). */
export function calendarLinkOf(config: Config, eventId: string, parentId: string): string {
  return calendarPath(config.jwtSecret, eventId, parentId);
}
