import { and, count, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { parents } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { waitError } from '../../lib/rate-limit.js';

/**
 * Registrations cannot pump messages (docs/domain.md "Registration and approval"):
 * - a registration causes at most REGISTRATION_CODES_MAX verification messages (codes and
 *   activation mails, the ones sent at registration included) over its lifetime; beyond that
 *   only the Kita's staff can send one (or approve the family);
 * - between two of them the wait grows: 1, 4, 16 … minutes (RESEND_BASE_MS × 4^(n-1));
 * - never for a rejected or expired registration;
 * - at most REGISTRATION_PENDING_PER_KITA unverified registrations wait at one Kita at a time;
 * - unverified registrations expire after REGISTRATION_EXPIRY_DAYS (jobs/registration-expiry.ts).
 */

export const RESEND_BASE_MS = 60_000;
export const RESEND_FACTOR = 4;

type ParentRow = typeof parents.$inferSelect;

/** The earliest moment the next verification message of this registration may go. */
export function nextSendAt(sends: number, last: Date | null): Date | null {
  if (!last || sends <= 0) return null;
  return new Date(last.getTime() + RESEND_BASE_MS * RESEND_FACTOR ** (sends - 1));
}

/** A registration that ended: rejected by the Kita, or expired unverified (stored as rejected, audit action 'expire'). */
export const isClosedRegistration = (p: Pick<ParentRow, 'status'>) => p.status === 'rejected';

/**
 * Counts one verification message an anonymous caller asked for, or refuses: 409
 * REGISTRATION_CLOSED for a rejected or expired registration, 429 VERIFICATION_LIMIT once the
 * lifetime total is reached, 429 RATE_LIMITED with Retry-After while the growing pause runs. The
 * parent row is locked, so parallel requests each see the count before them.
 */
export async function chargeVerificationSend(tx: DbOrTx, parentId: string, now: Date, config: Pick<Config, 'REGISTRATION_CODES_MAX'>): Promise<void> {
  const r = await tx.execute<{ status: string; verification_sends: number; last_verification_at: Date | string | null }>(sql`
    select status, verification_sends, last_verification_at from parents where id = ${parentId} for update`);
  const row = r.rows[0];
  if (!row) throw new AppError(404, 'NOT_FOUND');
  if (isClosedRegistration(row)) throw new AppError(409, 'REGISTRATION_CLOSED');
  const sends = Number(row.verification_sends);
  if (sends >= config.REGISTRATION_CODES_MAX) throw new AppError(429, 'VERIFICATION_LIMIT');
  const next = nextSendAt(sends, row.last_verification_at ? new Date(row.last_verification_at) : null);
  if (next && next > now) throw waitError((next.getTime() - now.getTime()) / 1000);
  await tx.update(parents).set({ verificationSends: sends + 1, lastVerificationAt: now }).where(eq(parents.id, parentId));
}

/** Like chargeVerificationSend, but answers whether it may go instead of throwing (for routes that answer alike either way). */
export async function tryChargeVerificationSend(tx: DbOrTx, parentId: string, now: Date, config: Pick<Config, 'REGISTRATION_CODES_MAX'>): Promise<boolean> {
  try {
    await chargeVerificationSend(tx, parentId, now, config);
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

/** 429 REGISTRATIONS_FULL while the Kita has as many unverified registrations waiting as allowed. */
export async function assertRegistrationRoom(tx: DbOrTx, kitaId: string, config: Pick<Config, 'REGISTRATION_PENDING_PER_KITA'>): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(parents)
    .where(
      and(
        eq(parents.kitaId, kitaId),
        eq(parents.status, 'registered'),
        eq(parents.emailVerified, false),
        eq(parents.primaryPhoneVerified, false),
      ),
    );
  if (Number(row?.n ?? 0) >= config.REGISTRATION_PENDING_PER_KITA) throw new AppError(429, 'REGISTRATIONS_FULL');
}
