import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tokens } from '../../db/schema.js';
import { randomBytes } from 'node:crypto';
import { newOtp, sha256 } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';

/**
 * Opaque tokens of docs/domain.md "Links and codes": >= 128 random bits, only the SHA-256 stored, expiring,
 * single use where stated. Raw values are returned to the caller once and never logged.
 */

/**
 * `email_change`: a parent's own new e-mail address, waiting for its owner to open the link sent
 * to it; the address is applied only then (docs/operations.md, "Registrations").
 */
export type TokenKind = 'activation' | 'email_change' | 'reset' | 'otp' | 'otp_login' | 'verify_phone' | 'preference';
export type TokenRow = typeof tokens.$inferSelect;

export const TTL = {
  activation: 7 * 24 * 3600_000,
  emailChange: 48 * 3600_000,
  reset: 60 * 60_000,
  otp: 10 * 60_000,
} as const;
/** docs/domain.md: an OTP allows at most 5 tries, then that code is locked. */
export const OTP_MAX_TRIES = 5;
export const OTP_MINUTES = TTL.otp / 60_000;

export interface IssueTokenInput {
  kind: TokenKind;
  userId?: string | null;
  parentId?: string | null;
  eventId?: string | null;
  /** The e-mail address or phone number the token was sent to. */
  target?: string | null;
  ttlMs: number;
  now: Date;
}

/**
 * 128 random bits (docs/domain.md's minimum), URL-safe: 22 characters, so a link still fits into one
 * SMS together with the message text.
 */
const newLinkToken = () => randomBytes(16).toString('base64url');

/** Stores a new token's hash and returns the raw token. */
export async function issueToken(tx: DbOrTx, input: IssueTokenInput): Promise<string> {
  const raw = newLinkToken();
  await tx.insert(tokens).values({
    kind: input.kind,
    tokenHash: sha256(raw),
    userId: input.userId ?? null,
    parentId: input.parentId ?? null,
    eventId: input.eventId ?? null,
    target: input.target ?? null,
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
  });
  return raw;
}

/** A valid (unused, unexpired) token of that kind, or null. Does not use it up (preference links). */
export async function findToken(tx: DbOrTx, kind: TokenKind, raw: string, now: Date): Promise<TokenRow | null> {
  const [row] = await tx
    .select()
    .from(tokens)
    .where(and(eq(tokens.tokenHash, sha256(raw)), eq(tokens.kind, kind), isNull(tokens.usedAt), gt(tokens.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/**
 * Uses a single-use token up and returns it; null when unknown, expired or already used.
 * The conditional update makes two concurrent uses yield one winner.
 */
export async function consumeToken(tx: DbOrTx, kind: TokenKind, raw: string, now: Date): Promise<TokenRow | null> {
  const [row] = await tx
    .update(tokens)
    .set({ usedAt: now })
    .where(and(eq(tokens.tokenHash, sha256(raw)), eq(tokens.kind, kind), isNull(tokens.usedAt), gt(tokens.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** Ends every open token of a kind for a user (a new reset link replaces older ones; a reset ends them all). */
export async function revokeTokens(tx: DbOrTx, kind: TokenKind, owner: { userId?: string; parentId?: string }, now: Date): Promise<void> {
  const who = owner.userId ? eq(tokens.userId, owner.userId) : owner.parentId ? eq(tokens.parentId, owner.parentId) : null;
  if (!who) return;
  await tx.update(tokens).set({ usedAt: now }).where(and(eq(tokens.kind, kind), who, isNull(tokens.usedAt)));
}

/**
 * An OTP challenge: the opaque `otpToken` (kind 'otp_login' or 'verify_phone', counts the tries)
 * and the 6-digit code, stored as a second row whose hash binds the code to the otpToken
 * (sha256(otp:<otpToken>:<code>)). So the code can only be checked together with its otpToken,
 * and equal codes of different challenges never collide in the unique hash index.
 */
export async function issueOtpChallenge(
  tx: DbOrTx,
  input: { kind: 'otp_login' | 'verify_phone'; userId?: string | null; parentId?: string | null; target: string; now: Date },
): Promise<{ otpToken: string; otp: string }> {
  const otpToken = await issueToken(tx, { ...input, ttlMs: TTL.otp });
  const otp = newOtp();
  await tx.insert(tokens).values({
    kind: 'otp',
    tokenHash: otpHash(otpToken, otp),
    userId: input.userId ?? null,
    parentId: input.parentId ?? null,
    target: input.target,
    expiresAt: new Date(input.now.getTime() + TTL.otp),
  });
  return { otpToken, otp };
}

const otpHash = (otpToken: string, otp: string) => sha256(`otp:${otpToken}:${otp}`);

export type OtpCheck =
  | { ok: true; challenge: TokenRow }
  /** unknown, expired, used or locked otpToken */
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'wrong'; triesLeft: number };

/**
 * Checks a code against its challenge: right code -> both rows used up; wrong code -> one try
 * counted, and the fifth wrong try locks the challenge for good.
 */
export async function checkOtp(
  tx: DbOrTx,
  kind: 'otp_login' | 'verify_phone',
  otpToken: string,
  otp: string,
  now: Date,
): Promise<OtpCheck> {
  // Row lock: concurrent guesses for the same challenge are counted one after the other.
  const [challenge] = await tx
    .select()
    .from(tokens)
    .where(and(eq(tokens.tokenHash, sha256(otpToken)), eq(tokens.kind, kind), isNull(tokens.usedAt), gt(tokens.expiresAt, now)))
    .for('update')
    .limit(1);
  if (!challenge || challenge.attempts >= OTP_MAX_TRIES) return { ok: false, reason: 'invalid' };
  const [used] = await tx
    .update(tokens)
    .set({ usedAt: now })
    .where(and(eq(tokens.tokenHash, otpHash(otpToken, otp)), eq(tokens.kind, 'otp'), isNull(tokens.usedAt), gt(tokens.expiresAt, now)))
    .returning({ id: tokens.id });
  if (!used) {
    const [row] = await tx
      .update(tokens)
      .set({ attempts: sql`${tokens.attempts} + 1` })
      .where(eq(tokens.id, challenge.id))
      .returning({ attempts: tokens.attempts });
    return { ok: false, reason: 'wrong', triesLeft: Math.max(0, OTP_MAX_TRIES - (row?.attempts ?? OTP_MAX_TRIES)) };
  }
  await tx.update(tokens).set({ usedAt: now }).where(eq(tokens.id, challenge.id));
  return { ok: true, challenge };
}

/** The error for a failed code check: the tries left while there are some, then OTP_INVALID. */
export function otpError(result: { reason: 'invalid' } | { reason: 'wrong'; triesLeft: number }): AppError {
  if (result.reason === 'wrong' && result.triesLeft > 0) return new AppError(400, 'OTP_WRONG', undefined, { triesLeft: result.triesLeft });
  return new AppError(400, 'OTP_INVALID');
}
