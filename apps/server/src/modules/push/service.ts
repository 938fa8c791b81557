import { ECDH } from 'node:crypto';
import { and, asc, desc, eq, notInArray } from 'drizzle-orm';
import { PUSH_SUBSCRIPTIONS_MAX, type PushPublicKey, type PushSubscriptionInput, type PushSubscriptionView } from '@kita/shared';
import { pushSubscriptions } from '../../db/schema.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { PublicContext, RequestContext } from '../../lib/context.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.js';
import { enforceClientLimit, enforceLimit } from '../../lib/rate-limit.js';
import { markPushOpenedByRef, pushEndpointAllowed } from '../../notify/push.js';

/** Subscriptions one family may write per hour (a browser re-subscribes on each visit at most). */
const SUBSCRIBE_PER_FAMILY_PER_HOUR = 30;
/** Writes per client network and hour (several families on one network). */
const SUBSCRIBE_PER_CLIENT_PER_HOUR = 120;
/** "Opened" reports per client network and hour. */
const OPENED_PER_CLIENT_PER_HOUR = 600;
const HOUR = 3600_000;

/**
 * The family a caller acts for: a logged-in parent's own family, or the family of a preference
 * link session (the answer page offers notifications too). Staff have no devices here (403).
 */
export function familyOf(actor: AuthContext): string {
  if (actor.kind === 'link' && actor.parentId) return actor.parentId;
  if (actor.kind === 'user' && actor.role === 'Parent' && actor.parentId) return actor.parentId;
  throw forbidden();
}

const view = (r: { id: string; label: string; createdAt: Date; lastUsedAt: Date | null }): PushSubscriptionView => ({
  id: r.id,
  label: r.label,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt ? r.lastUsedAt.toISOString() : null,
});

export function publicKey(ctx: Pick<RequestContext, 'config'>): PushPublicKey {
  return { publicKey: ctx.config.push.publicKey, enabled: ctx.config.push.enabled };
}

/** The family's devices, oldest first. */
export async function listSubscriptions(ctx: RequestContext): Promise<PushSubscriptionView[]> {
  const parentId = familyOf(ctx.actor);
  const rows = await ctx.db
    .select({ id: pushSubscriptions.id, label: pushSubscriptions.label, createdAt: pushSubscriptions.createdAt, lastUsedAt: pushSubscriptions.lastUsedAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.parentId, parentId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return rows.map(view);
}

/** Whether `p256dh` (base64url) is a point on P-256: a made-up key would only fail at send time. */
function isP256Point(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/**
 * Adds this browser as a device of the family. The same endpoint again updates its keys and label
 * and keeps its id (a browser re-subscribing, or now used by another family: it moves there). A
 * family keeps at most PUSH_SUBSCRIPTIONS_MAX devices: the oldest beyond are removed.
 */
export async function subscribe(ctx: RequestContext, input: PushSubscriptionInput): Promise<PushSubscriptionView> {
  const parentId = familyOf(ctx.actor);
  if (!ctx.config.push.enabled) throw badRequest('PUSH_DISABLED');
  const now = ctx.clock.now();
  await enforceLimit(ctx.db, `push-subscribe:family:${parentId}`, SUBSCRIBE_PER_FAMILY_PER_HOUR, HOUR, now);
  await enforceClientLimit(ctx.db, 'push-subscribe:ip', ctx.ip, SUBSCRIBE_PER_CLIENT_PER_HOUR, HOUR, now);
  if (!pushEndpointAllowed(input.endpoint, ctx.config.push.serviceHosts)) throw badRequest('PUSH_ENDPOINT_NOT_ALLOWED');
  if (!isP256Point(input.keys.p256dh)) {
    throw new AppError(400, 'VALIDATION_FAILED', 'errors.VALIDATION_FAILED', {}, [{ path: 'keys.p256dh', message: 'validation.invalid' }]);
  }
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ parentId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, label: input.label, createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { parentId, p256dh: input.keys.p256dh, auth: input.keys.auth, label: input.label },
      })
      .returning({ id: pushSubscriptions.id, label: pushSubscriptions.label, createdAt: pushSubscriptions.createdAt, lastUsedAt: pushSubscriptions.lastUsedAt });
    const keep = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.parentId, parentId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(PUSH_SUBSCRIPTIONS_MAX);
    const kept = new Set(keep.map((k) => k.id));
    kept.add(row!.id);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.parentId, parentId), notInArray(pushSubscriptions.id, [...kept])));
    return view(row!);
  });
}

/** Removes one of the family's devices; another family's (or none): 404. */
export async function unsubscribe(ctx: RequestContext, id: string): Promise<void> {
  const parentId = familyOf(ctx.actor);
  const gone = await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.parentId, parentId)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw notFound();
}

/** POST push/opened: marks the push message of `ref` opened (once); an unknown reference changes nothing. */
export async function recordOpened(ctx: PublicContext, ref: string): Promise<void> {
  const now = ctx.clock.now();
  await enforceClientLimit(ctx.db, 'push-opened:ip', ctx.ip, OPENED_PER_CLIENT_PER_HOUR, HOUR, now);
  await markPushOpenedByRef(ctx.db, ref, now);
}
