import { and, eq, isNull } from 'drizzle-orm';
import { emailSchema, nameSchema } from '@kita/shared';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { audit } from '../lib/audit.js';
import { isUniqueViolation } from '../lib/pg-errors.js';
import { issueToken, revokeTokens } from '../modules/accounts/tokens.js';
import { appLink } from '../notify/messages.js';

/**
 * The operator's way in: `npm run admin -- create|reset` without a running app or SQL.
 * Both leave the account without a usable password and print a one-time link to the existing
 * password page (`/reset-password`, a `reset` token), valid for SETUP_LINK_HOURS.
 */

export const SETUP_LINK_HOURS = 24;
const SETUP_TTL_MS = SETUP_LINK_HOURS * 3600_000;

/** A refusal the command prints as one line (exit code 1). */
export class AdminCommandError extends Error {}

export interface SetupLink {
  userId: string;
  email: string;
  name: string;
  link: string;
  expiresAt: Date;
}

function parseEmail(raw: string): string {
  const r = emailSchema.safeParse(raw);
  if (!r.success) throw new AdminCommandError(`--email: "${raw}" is not an e-mail address`);
  return r.data;
}

/** Creates an Admin without a password and returns the link to choose one. */
export async function createAdmin(db: Db, input: { email: string; name: string; language?: 'de' | 'en' }, publicUrl: string, now: Date): Promise<SetupLink> {
  const email = parseEmail(input.email);
  const name = nameSchema.safeParse(input.name);
  if (!name.success) throw new AdminCommandError('--name: required (at most 100 characters)');
  const taken = new AdminCommandError(`An account with the e-mail ${email} exists already; for a lost Admin password use \`admin reset --email ${email}\``);
  try {
    return await db.transaction(async (tx) => {
      const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (exists) throw taken;
      const [row] = await tx
        .insert(users)
        .values({ name: name.data, email, role: 'Admin', kitaId: null, passwordHash: null, language: input.language ?? 'de', isActive: true, createdAt: now, updatedAt: now })
        .returning({ id: users.id });
      await audit(tx, null, { action: 'create', entity: 'user', entityId: row!.id, details: { role: 'Admin', by: 'admin command' } });
      const token = await issueToken(tx, { kind: 'reset', userId: row!.id, target: email, ttlMs: SETUP_TTL_MS, now });
      return { userId: row!.id, email, name: name.data, link: appLink(publicUrl, '/reset-password', { token }), expiresAt: new Date(now.getTime() + SETUP_TTL_MS) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken;
    throw err;
  }
}

/**
 * A lost Admin password: the old one stops working now, every session and open reset link of the
 * account ends, a disabled account is enabled again, and a new link is returned.
 */
export async function resetAdmin(db: Db, rawEmail: string, publicUrl: string, now: Date): Promise<SetupLink> {
  const email = parseEmail(rawEmail);
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user || user.role !== 'Admin') throw new AdminCommandError(`No Admin with the e-mail ${email} (\`admin create\` makes one)`);
    await tx.update(users).set({ passwordHash: null, isActive: true, updatedAt: now }).where(eq(users.id, user.id));
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    await revokeTokens(tx, 'reset', { userId: user.id }, now);
    await audit(tx, null, { action: 'reset-password', entity: 'user', entityId: user.id, details: { by: 'admin command' } });
    const token = await issueToken(tx, { kind: 'reset', userId: user.id, target: email, ttlMs: SETUP_TTL_MS, now });
    return { userId: user.id, email, name: user.name, link: appLink(publicUrl, '/reset-password', { token }), expiresAt: new Date(now.getTime() + SETUP_TTL_MS) };
  });
}
