import { z } from 'zod';
import { failureReasonSchema } from './delivery.js';
import { text } from './validation.js';

/**
 * Account mails that failed for good (activation and password reset): the Admin sees which
 * account did not get its mail and sends it again (GET account-mails/failed, POST
 * account-mails/{messageId}/resend). Only the newest such mail of an account is listed; once it is
 * sent again, the new mail replaces it (and shows up again only if it fails too).
 */
export const ACCOUNT_MAIL_KINDS = ['activation', 'password_reset'] as const;
export const accountMailKindSchema = z.enum(ACCOUNT_MAIL_KINDS);
export type AccountMailKind = z.infer<typeof accountMailKindSchema>;

export const failedAccountMailSchema = z.object({
  messageId: text(),
  kind: accountMailKindSchema,
  /** The parent's or staff user's name. */
  accountName: text(),
  accountRole: z.enum(['Parent', 'Staff']),
  /** The address the mail failed at (full: the Admin checks it for typos). */
  recipient: text(),
  kitaName: text().nullable(),
  failureReason: failureReasonSchema.nullable(),
  /** When the failed mail was written (ISO). */
  createdAt: text(),
});
export type FailedAccountMail = z.infer<typeof failedAccountMailSchema>;

export const accountMailResendResultSchema = z.object({
  /** The new mail's kind and the (current) address it goes to. */
  kind: accountMailKindSchema,
  recipient: text(),
});
export type AccountMailResendResult = z.infer<typeof accountMailResendResultSchema>;
