import type { AuthContext } from './auth-context.js';
import { auditLog } from '../db/schema.js';
import type { DbOrTx } from '../db/client.js';

/** Records a staff write (quality.md: who, what, when, which record). Call inside the write's transaction. */
export async function audit(
  tx: DbOrTx,
  actor: Pick<AuthContext, 'userId' | 'role'> | null,
  entry: { action: string; entity: string; entityId?: string | null; kitaId?: string | null; details?: unknown },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: actor?.userId ?? null,
    actorRole: actor?.role ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    kitaId: entry.kitaId ?? null,
    details: entry.details ?? null,
  });
}
