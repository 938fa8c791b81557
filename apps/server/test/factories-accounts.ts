import { desc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { outboxMessages } from '../src/db/schema.js';
import { openMessage, outboxSecretKey } from '../src/notify/secrets.js';
import { testConfig, type TestContext } from './app.js';

/** The outbox key of the test configuration (the sealed links and codes are opened with it). */
export const testSecretKey = outboxSecretKey(testConfig().jwtSecret);

/**
 * Reading what the app "sent": outbox rows, newest first, as the recipient (and the dev mailbox)
 * sees them, i.e. with the sealed link or code put back in.
 */
export async function messagesTo(db: Db, recipient: string) {
  const rows = await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient)).orderBy(desc(outboxMessages.createdAt));
  return rows.map((r) => openMessage(r, testSecretKey));
}

export async function lastMessageTo(db: Db, recipient: string) {
  const [m] = await messagesTo(db, recipient);
  if (!m) throw new Error(`no message to ${recipient}`);
  return m;
}

/** The token of the first `{publicUrl}{path}?token=...` link in a message body. */
export function tokenFromLink(body: string, path: string): string {
  const m = new RegExp(`${path.replace(/[/]/g, '\\/')}\\?token=([A-Za-z0-9_-]+)`).exec(body);
  if (!m) throw new Error(`no ${path} link in: ${body}`);
  return m[1]!;
}

/** The 6-digit code of an OTP message. */
export function otpFrom(body: string): string {
  const m = /\b(\d{6})\b/.exec(body);
  if (!m) throw new Error(`no code in: ${body}`);
  return m[1]!;
}

/** A different 6-digit code than the right one. */
export const wrongOtp = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');

/** POST /api/auth/<url> on the test app (the auth routes' tests send many). */
export function postAuth(t: TestContext, url: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: `/api/auth/${url}`, payload, headers });
}
