import { and, eq, isNull, gt, lte, or, sql } from 'drizzle-orm';
import { loginFailures, tokens, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { newOtp, sha256 } from '../../lib/crypto.js';
import { verifyPassword } from '../../lib/passwords.js';
import { clientAttemptKeys, clearLimit, hitLimit, refundAttempt, reserveAttempt, waitError, type AttemptPolicy } from '../../lib/rate-limit.js';
import { clientNet } from '../../lib/client-net.js';
import { deviceCookieHeader, knowsAccount, readDevice, withAccount, accountTag } from '../../lib/device-cookie.js';
import type { DbOrTx } from '../../db/client.js';
import type { Services } from '../../lib/context.js';
import { enqueueComposed } from '../accounts/notifications.js';
import { storedLanguage } from '../../notify/messages.js';

const WINDOW_MS = 15 * 60_000;
/**
 * Password guesses. Every attempt is reserved atomically BEFORE argon2 runs, so
 * a burst of concurrent guesses cannot slip past the count.
 * - Per account AND client (an IPv4 address or an IPv6 /64; a known device instead of its
 *   network): 5 free attempts per 15 minutes, then a pause that doubles from 1 s up to 15 minutes.
 * - Per client over all accounts (password spraying): 50, then the same doubling pause; an IPv6
 *   /48 gets WIDE_NET_FACTOR times that.
 * - Per account over all clients: ACCOUNT_FAILURES_MAX checked failures from unknown devices,
 *   counted across windows until a success (NIST SP 800-63B 5.2.2). Past them, an unknown device
 *   is refused and the account's owner is sent a one-time code; the code, given with the password,
 *   makes the browser a known device. Known devices (the signed device cookie of an earlier
 *   successful login in that browser) are never refused by the account budget, only slowed by
 *   their own per-device pause, so nobody can lock the owner out.
 */
export const LOGIN_POLICY = {
  accountClient: { free: 5, windowMs: WINDOW_MS, baseMs: 1000, maxMs: WINDOW_MS },
  client: { free: 50, windowMs: WINDOW_MS, baseMs: 1000, maxMs: WINDOW_MS },
  /** Unlock codes tried per account: 5 free an hour, then a doubling pause from 1 minute. */
  code: { free: 5, windowMs: 3600_000, baseMs: 60_000, maxMs: 3600_000 },
} satisfies Record<string, AttemptPolicy>;
export const ACCOUNT_FAILURES_MAX = 100;
/** Unlock codes sent per account: 3 an hour and 6 a day (the rest of the attempts get the same answer). */
export const UNLOCK_CODES_PER_HOUR = 3;
export const UNLOCK_CODES_PER_DAY = 6;
export const UNLOCK_CODE_TTL_MS = 15 * 60_000;

/** Where a one-time unlock code for an account goes. */
export interface UnlockContact {
  channel: 'email' | 'sms';
  recipient: string;
  language: string;
  kitaId?: string | null;
  parentId?: string | null;
}

export interface LoginAccount {
  id: string;
  passwordHash: string | null;
  isActive: boolean;
  unlockTo?: UnlockContact | null;
}

/** What the login routes pass of the request. */
export interface LoginClient {
  ip: string;
  /** The Cookie header (the device cookie). */
  cookies?: string | undefined;
  /** A one-time unlock code sent after too many failures. */
  code?: string | undefined;
  /** Sets the device cookie on the answer (also on an error answer). */
  setCookie: (value: string) => void;
}

/** Reserves one checked failure on the account before the check; false once `cap` failures are counted. */
async function reserveFailure(db: DbOrTx, account: string, now: Date, cap: number | null): Promise<boolean> {
  const at = now.toISOString();
  const rows = await db.execute<{ failures: number }>(sql`
    insert into login_failures as f (account, failures, last_failure_at) values (${account}, 1, ${at})
    on conflict (account) do update set failures = f.failures + 1, last_failure_at = excluded.last_failure_at
    ${cap === null ? sql`` : sql`where f.failures < ${cap}`}
    returning failures`);
  return rows.rows.length > 0;
}

/** Checked failures counted on an account since its last success. */
export async function accountFailures(db: DbOrTx, account: string): Promise<number> {
  const [row] = await db.select({ failures: loginFailures.failures }).from(loginFailures).where(eq(loginFailures.account, account)).limit(1);
  return row?.failures ?? 0;
}

const unlockHash = (userId: string, code: string) => sha256(`login_unlock:${userId}:${code}`);

/** Sends a one-time unlock code (limited per account; silently none beyond). */
async function sendUnlockCode(ctx: Services, account: string, user: LoginAccount | undefined): Promise<void> {
  const to = user?.isActive !== false ? user?.unlockTo : null;
  if (!user || !to) return;
  const now = ctx.clock.now();
  const perHour = await hitLimit(ctx.db, `login:code-sent:${account}`, 3600_000, now);
  if (perHour.count > UNLOCK_CODES_PER_HOUR) return;
  const perDay = await hitLimit(ctx.db, `login:code-sent-day:${account}`, 24 * 3600_000, now);
  if (perDay.count > UNLOCK_CODES_PER_DAY) return;
  const code = newOtp();
  await ctx.db.transaction(async (tx) => {
    // Used and expired codes of the account go; codes still valid stay valid (the owner may enter an earlier one).
    await tx
      .delete(tokens)
      .where(and(eq(tokens.kind, 'login_unlock'), eq(tokens.userId, user.id), or(sql`${tokens.usedAt} is not null`, lte(tokens.expiresAt, now))));
    await tx
      .insert(tokens)
      .values({ kind: 'login_unlock', tokenHash: unlockHash(user.id, code), userId: user.id, parentId: to.parentId ?? null, target: to.recipient, expiresAt: new Date(now.getTime() + UNLOCK_CODE_TTL_MS) })
      .onConflictDoNothing();
    await enqueueComposed(
      tx,
      'otp',
      { channel: to.channel, recipient: to.recipient, language: storedLanguage(to.language) },
      { otp: code, minutes: UNLOCK_CODE_TTL_MS / 60_000 },
      { kitaId: to.kitaId ?? null, parentId: to.parentId ?? null, userId: user.id },
      { secret: code, ctx },
    );
  });
  ctx.outbox.kick();
}

/** Uses up a valid unlock code of the user; false when wrong, used or expired. */
async function consumeUnlockCode(db: DbOrTx, userId: string, code: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(tokens)
    .set({ usedAt: now })
    .where(and(eq(tokens.tokenHash, unlockHash(userId, code)), eq(tokens.kind, 'login_unlock'), isNull(tokens.usedAt), gt(tokens.expiresAt, now)))
    .returning({ id: tokens.id });
  return rows.length > 0;
}

const reserveAll = async (ctx: Services, keys: Array<{ key: string; policy: AttemptPolicy }>, now: Date) => {
  // In turn, not in parallel: a refused reservation must not have counted on the later keys.
  for (const k of keys) {
    const r = await reserveAttempt(ctx.db, k.key, k.policy, now);
    if (!r.allowed) throw waitError(r.retryAfter);
  }
};

/**
 * Checks a password login under the attempt limits. Answers the same way whether or not the
 * account exists; returns the user id on success and sets the device cookie.
 */
export async function checkPasswordLogin(
  ctx: Services,
  client: LoginClient,
  account: string,
  lookup: () => Promise<LoginAccount | undefined>,
  password: string,
): Promise<string> {
  const now = ctx.clock.now();
  const secret = ctx.config.jwtSecret;
  const secure = ctx.config.publicUrl.startsWith('https:');
  let device = readDevice(secret, client.cookies);
  let known = knowsAccount(secret, device, account);
  let user: LoginAccount | undefined;
  let looked = false;
  const find = async () => {
    if (!looked) {
      user = await lookup();
      looked = true;
    }
    return user;
  };

  if (!known && client.code) {
    // Proving control of the account's e-mail or phone makes this browser a known device.
    await reserveAll(ctx, [{ key: `login:code:${account}`, policy: LOGIN_POLICY.code }], now);
    const u = await find();
    if (!u || !(await consumeUnlockCode(ctx.db, u.id, client.code, now))) throw new AppError(400, 'LOGIN_CODE_WRONG');
    await clearLimit(ctx.db, `login:code:${account}`);
    device = withAccount(secret, device, account);
    client.setCookie(deviceCookieHeader(secret, device, secure));
    known = true;
  }

  const net = clientNet(client.ip).client;
  const clientKeys = known
    ? [{ key: `login:acct-dev:${accountTag(secret, account)}:${device!.id}`, policy: LOGIN_POLICY.accountClient }]
    : [{ key: `login:acct-ip:${account}:${net}`, policy: LOGIN_POLICY.accountClient }, ...clientAttemptKeys('login:ip', client.ip, LOGIN_POLICY.client)];
  await reserveAll(ctx, clientKeys, now);
  if (!(await reserveFailure(ctx.db, account, now, known ? null : ACCOUNT_FAILURES_MAX))) {
    // Too many failures on the account: unknown devices are refused until a success; the owner gets a code.
    for (const k of clientKeys.slice(1)) await refundAttempt(ctx.db, k.key);
    await sendUnlockCode(ctx, account, await find());
    throw new AppError(429, 'LOGIN_CODE_SENT');
  }
  const u = await find();
  const ok = await verifyPassword(u?.passwordHash ?? null, password);
  if (!u || !ok || !u.isActive) throw new AppError(401, 'INVALID_CREDENTIALS');
  // A success ends the account's failure count, forgives this client's failures on the account,
  // gives back the reservation on the spraying net (many staff behind one office address never
  // run into it) and makes the browser a known device of the account.
  await ctx.db.delete(loginFailures).where(eq(loginFailures.account, account));
  await clearLimit(ctx.db, clientKeys[0]!.key);
  for (const k of clientKeys.slice(1)) await refundAttempt(ctx.db, k.key);
  client.setCookie(deviceCookieHeader(secret, withAccount(secret, device, account), secure));
  return u.id;
}

export async function findStaffByEmail(ctx: Services, email: string) {
  const [u] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive, role: users.role, phoneVerified: users.phoneVerified, phoneNumber: users.phoneNumber, language: users.language, kitaId: users.kitaId, email: users.email })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return u && u.role !== 'Parent' ? u : undefined;
}
