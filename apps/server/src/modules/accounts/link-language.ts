import { eq } from 'drizzle-orm';
import type { Language, LinkLanguage } from '@kita/shared';
import { parents, users } from '../../db/schema.js';
import type { Services } from '../../lib/context.js';
import { findToken } from './tokens.js';
import { storedLanguage } from '../../notify/messages.js';

/**
 * GET auth/link-language?kind=reset&token=: the language of the account a (valid, unused) link
 * belongs to, so its page speaks the family's language and not the browser's. Looks
 * the token up without using it; says nothing but the language (null for an unknown link).
 */
export async function linkLanguage(ctx: Services, kind: 'reset', token: string): Promise<LinkLanguage> {
  const row = await findToken(ctx.db, kind, token, ctx.clock.now());
  if (!row) return { language: null };
  // A family's language lives on the parent record; staff have their own.
  const [owner] = row.parentId
    ? await ctx.db.select({ language: parents.language }).from(parents).where(eq(parents.id, row.parentId)).limit(1)
    : row.userId
      ? await ctx.db.select({ language: users.language }).from(users).where(eq(users.id, row.userId)).limit(1)
      : [];
  const language: Language | null = owner ? storedLanguage(owner.language) : null;
  return { language };
}
