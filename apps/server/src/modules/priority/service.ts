import { sql } from 'drizzle-orm';
import {
  PRIORITY_ENDING_SOON_DAYS,
  PRIORITY_VALID_DAYS_MAX,
  zonedDay,
  type PriorityConfirmation,
  type PriorityConfirmInput,
  type PriorityGroup,
  type PriorityGroupsInput,
  priorityGroupsInputSchema,
} from '@kita/shared';
import type { DbOrTx, Tx } from '../../db/client.js';
import { priorityConfirmations, priorityGroups } from '../../db/schema.js';
import { assertKitaScope } from '../../lib/access.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/context.js';
import { loadParentInScope } from '../parents/service.js';

/**
 * Verified priority (docs/fairness.md "Confirmed priority"): the Kita's ordered groups and the
 * families it has confirmed. Discretion is decided here, not in the routes: the group and the note
 * leave the server only for the Kita's managers and Admins; the family sees that it is confirmed
 * and until when; nobody else sees anything (another family's record answers 404).
 */

const kitaNotFound = (kitaId: string) => notFound('kitas.notFound', { id: kitaId });

async function kitaTimeZone(db: DbOrTx, kitaId: string): Promise<string | null> {
  const r = await db.execute<{ timezone: string }>(sql`select timezone from kitas where id = ${kitaId}`);
  return r.rows[0]?.timezone ?? null;
}

/** The day `days` after the yyyy-mm-dd `day` (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return '';
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function listPriorityGroups(ctx: RequestContext, kitaId: string): Promise<PriorityGroup[]> {
  assertKitaScope(ctx.actor, kitaId, () => kitaNotFound(kitaId));
  const tz = await kitaTimeZone(ctx.db, kitaId);
  if (!tz) throw kitaNotFound(kitaId);
  return loadGroups(ctx.db, kitaId, zonedDay(ctx.clock.now(), tz));
}

async function loadGroups(db: DbOrTx, kitaId: string, today: string): Promise<PriorityGroup[]> {
  const r = await db.execute<{ id: string; position: number; name: string; description: string; confirmations: number }>(sql`
    select g.id, g.position, g.name, g.description,
           (select count(*) from priority_confirmations c
             where c.group_id = g.id and c.ended_at is null and c.valid_until >= ${today}::date)::int as confirmations
      from priority_groups g
     where g.kita_id = ${kitaId}
     order by g.position`);
  return r.rows.map((g) => ({ groupId: g.id, position: Number(g.position), name: g.name, description: g.description, confirmations: Number(g.confirmations) }));
}

/**
 * Replaces the Kita's list (order = order of service). Groups keep their id when named; a group
 * left out is removed, which is refused while a confirmation not yet ended points at it (the
 * family would silently lose its priority). Audited with the old and the new list.
 */
export async function replacePriorityGroups(ctx: RequestContext, kitaId: string, body: PriorityGroupsInput): Promise<PriorityGroup[]> {
  assertKitaScope(ctx.actor, kitaId, () => kitaNotFound(kitaId));
  const input = priorityGroupsInputSchema.parse(body);
  return ctx.db.transaction(async (tx) => {
    // The Kita row serialises two managers saving at once.
    const k = await tx.execute<{ timezone: string }>(sql`select timezone from kitas where id = ${kitaId} for update`);
    const tz = k.rows[0]?.timezone;
    if (!tz) throw kitaNotFound(kitaId);
    const today = zonedDay(ctx.clock.now(), tz);
    const before = await loadGroups(tx, kitaId, today);
    const known = new Map(before.map((g) => [g.groupId, g]));
    for (const g of input.groups) {
      if (g.groupId && !known.has(g.groupId)) throw new AppError(400, 'PRIORITY_GROUP_NOT_IN_KITA');
    }
    const kept = new Set(input.groups.flatMap((g) => (g.groupId ? [g.groupId] : [])));
    const removed = before.filter((g) => !kept.has(g.groupId));
    for (const g of removed) {
      const r = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from priority_confirmations where group_id = ${g.groupId} and ended_at is null`,
      );
      if (Number(r.rows[0]?.n ?? 0) > 0) throw new AppError(409, 'PRIORITY_GROUP_IN_USE', undefined, { name: g.name });
    }
    const now = ctx.clock.now();
    if (removed.length > 0) {
      // Ended confirmations of a removed group go with it: they no longer count for anything.
      const ids = sql.join(removed.map((g) => sql`${g.groupId}`), sql`, `);
      await tx.execute(sql`delete from priority_confirmations where group_id in (${ids})`);
      await tx.execute(sql`delete from priority_groups where id in (${ids})`);
    }
    // Positions are unique per Kita: move the kept rows out of the way first, then write the order.
    await tx.execute(sql`update priority_groups set position = position + 1000 where kita_id = ${kitaId}`);
    for (const [i, g] of input.groups.entries()) {
      if (g.groupId) {
        await tx.execute(sql`
          update priority_groups set position = ${i + 1}, name = ${g.name}, description = ${g.description}, updated_at = ${now.toISOString()}::timestamptz
           where id = ${g.groupId}`);
      } else {
        await tx.insert(priorityGroups).values({ kitaId, position: i + 1, name: g.name, description: g.description, createdAt: now, updatedAt: now });
      }
    }
    const after = await loadGroups(tx, kitaId, today);
    await audit(tx, ctx.actor, {
      action: 'update',
      entity: 'priority_groups',
      entityId: kitaId,
      kitaId,
      details: {
        before: before.map((g) => ({ groupId: g.groupId, name: g.name })),
        after: after.map((g) => ({ groupId: g.groupId, name: g.name })),
      },
    });
    return after;
  });
}

type ConfirmationRow = {
  id: string;
  parent_id: string;
  parent_name: string;
  child_id: string | null;
  child_name: string | null;
  valid_until: string;
  group_id: string;
  group_name: string;
  group_position: number;
  note: string | null;
  created_at: Date | string;
  today: string;
};

const CONFIRMATION_COLUMNS = sql`
  c.id, c.parent_id, p.name as parent_name, c.child_id, ch.name as child_name, c.valid_until::text as valid_until,
  c.group_id, g.name as group_name, g.position as group_position, c.note, c.created_at`;

/** The row as the caller may see it: `staff` = a manager of the family's Kita or an Admin. */
function toConfirmation(r: ConfirmationRow, staff: boolean): PriorityConfirmation {
  const active = r.valid_until >= r.today;
  return {
    confirmationId: r.id,
    parentId: r.parent_id,
    parentName: r.parent_name,
    childId: r.child_id,
    childName: r.child_name,
    validUntil: r.valid_until,
    active,
    endingSoon: active && r.valid_until <= addDays(r.today, PRIORITY_ENDING_SOON_DAYS),
    group: staff ? { groupId: r.group_id, name: r.group_name, position: Number(r.group_position) } : null,
    note: staff ? r.note : null,
    confirmedAt: new Date(r.created_at).toISOString(),
  };
}

const isStaff = (ctx: RequestContext) => ctx.actor.role === 'Admin' || ctx.actor.role === 'KitaManager';

async function currentConfirmation(db: DbOrTx, parentId: string, today: string): Promise<ConfirmationRow | null> {
  const r = await db.execute<ConfirmationRow>(sql`
    select ${CONFIRMATION_COLUMNS}, ${today}::text as today
      from priority_confirmations c
      join parents p on p.id = c.parent_id
      join priority_groups g on g.id = c.group_id
      left join children ch on ch.id = c.child_id
     where c.parent_id = ${parentId} and c.ended_at is null`);
  return r.rows[0] ?? null;
}

/** The family's confirmation not yet ended (possibly run out), as the caller may see it. */
export async function getParentPriority(ctx: RequestContext, parentId: string): Promise<PriorityConfirmation | null> {
  const parent = await loadParentInScope(ctx.db, ctx.actor, parentId);
  const tz = (await kitaTimeZone(ctx.db, parent.kitaId)) ?? 'Europe/Berlin';
  const row = await currentConfirmation(ctx.db, parentId, zonedDay(ctx.clock.now(), tz));
  return row ? toConfirmation(row, isStaff(ctx)) : null;
}

/**
 * Confirms the family (or one of its children) for a group of its Kita until `validUntil`; a
 * confirmation in force is ended and replaced in the same transaction. The note is the Kita's
 * own and stays out of the audit details (it may name a health or family matter).
 */
export async function confirmParentPriority(ctx: RequestContext, parentId: string, input: PriorityConfirmInput): Promise<PriorityConfirmation> {
  return ctx.db.transaction(async (tx) => {
    const parent = await loadParentInScope(tx, ctx.actor, parentId);
    // Serialise confirmations of one family (the unique index would otherwise fail the second).
    await tx.execute(sql`select id from parents where id = ${parentId} for update`);
    const tz = (await kitaTimeZone(tx, parent.kitaId)) ?? 'Europe/Berlin';
    const today = zonedDay(ctx.clock.now(), tz);
    const g = await tx.execute<{ id: string }>(sql`select id from priority_groups where id = ${input.groupId} and kita_id = ${parent.kitaId}`);
    if (!g.rows[0]) throw new AppError(400, 'PRIORITY_GROUP_NOT_IN_KITA');
    // A day that does not exist (31 April) reads back as another one: refused like one out of range.
    const realDay = addDays(input.validUntil, 0) === input.validUntil;
    if (!realDay || input.validUntil < today || input.validUntil > addDays(today, PRIORITY_VALID_DAYS_MAX)) {
      throw new AppError(400, 'PRIORITY_VALID_UNTIL', undefined, { maxDays: PRIORITY_VALID_DAYS_MAX });
    }
    if (input.childId) {
      const c = await tx.execute<{ id: string }>(sql`select id from children where id = ${input.childId} and parent_id = ${parentId}`);
      if (!c.rows[0]) throw new AppError(400, 'PRIORITY_CHILD_NOT_IN_FAMILY');
    }
    const now = ctx.clock.now();
    const previous = await currentConfirmation(tx, parentId, today);
    if (previous) {
      await tx.execute(sql`update priority_confirmations set ended_at = ${now.toISOString()}::timestamptz, ended_by = ${ctx.actor.userId} where id = ${previous.id}`);
    }
    const [created] = await tx
      .insert(priorityConfirmations)
      .values({
        kitaId: parent.kitaId,
        parentId,
        groupId: input.groupId,
        childId: input.childId ?? null,
        validUntil: input.validUntil,
        note: input.note ? input.note : null,
        createdBy: ctx.actor.userId,
        createdAt: now,
      })
      .returning({ id: priorityConfirmations.id });
    await audit(tx, ctx.actor, {
      action: previous ? 'update' : 'create',
      entity: 'priority_confirmation',
      entityId: created!.id,
      kitaId: parent.kitaId,
      details: {
        parentId,
        groupId: input.groupId,
        childId: input.childId ?? null,
        validUntil: input.validUntil,
        notePresent: Boolean(input.note),
        replaced: previous?.id ?? null,
      },
    });
    return toConfirmation((await currentConfirmation(tx, parentId, today))!, true);
  });
}

/** Ends the family's confirmation now (it stays in the family's history, ended). */
export async function endParentPriority(ctx: RequestContext, parentId: string): Promise<{ parentId: string; endedConfirmationId: string }> {
  return ctx.db.transaction(async (tx) => {
    const parent = await loadParentInScope(tx, ctx.actor, parentId);
    await tx.execute(sql`select id from parents where id = ${parentId} for update`);
    const tz = (await kitaTimeZone(tx, parent.kitaId)) ?? 'Europe/Berlin';
    const current = await currentConfirmation(tx, parentId, zonedDay(ctx.clock.now(), tz));
    if (!current) throw new AppError(404, 'PRIORITY_NOT_FOUND');
    await tx.execute(
      sql`update priority_confirmations set ended_at = ${ctx.clock.now().toISOString()}::timestamptz, ended_by = ${ctx.actor.userId} where id = ${current.id}`,
    );
    await audit(tx, ctx.actor, {
      action: 'end',
      entity: 'priority_confirmation',
      entityId: current.id,
      kitaId: parent.kitaId,
      details: { parentId, groupId: current.group_id, validUntil: current.valid_until },
    });
    return { parentId, endedConfirmationId: current.id };
  });
}

/**
 * The Kita's confirmations not yet ended, soonest end first: those still in force (flagged when
 * they end soon) and those that ran out by themselves, so the manager sees whom to ask for a new
 * certificate.
 */
export async function listKitaConfirmations(ctx: RequestContext, kitaId: string): Promise<PriorityConfirmation[]> {
  assertKitaScope(ctx.actor, kitaId, () => kitaNotFound(kitaId));
  const tz = await kitaTimeZone(ctx.db, kitaId);
  if (!tz) throw kitaNotFound(kitaId);
  const today = zonedDay(ctx.clock.now(), tz);
  const r = await ctx.db.execute<ConfirmationRow>(sql`
    select ${CONFIRMATION_COLUMNS}, ${today}::text as today
      from priority_confirmations c
      join parents p on p.id = c.parent_id
      join priority_groups g on g.id = c.group_id
      left join children ch on ch.id = c.child_id
     where c.kita_id = ${kitaId} and c.ended_at is null
     order by c.valid_until, p.name, c.id`);
  return r.rows.map((row) => toConfirmation(row, true));
}

/**
 * For the close: child id -> the position of the group its confirmation in force names, for the
 * children of this inquiry. "In force" is judged at the close instant `now`, as the calendar day in
 * the Kita's time zone: a confirmation valid until that day still counts.
 */
export async function priorityAtClose(tx: Tx, eventId: string, now: Date, timeZone: string): Promise<Map<string, number>> {
  const today = zonedDay(now, timeZone);
  const r = await tx.execute<{ child_id: string; position: number }>(sql`
    select ec.child_id, g.position
      from event_children ec
      join priority_confirmations c on c.parent_id = ec.parent_id and c.ended_at is null
       and c.valid_until >= ${today}::date and (c.child_id is null or c.child_id = ec.child_id)
      join priority_groups g on g.id = c.group_id
     where ec.event_id = ${eventId} and ec.left_at is null`);
  return new Map(r.rows.map((row) => [row.child_id, Number(row.position)]));
}
