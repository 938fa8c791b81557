import { z } from 'zod';
import { text } from './validation.js';

/**
 * A family's own data (right of access and portability, GDPR Art. 15/20) and erasure on request
 * (Art. 17). docs/privacy-requests.md describes what each part holds and what erasure keeps.
 */

export const exportQuerySchema = z.object({ format: z.enum(['json', 'pdf']).default('json') });

const nullableText = text().nullable();

export const familyExportSchema = z.object({
  /** Identifies the layout of this document for machines that read it. */
  format: z.literal('kita-family-export/1'),
  exportedAt: text(),
  profile: z.object({
    id: text(),
    name: text(),
    email: nullableText,
    secondaryEmail: nullableText,
    primaryPhone: nullableText,
    secondaryPhone: nullableText,
    preferredCommunication: nullableText,
    language: text(),
    status: text(),
    isActive: z.boolean(),
    isAnonymous: z.boolean(),
    kita: z.object({ id: text(), name: text(), location: text() }),
    createdAt: text(),
    updatedAt: text(),
  }),
  children: z.array(
    z.object({ id: text(), name: text(), dateOfBirth: text(), group: text(), category: text(), createdAt: text() }),
  ),
  inquiries: z.array(
    z.object({
      eventId: text(),
      status: text(),
      careStartsAt: text(),
      careEndsAt: text(),
      answersCloseAt: text(),
      category: text(),
      children: z.array(
        z.object({
          childId: text(),
          childName: text(),
          group: text(),
          joinedAt: text(),
          joinReason: text(),
          leftAt: nullableText,
          leaveReason: nullableText,
          /** red | yellow | green | blue, null = not answered. */
          answer: nullableText,
          answeredAt: nullableText,
          /** True when a staff member recorded the answer for the family (phone call). */
          answerRecordedByStaff: z.boolean(),
          place: z.boolean().nullable(),
          rank: z.number().nullable(),
          waitlistPosition: z.number().nullable(),
          creditBalanceAtClose: z.number().nullable(),
          reason: z.unknown().nullable(),
          releasedAt: nullableText,
          promotedAt: nullableText,
        }),
      ),
    }),
  ),
  credits: z.object({
    balance: z.number(),
    ledger: z.array(z.object({ at: text(), amount: z.number(), reason: text(), eventId: nullableText, childId: nullableText })),
  }),
  /** Messages sent to the family: what, how, when and how it fared; never their text, links or codes. */
  messages: z.array(
    z.object({
      kind: text(),
      channel: text(),
      recipient: text(),
      createdAt: text(),
      sentAt: nullableText,
      status: text(),
      deliveryStatus: nullableText,
      failureReason: nullableText,
      eventId: nullableText,
    }),
  ),
  /** What the family chose or confirmed: channel, language, verified addresses, registration. */
  consents: z.object({
    preferredCommunication: nullableText,
    language: text(),
    emailVerified: z.boolean(),
    secondaryEmailVerified: z.boolean(),
    primaryPhoneVerified: z.boolean(),
    secondaryPhoneVerified: z.boolean(),
    selfRegistered: z.boolean(),
  }),
  /** The login account and its sessions (kept until a day after they expire). */
  logins: z.object({
    account: z.object({ email: nullableText, phoneNumber: nullableText, hasPassword: z.boolean(), isActive: z.boolean(), createdAt: text() }).nullable(),
    sessions: z.array(z.object({ kind: text(), createdAt: text(), expiresAt: text(), revokedAt: nullableText })),
  }),
  /** What staff and the system did to the family's records (the audit log). */
  recordHistory: z.array(z.object({ at: text(), action: text(), entity: text(), actorRole: nullableText })),
  erasureRequests: z.array(z.object({ requestedAt: text(), dueAt: text(), doneAt: nullableText })),
  /**
   * The Kita's priority confirmations of the family, ended ones included, with the group and the
   * staff's note: elsewhere only the Kita's managers see them, but the family's right of access
   * covers its own record (docs/privacy.md).
   */
  priority: z.array(
    z.object({ group: text(), childId: nullableText, childName: nullableText, validUntil: text(), note: nullableText, confirmedAt: text(), endedAt: nullableText }),
  ),
  /** The browsers and phones that receive the family's push notifications (the push address and keys stay out). */
  devices: z.array(z.object({ label: text(), createdAt: text(), lastUsedAt: nullableText })),
});
export type FamilyExport = z.infer<typeof familyExportSchema>;

/** Art. 12(3): an erasure request is answered within one month. */
export const ERASURE_DEADLINE_DAYS = 30;

export const erasureRequestSchema = z.object({
  id: text(),
  parentId: nullableText,
  kitaId: text(),
  kitaName: text(),
  /** The family's name while the request is open; the pseudonym ("gelöschte Familie 3") once done. */
  familyName: text(),
  requestedAt: text(),
  dueAt: text(),
  /** 'parent' (asked in the app) | 'staff' (a manager or Admin deleted a family with history). */
  requestedBy: z.enum(['parent', 'staff']),
  doneAt: nullableText,
  overdue: z.boolean(),
});
export type ErasureRequest = z.infer<typeof erasureRequestSchema>;

export const erasureListQuerySchema = z.object({ status: z.enum(['open', 'done']).default('open') });

export const erasureResultSchema = z.object({ familyLabel: text(), children: z.number(), confirmationSent: z.boolean() });
export type ErasureResult = z.infer<typeof erasureResultSchema>;
