import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CreditsDistributionData, ParentDetails } from '@kita/shared';
import { creditLedger } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { composeMessage } from '../../notify/messages.js';
import { enqueueMessages } from '../../notify/outbox.js';
import { resetEntry } from '../allocation/allocate.js';
import { creditsDistribution } from '../allocation/histogram.js';
import { findParentDetails } from '../parents/queries.js';
import { loadParentInScope } from '../parents/service.js';
import type { RequestContext } from '../../lib/context.js';
import { contactOf, PARENT_CONTACT, type ParentContactRow } from '../events/contact.js';

/**
 * Credits of a family (docs/domain.md "Allocation and credits"): the balance is always the ledger sum;
 * a reset is one more ledger entry, never an update or a delete, so the history stays explainable.
 */

type LockedParent = {
  id: string;
  kita_id: string;
  kita_name: string;
  name: string;
  balance: number;
} & ParentContactRow;

/**
 * `DELETE parents/{id}/reset-credits`: books the entry that brings the balance to 0, audit-logged,
 * and tells the parent. The parent row is locked so two resets at once cannot both book -balance.
 * Answers the updated parent (like approve), whose `credits` is then 0.
 */
export async function resetCredits(ctx: RequestContext, parentId: string): Promise<ParentDetails> {
  await loadParentInScope(ctx.db, ctx.actor, parentId);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const r = await tx.execute<LockedParent>(sql`
      select p.id, p.kita_id, k.name as kita_name, p.name, ${PARENT_CONTACT},
             coalesce((select sum(l.amount) from credit_ledger l where l.parent_id = p.id), 0)::int as balance
        from parents p join kitas k on k.id = p.kita_id
       where p.id = ${parentId}
         for update of p`);
    const p = r.rows[0]!;
    const balance = Number(p.balance);
    const entry = resetEntry(balance);
    // A zero entry would only clutter the ledger; the audit log still records the reset.
    if (entry.amount !== 0) {
      await tx.insert(creditLedger).values({ parentId, amount: entry.amount, reason: entry.reason, createdBy: ctx.actor.userId, createdAt: now });
    }
    await audit(tx, ctx.actor, { action: 'reset_credits', entity: 'parent', entityId: parentId, kitaId: p.kita_id, details: { from: balance, amount: entry.amount } });
    const to = contactOf(p);
    if (to) {
      await enqueueMessages(tx, [
        {
          ...composeMessage('credits_reset', { ...to, vars: { name: p.name, kitaName: p.kita_name } }),
          // Every reset is its own message (a second reset months later must reach the parent too).
          idempotencyKey: `credits_reset:${parentId}:${randomUUID()}`,
          kitaId: p.kita_id,
          parentId,
        },
      ]);
    }
  });
  ctx.outbox.kick();
  return (await findParentDetails(ctx.db, parentId, ctx.clock.now()))!;
}

/**
 * `GET parents/{id}/credits-distribution`: bucket counts over the balances of the approved
 * parents of that parent's Kita. Only counts leave the server, never who is in which bucket.
 */
export async function creditsDistributionOf(ctx: RequestContext, parentId: string): Promise<CreditsDistributionData> {
  const parent = await loadParentInScope(ctx.db, ctx.actor, parentId);
  const r = await ctx.db.execute<{ id: string; balance: number }>(sql`
    select p.id, coalesce(sum(l.amount), 0)::int as balance
      from parents p left join credit_ledger l on l.parent_id = p.id
     where p.kita_id = ${parent.kitaId} and p.status = 'approved'
     group by p.id`);
  const own = await ctx.db.execute<{ balance: number }>(
    sql`select coalesce(sum(amount), 0)::int as balance from credit_ledger where parent_id = ${parentId}`,
  );
  return creditsDistribution(
    r.rows.map((x) => Number(x.balance)),
    Number(own.rows[0]?.balance ?? 0),
  );
}
