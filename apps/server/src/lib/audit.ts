import type { FastifyRequest } from 'fastify';
import { auditLog } from '../db/schema.js';
import type { DbOrTx } from '../db/client.js';

/** Records a staff write (quality.md: who, what, when, which record). Call inside the write's transaction. */
export async function audit(
  tx: DbOrTx,
  req: FastifyRequest,
  entry: { action: string; entity: string; entityId?: string | null; kitaId?: string | null; details?: unknown },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: req.auth?.userId ?? null,
    actorRole: req.auth?.role ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    kitaId: entry.kitaId ?? null,
    details: entry.details ?? null,
  });
}
