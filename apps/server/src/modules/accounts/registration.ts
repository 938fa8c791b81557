import { randomBytes, randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { zonedDay, type KitaGroups, type RegisterInput, type RegisterResult } from '@kita/shared';
import { categories, children, groups, kitas, parents, users } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword, isCommonPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { enforceClientLimit } from '../../lib/rate-limit.js';
import { sendAccountExists, sendActivation, sendOtp, sendRegistrationReceived } from './notifications.js';
import { assertRegistrationRoom } from './registration-limits.js';
import type { PublicContext, Services } from '../../lib/context.js';

/** Public registration by the Kita's link or QR code (docs/domain.md "Registration and approval"). */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const kitaNotFound = (id: string) => new AppError(404, 'NOT_FOUND', 'errors.REGISTRATION_KITA_NOT_FOUND', { id });

/** GET auth/kita-groups/{kitaId}: the Kita's name and its categories with groups; unknown -> 404. */
export async function findKitaGroups(ctx: Services, kitaId: string): Promise<KitaGroups> {
  if (!UUID.test(kitaId)) throw kitaNotFound(kitaId);
  const [kita] = await ctx.db.select().from(kitas).where(eq(kitas.id, kitaId)).limit(1);
  if (!kita) throw kitaNotFound(kitaId);
  const rows = await ctx.db
    .select({ categoryId: categories.id, categoryName: categories.name, groupId: groups.id, groupName: groups.name })
    .from(categories)
    .leftJoin(groups, eq(groups.categoryId, categories.id))
    .where(eq(categories.kitaId, kitaId))
    .orderBy(asc(categories.name), asc(groups.name));
  const byCategory = new Map<string, KitaGroups['categories'][number]>();
  for (const r of rows) {
    let c = byCategory.get(r.categoryId);
    if (!c) {
      c = { categoryId: r.categoryId, categoryName: r.categoryName, groups: [] };
      byCategory.set(r.categoryId, c);
    }
    if (r.groupId && r.groupName) c.groups.push({ groupId: r.groupId, groupName: r.groupName });
  }
  return { kitaId: kita.id, kitaName: kita.name, location: kita.location, categories: [...byCategory.values()] };
}

/**
 * POST auth/register: a parent with status 'registered', its children, and an inactive Parent
 * user (active once approved), all in one transaction together with the activation e-mail (or,
 * for a phone-only registration, the code to verify the number) and 'registration received'.
 */
export async function registerParent(ctx: PublicContext, input: RegisterInput): Promise<RegisterResult> {
  const now = ctx.clock.now();
  await enforceClientLimit(ctx.db, 'register:ip', ctx.ip, ctx.config.REGISTRATION_PER_CLIENT_PER_HOUR, 3600_000, now);
  if (isCommonPassword(input.password)) {
    throw new AppError(400, 'VALIDATION_FAILED', 'validation.passwordCommon', {}, [{ path: 'password', message: 'validation.passwordCommon' }]);
  }
  const [kita] = await ctx.db.select().from(kitas).where(eq(kitas.id, input.kitaId)).limit(1);
  if (!kita) throw kitaNotFound(input.kitaId);

  const inKita = new Set(
    (
      await ctx.db
        .select({ id: groups.id })
        .from(groups)
        .innerJoin(categories, eq(categories.id, groups.categoryId))
        .where(eq(categories.kitaId, kita.id))
    ).map((g) => g.id),
  );
  const today = zonedDay(now, kita.timezone);
  const details: Array<{ path: string; message: string }> = [];
  input.children.forEach((c, i) => {
    if (!inKita.has(c.groupId)) details.push({ path: `children.${i}.groupId`, message: 'validation.invalid' });
    if (c.dateOfBirth > today) details.push({ path: `children.${i}.dateOfBirth`, message: 'validation.dateOfBirthRange' });
  });
  if (details.some((d) => d.path.endsWith('groupId'))) throw new AppError(400, 'GROUP_NOT_IN_KITA', undefined, {}, details);
  if (details.length) throw new AppError(400, 'VALIDATION_FAILED', undefined, {}, details);

  const email = input.email ?? null;
  const phone = input.primaryPhoneNumber ?? null;
  const preferred = input.preferredCommunication ?? (email ? 'email' : 'sms');
  const passwordHash = await hashPassword(input.password);
  /**
   * A known e-mail gets the same answer as a new registration (no account enumeration);
   * the owner gets a "you already have an account" mail instead. The parent id and otpToken are
   * random values that belong to nothing.
   */
  const answerAlike = async (): Promise<RegisterResult> => {
    await ctx.db.transaction((tx) => sendAccountExists(tx, ctx, { email: email!, language: input.language, kitaId: kita.id }));
    ctx.outbox.kick();
    const otpToken = phone && (!email || preferred === 'sms') ? randomBytes(16).toString('base64url') : null;
    return { parentId: randomUUID(), status: 'registered', otpToken };
  };
  try {
    const result = await ctx.db.transaction(async (tx) => {
      if (email) {
        const [taken] = await tx.select({ id: parents.id }).from(parents).where(eq(parents.email, email)).limit(1);
        if (taken) return null;
      }
      // Registrations at one Kita one after the other, so the pending limit holds under parallel requests.
      await tx.execute(sql`select id from kitas where id = ${kita.id} for update`);
      await assertRegistrationRoom(tx, kita.id, ctx.config);
      const [parent] = await tx
        .insert(parents)
        .values({
          kitaId: kita.id,
          name: input.name,
          email,
          secondaryEmail: input.secondaryEmail ?? null,
          primaryPhone: phone,
          secondaryPhone: input.secondaryPhoneNumber ?? null,
          preferredCommunication: preferred,
          isAnonymous: false,
          language: input.language,
          status: 'registered',
          isActive: false,
          // On the app clock: unverified registrations expire REGISTRATION_EXPIRY_DAYS after it.
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const p = parent!;
      const [user] = await tx
        .insert(users)
        .values({ name: p.name, role: 'Parent', kitaId: kita.id, parentId: p.id, language: p.language, passwordHash, isActive: false })
        .returning({ id: users.id });
      await tx.insert(children).values(
        input.children.map((c) => ({ parentId: p.id, groupId: c.groupId, name: c.childName, dateOfBirth: c.dateOfBirth })),
      );
      if (email) await sendActivation(tx, ctx, { parent: p, userId: user!.id });
      // Phone-only, or SMS chosen: verify the number right away (the code goes to it now).
      const otpToken =
        phone && (!email || preferred === 'sms')
          ? await sendOtp(tx, ctx, { kind: 'verify_phone', phone, language: p.language, parentId: p.id, userId: user!.id, kitaId: kita.id })
          : null;
      // Phone-only: 'registration received' goes once the number is proved (verifyPhone), so an
      // anonymous registration causes one SMS, not two.
      if (email) await sendRegistrationReceived(tx, { parent: p });
      // The verification messages of the registration count towards its lifetime total (registration-limits.ts).
      const sends = (email ? 1 : 0) + (otpToken ? 1 : 0);
      if (sends > 0) await tx.update(parents).set({ verificationSends: sends, lastVerificationAt: now }).where(eq(parents.id, p.id));
      await audit(tx, ctx.actor, { action: 'register', entity: 'parent', entityId: p.id, kitaId: kita.id, details: { children: input.children.length } });
      return { parentId: p.id, status: 'registered' as const, otpToken };
    });
    if (!result) return await answerAlike();
    ctx.outbox.kick();
    return result;
  } catch (err) {
    // Two registrations with one e-mail at the same moment: the unique index decides.
    if (email && isUniqueViolation(err)) return answerAlike();
    throw err;
  }
}
