import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Kita, KitaDeleteImpact, KitaDetails, KitaInput } from '@kita/shared';
import type { DbOrTx } from '../../db/client.js';
import { categories, children, events, groups, kitas, parents, users } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { findCategories } from '../categories/queries.js';
import { countRegisteredParents, findKita, findManagers } from './queries.js';
import type { RequestContext } from '../../lib/context.js';

export const kitaNotFound = (id: string) => notFound('kitas.notFound', { id });

/** The public registration link of a Kita (docs/domain.md: built from PUBLIC_URL, never the Host header). */
export const registrationLink = (publicUrl: string, kitaId: string) =>
  `${publicUrl}/register?kitaId=${encodeURIComponent(kitaId)}`;

/** PNG data URL of the registration link (the card shows it and offers it as qr-code.png). */
export const qrCodeDataUrl = (link: string) =>
  QRCode.toDataURL(link, { type: 'image/png', width: 320, margin: 2, errorCorrectionLevel: 'M' });

export async function getKitaDetails(db: DbOrTx, publicUrl: string, id: string): Promise<KitaDetails> {
  const kita = await findKita(db, id);
  if (!kita) throw kitaNotFound(id);
  const link = registrationLink(publicUrl, kita.kitaId);
  const [cats, registeredParents, managers, qrCode] = await Promise.all([
    findCategories(db, eq(categories.kitaId, id)),
    countRegisteredParents(db, id),
    findManagers(db, id),
    qrCodeDataUrl(link),
  ]);
  return { ...kita, categories: cats, registrationLink: link, registeredParents, qrCode, managers };
}

/**
 * Two Kitas with the same name at the same place are one Kita entered twice: refused
 * with 409, compared without case and surrounding spaces.
 */
async function assertNoDuplicate(tx: DbOrTx, input: KitaInput, exceptId?: string): Promise<void> {
  const same = and(
    sql`lower(trim(${kitas.name})) = lower(${input.kitaName})`,
    sql`lower(trim(${kitas.location})) = lower(${input.location})`,
    exceptId ? ne(kitas.id, exceptId) : undefined,
  );
  const [dup] = await tx.select({ id: kitas.id }).from(kitas).where(same).limit(1);
  if (dup) {
    throw new AppError(409, 'KITA_DUPLICATE', 'errors.KITA_DUPLICATE', { kitaName: input.kitaName, location: input.location }, [
      { path: 'kitaName', message: 'validation.kitaDuplicate' },
    ]);
  }
}

/** The push settings the input names (left out = unchanged, or the default on create). */
function pushSettings(input: KitaInput) {
  return {
    ...(input.pushMode !== undefined ? { pushMode: input.pushMode } : {}),
    ...(input.pushEscalationImmediateMinutes !== undefined ? { pushEscalationImmediateMinutes: input.pushEscalationImmediateMinutes } : {}),
    ...(input.pushEscalationPlannedMinutes !== undefined ? { pushEscalationPlannedMinutes: input.pushEscalationPlannedMinutes } : {}),
  };
}

export async function createKita(ctx: RequestContext, input: KitaInput): Promise<Kita> {
  return ctx.db.transaction(async (tx) => {
    await assertNoDuplicate(tx, input);
    const [row] = await tx
      .insert(kitas)
      .values({
        name: input.kitaName,
        location: input.location,
        description: input.description ?? null,
        ...(input.timezone ? { timezone: input.timezone } : {}),
        ...(input.remindersEnabled !== undefined ? { remindersEnabled: input.remindersEnabled } : {}),
        ...pushSettings(input),
      })
      .returning({ id: kitas.id });
    await audit(tx, ctx.actor, { action: 'create', entity: 'kita', entityId: row!.id, kitaId: row!.id, details: { kitaName: input.kitaName } });
    return (await findKita(tx, row!.id))!;
  });
}

export async function updateKita(ctx: RequestContext, id: string, input: KitaInput): Promise<Kita> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(kitas)
      .set({
        name: input.kitaName,
        location: input.location,
        description: input.description ?? null,
        ...(input.timezone ? { timezone: input.timezone } : {}),
        ...(input.remindersEnabled !== undefined ? { remindersEnabled: input.remindersEnabled } : {}),
        ...pushSettings(input),
        updatedAt: now,
      })
      .where(eq(kitas.id, id))
      .returning({ id: kitas.id });
    if (!row) throw kitaNotFound(id);
    // After the update so a missing Kita stays a 404; the transaction undoes the update on a duplicate.
    await assertNoDuplicate(tx, input, id);
    await audit(tx, ctx.actor, { action: 'update', entity: 'kita', entityId: id, kitaId: id, details: { kitaName: input.kitaName, location: input.location, remindersEnabled: input.remindersEnabled, ...pushSettings(input) } });
    return (await findKita(tx, id))!;
  });
}

/**
 * Deletes a Kita with everything in it (categories, groups, children, parents, events, its
 * managers' and parents' accounts). Children and events are removed first: the schema restricts
 * deleting a group that still has children and a category that still has events, and PostgreSQL
 * does not promise the order in which the cascades from the Kita row would reach them.
 */
export async function deleteKita(ctx: RequestContext, id: string, confirmName?: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const kita = await findKita(tx, id);
    if (!kita) throw kitaNotFound(id);
    const impact = await kitaDeleteImpact(tx, id);
    if (impact.confirmNameRequired && confirmName?.trim() !== kita.kitaName.trim()) {
      throw new AppError(409, 'KITA_DELETE_CONFIRM');
    }
    const groupIds = tx
      .select({ id: groups.id })
      .from(groups)
      .innerJoin(categories, eq(categories.id, groups.categoryId))
      .where(eq(categories.kitaId, id));
    await tx.delete(children).where(inArray(children.groupId, groupIds));
    await tx.delete(events).where(eq(events.kitaId, id));
    // Parents and accounts before the Kita row: a message row names both its Kita and its parent
    // or user, and two SET NULL cascades reaching one row in one statement fail the foreign key
    // check (found by the route matrix).
    await tx.delete(parents).where(eq(parents.kitaId, id));
    await tx.delete(users).where(eq(users.kitaId, id));
    await tx.delete(kitas).where(eq(kitas.id, id));
    await audit(tx, ctx.actor, { action: 'delete', entity: 'kita', entityId: id, kitaId: id, details: { kitaName: kita.kitaName } });
  });
}

/**
 * What goes with a Kita when it is deleted: families, children, managers and inquiries.
 * Finished inquiries are the Kita's history (allocations, credits), so deleting them needs the
 * Kita's name typed as confirmation.
 */
export async function kitaDeleteImpact(db: DbOrTx, id: string): Promise<KitaDeleteImpact> {
  const kita = await findKita(db, id);
  if (!kita) throw kitaNotFound(id);
  const [[families], [kids], [managers], [inquiries]] = await Promise.all([
    db.select({ n: count() }).from(parents).where(eq(parents.kitaId, id)),
    db.select({ n: count() }).from(children).innerJoin(parents, eq(parents.id, children.parentId)).where(eq(parents.kitaId, id)),
    db.select({ n: count() }).from(users).where(and(eq(users.kitaId, id), eq(users.role, 'KitaManager'))),
    db
      .select({ n: count(), finished: sql<number>`count(*) filter (where ${events.status} = 'finished')`.mapWith(Number) })
      .from(events)
      .where(eq(events.kitaId, id)),
  ]);
  const finishedInquiries = inquiries?.finished ?? 0;
  return {
    kitaId: id,
    kitaName: kita.kitaName,
    families: families?.n ?? 0,
    children: kids?.n ?? 0,
    managers: managers?.n ?? 0,
    inquiries: inquiries?.n ?? 0,
    finishedInquiries,
    confirmNameRequired: finishedInquiries > 0,
  };
}
