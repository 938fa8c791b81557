import { z } from 'zod';
import { text, uuidSchema } from './validation.js';

/**
 * The audit log's vocabulary: every write of the server, by staff, a parent or the system, records
 * one of these actions on one of these record kinds (apps/server/src/lib/audit.ts is the only
 * writer). The audit viewer words them from the `audit` catalogue, so a new action needs a text in
 * every language there; the catalogue type fails to compile without it.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'approve',
  'reject',
  'register',
  // A registration that proved neither address in time (a system write).
  'expire',
  'change-password',
  'reset-password',
  // An inquiry opened by its schedule, its snapshot changed by a late joiner, its close.
  'open',
  'snapshot',
  'close',
  'record_answers',
  'release_slot',
  'reset_credits',
  'resend',
  'resume',
  'test_message',
  // "Meine Daten": a family's data downloaded, an erasure asked for and carried out.
  'export',
  'erasure_request',
  'erase',
  // The audit log itself was downloaded as CSV.
  'audit_export',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditActionSchema = z.enum(AUDIT_ACTIONS);

export const AUDIT_ENTITIES = ['kita', 'category', 'group', 'user', 'parent', 'child', 'event', 'delivery_channel', 'account_mail', 'audit_log'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
export const auditEntitySchema = z.enum(AUDIT_ENTITIES);

/** Who wrote an audit row: a staff role, a parent, the system (timers, sweeps) or the admin command (null). */
export const AUDIT_SYSTEM_ROLE = 'system';

const isoInstant = z.iso.datetime({ offset: true, error: 'validation.date' });

/** GET /api/audit-log: filters and the page (newest first, `before` = the last id of the previous page). */
export const auditQuerySchema = z.object({
  kitaId: uuidSchema.optional(),
  /** The person who acted (a user id). */
  actorUserId: uuidSchema.optional(),
  /** The kind of record and, optionally, which one. */
  entity: auditEntitySchema.optional(),
  entityId: text().trim().min(1).max(100).optional(),
  action: auditActionSchema.optional(),
  from: isoInstant.optional(),
  to: isoInstant.optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: text(),
  actorUserId: text().nullable(),
  /** The acting user's name at read time (null for the system, the admin command or a deleted user). */
  actorName: text().nullable(),
  actorRole: text().nullable(),
  action: auditActionSchema,
  entity: auditEntitySchema,
  entityId: text().nullable(),
  kitaId: text().nullable(),
  kitaName: text().nullable(),
  /** What the action changed (field names, counts, reasons); personal values only until retention removes them. */
  details: z.record(text(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The people who appear in the caller's audit log, for the person filter. */
export const auditActorSchema = z.object({ userId: text(), name: text(), role: text() });
export type AuditActor = z.infer<typeof auditActorSchema>;
