import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CreditsDistributionData, ParentDetails } from '@kita/shared';
import { creditsResetKey } from '@kita/shared/message-keys';
import { creditLedger, kitas, parents } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { composeMessage, parentRecipient } from '../../notify/messages.js';
import { enqueueMessages } from '../../notify/outbox.js';
import { resetEntry } from '../allocation/allocate.js';
import { creditsDistribution } from '../allocation/histogram.js';
import { findParentDetails } from '../parents/queries.js';
import { loadParentInScope } from '../parents/service.js';
import type { RequestContext } from '../../lib/context.js';
import { parentContact } from '../events/contact.js';
import { ledgerBalanceOf, ledgerTotal } from '../events/inquiry-children.js';

/**
 * Credits of a family (docs/domain.md "Allocation and credits"): the balance is always the ledger sum;
 * a reset is one more ledger entry, never an update or a delete, so the history stays explainable.
 */

/**
 * `DELETE parents/{id}/reset-credits`: books the entry that brings the balance to 0, audit-logged,
 * and tells the parent. The parent row is locked so two resets at once cannot both book -balance.
 * Answers the updated parent (like approve), whose `credits` is then 0.
 */
export async function resetCredits(ctx: RequestContext, parentId: string): Promise<ParentDetails> {
  await loadParentInScope(ctx.db, ctx.actor, parentId);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [p] = await tx
      .select({ kitaId: parents.kitaId, kitaName: kitas.name, name: parents.name, contact: parentContact, balance: ledgerBalanceOf(parents.id) })
      .from(parents)
      .innerJoin(kitas, eq(kitas.id, parents.kitaId))
      .where(eq(parents.id, parentId))
      .for('update', { of: parents });
    const balance = p!.balance;
    const entry = resetEntry(balance);
    // A zero entry would only clutter the ledger; the audit log still records the reset.
    if (entry.amount !== 0) {
      await tx.insert(creditLedger).values({ parentId, amount: entry.amount, reason: entry.reason, createdBy: ctx.actor.userId, createdAt: now });
    }
    await audit(tx, ctx.actor, { action: 'reset_credits', entity: 'parent', entityId: parentId, kitaId: p!.kitaId, details: { from: balance, amount: entry.amount } });
    const to = parentRecipient(p!.contact);
    if (to) {
      await enqueueMessages(tx, [
        {
          ...composeMessage('credits_reset', { ...to, vars: { name: p!.name, kitaName: p!.kitaName } }),
          // Every reset is its own message (a second reset months later must reach the parent too).
          idempotencyKey: creditsResetKey(parentId, randomUUID()),
          kitaId: p!.kitaId,
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
  const balances = await ctx.db
    .select({ balance: ledgerTotal() })
    .from(parents)
    .leftJoin(creditLedger, eq(creditLedger.parentId, parents.id))
    .where(and(eq(parents.kitaId, parent.kitaId), eq(parents.status, 'approved')))
    .groupBy(parents.id);
  const [own] = await ctx.db.select({ balance: ledgerTotal() }).from(creditLedger).where(eq(creditLedger.parentId, parentId));
  return creditsDistribution(
    balances.map((x) => x.balance),
    own?.balance ?? 0,
  );
}
