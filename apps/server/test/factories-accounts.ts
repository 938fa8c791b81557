import { desc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { outboxMessages } from '../src/db/schema.js';

/** Reading what the app "sent": outbox rows, newest first (the dev mailbox's view). */
export async function messagesTo(db: Db, recipient: string) {
  return db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient)).orderBy(desc(outboxMessages.createdAt));
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
