import { and, eq, sql } from 'drizzle-orm';
import type { ChildHistory } from '@kita/shared';
import { allocations, categories, children, events, groups, kitas, preferences } from '../../db/schema.js';
import { toWireDates } from '../events/wire-dates.js';
import { loadParentInScope } from '../parents/service.js';
import type { RequestContext } from '../../lib/context.js';
import { calendarLinkOf } from './calendar.js';

/**
 * `GET parents/{id}/children/preferences`: one entry per child
 * of the parent with every answer, newest expireDate first, the slot once allocated and whether
 * the release button applies (the same rules the release route enforces).
 */
export async function parentHistory(ctx: RequestContext, parentId: string): Promise<ChildHistory[]> {
  await loadParentInScope(ctx.db, ctx.actor, parentId);
  const rows = await ctx.db
    .select({
      childId: children.id,
      childName: children.name,
      categoryName: categories.name,
      kitaName: kitas.name,
      timezone: kitas.timezone,
      answer: { preferenceId: preferences.id, preferenceType: preferences.preferenceType },
      event: {
        id: events.id,
        careStartsAt: events.careStartsAt,
        careEndsAt: events.careEndsAt,
        answersCloseAt: events.answersCloseAt,
        timezone: events.timezone,
        eventType: events.eventType,
        status: events.status,
      },
      allocation: { id: allocations.id, hasSlot: allocations.hasSlot, releasedAt: allocations.releasedAt },
    })
    .from(children)
    .innerJoin(groups, eq(groups.id, children.groupId))
    .innerJoin(categories, eq(categories.id, groups.categoryId))
    .innerJoin(kitas, eq(kitas.id, categories.kitaId))
    .leftJoin(preferences, eq(preferences.childId, children.id))
    .leftJoin(events, eq(events.id, preferences.eventId))
    .leftJoin(allocations, and(eq(allocations.eventId, preferences.eventId), eq(allocations.childId, children.id)))
    .where(eq(children.parentId, parentId))
    .orderBy(children.name, children.id, sql`${events.careEndsAt} desc nulls last`, events.id);
  const now = ctx.clock.now().getTime();
  const byChild = new Map<string, ChildHistory>();
  for (const row of rows) {
    let child = byChild.get(row.childId);
    if (!child) {
      child = { childId: row.childId, childName: row.childName, categoryName: row.categoryName, kitaName: row.kitaName, timezone: row.timezone, preferences: [] };
      byChild.set(row.childId, child);
    }
    const { answer, event: e, allocation: a } = row;
    if (!answer || !e) continue;
    const finished = e.status === 'finished';
    const hasSlot = a ? (a.hasSlot ? 'JA' : 'NEIN') : null;
    child.preferences.push({
      preferenceId: answer.preferenceId,
      childId: row.childId,
      eventId: e.id,
      ...toWireDates({ careStartsAt: e.careStartsAt, careEndsAt: e.careEndsAt, answersCloseAt: e.answersCloseAt }),
      timezone: e.timezone,
      eventType: e.eventType,
      preferenceType: answer.preferenceType,
      hasSlot,
      released: !!a?.releasedAt,
      isFinished: finished || e.answersCloseAt.getTime() <= now,
      canRelease: finished && e.eventType === 'future' && hasSlot === 'JA' && e.careEndsAt.getTime() > now,
      calendarLink: finished && hasSlot === 'JA' && e.careEndsAt.getTime() > now ? calendarLinkOf(ctx.config, e.id, parentId) : null,
    });
  }
  return [...byChild.values()];
}
