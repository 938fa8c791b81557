import { eq, sql } from 'drizzle-orm';
import { FAILURE_REASONS, type AccountMailKind, type AccountMailResendResult, type FailedAccountMail, type FailureReason } from '@kita/shared';
import { outboxMessages, parents, users } from '../../db/schema.js';
import type { DbOrTx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import type { RequestContext } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { enforceLimit } from '../../lib/rate-limit.js';
import { RESEND_PER_HOUR, sendActivation, sendPasswordReset } from '../accounts/notifications.js';

/**
 * Failed account mails: an activation or password-reset mail that failed for good
 * used to be shown nowhere (only inquiries had a resend). The Admin lists the newest such mail per
 * address and kind, and sends it again with a fresh link to the account's current address.
 */

type Row = {
  id: string;
  kind: AccountMailKind;
  recipient: string;
  failure_reason: string | null;
  created_at: Date | string;
  account_name: string | null;
  is_parent: boolean;
  kita_name: string | null;
};

const reasonOf = (r: string | null): FailureReason | null => (r === null ? null : (FAILURE_REASONS as readonly string[]).includes(r) ? (r as FailureReason) : 'unknown');

/**
 * The failed mails that still matter: the newest mail of its kind to that address or account, the account
 * still exists, and (activation) its e-mail is not verified by now.
 */
function failedQuery(messageId?: string) {
  return sql`
    select m.id, m.kind, m.recipient, m.failure_reason, m.created_at,
           coalesce(p.name, u.name) as account_name, (p.id is not null) as is_parent, k.name as kita_name
      from outbox_messages m
      left join users u on u.id = m.user_id
      left join parents p on p.id = coalesce(m.parent_id, u.parent_id)
      left join kitas k on k.id = coalesce(m.kita_id, p.kita_id, u.kita_id)
     where m.status = 'failed'
       and m.kind in ('activation', 'password_reset')
       ${messageId ? sql`and m.id = ${messageId}` : sql``}
       and (u.id is not null or p.id is not null)
       and not (m.kind = 'activation' and coalesce(p.email_verified, false))
       and not exists (select 1 from outbox_messages n
                        where n.kind = m.kind
                          and (n.recipient = m.recipient or n.parent_id = m.parent_id or n.user_id = m.user_id)
                          and (n.created_at, n.id) > (m.created_at, m.id))
     order by m.created_at desc, m.id
     limit 200`;
}

export async function listFailedAccountMails(db: DbOrTx): Promise<FailedAccountMail[]> {
  const rows = (await db.execute<Row>(failedQuery())).rows;
  return rows.map((r) => ({
    messageId: r.id,
    kind: r.kind,
    accountName: r.account_name ?? '',
    accountRole: r.is_parent ? 'Parent' : 'Staff',
    recipient: r.recipient,
    kitaName: r.kita_name,
    failureReason: reasonOf(r.failure_reason),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/**
 * Sends the failed mail again: a fresh activation or reset link to the account's current e-mail.
 * 404 when the message is not (or no longer) a failed account mail that matters; 409 when its
 * account has no e-mail any more or is inactive; at most RESEND_PER_HOUR per address and hour.
 */
export async function resendAccountMail(ctx: RequestContext, messageId: string): Promise<AccountMailResendResult> {
  const [failed] = (await ctx.db.execute<Row>(failedQuery(messageId))).rows;
  if (!failed) throw notFound();
  const [m] = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.id, messageId)).limit(1);
  if (!m) throw notFound();
  const result = await ctx.db.transaction(async (tx) => {
    const [user] = m.userId ? await tx.select().from(users).where(eq(users.id, m.userId)).limit(1) : [];
    const parentId = m.parentId ?? user?.parentId ?? null;
    const [parent] = parentId ? await tx.select().from(parents).where(eq(parents.id, parentId)).limit(1) : [];
    const email = parent ? parent.email : (user?.email ?? null);
    if (!email) throw new AppError(409, 'CONFLICT');
    await enforceLimit(tx, `resend:${email}`, RESEND_PER_HOUR, 3600_000, ctx.clock.now());
    if (failed.kind === 'activation') {
      if (!parent) throw notFound();
      if (parent.emailVerified) throw new AppError(409, 'ALREADY_VERIFIED');
      const [parentUser] = await tx.select({ id: users.id }).from(users).where(eq(users.parentId, parent.id)).limit(1);
      await sendActivation(tx, ctx, { parent, userId: parentUser?.id ?? null });
    } else {
      if (!user || !user.isActive) throw new AppError(409, 'ACCOUNT_INACTIVE');
      await sendPasswordReset(tx, ctx, {
        userId: user.id,
        email,
        name: parent?.name ?? user.name,
        language: parent?.language ?? user.language,
        parentId: parent?.id ?? null,
        kitaId: parent?.kitaId ?? user.kitaId,
      });
    }
    await audit(tx, ctx.actor, { action: 'resend', entity: 'account_mail', entityId: messageId, kitaId: parent?.kitaId ?? user?.kitaId ?? null, details: { kind: failed.kind } });
    return { kind: failed.kind, recipient: email };
  });
  ctx.outbox.kick();
  return result;
}
