/**
 * Constants without zod, so the web's first download can use them without pulling in zod and
 * the contracts (`@kita/shared/constants`); common.ts builds its schemas on them and re-exports
 * them, so `@kita/shared` offers them as before.
 */
export const ROLES = ['Admin', 'KitaManager', 'Parent'] as const;
export const CATEGORY_NAMES = ['Kindergarten', 'Krippe'] as const;
export const PREFERENCE_TYPES = ['red', 'yellow', 'green', 'blue'] as const;
export const EVENT_TYPES = ['immediate', 'future'] as const;
export const COMMUNICATION = ['email', 'sms'] as const;
export const PARENT_STATUS = ['registered', 'approved', 'rejected'] as const;
export const HAS_SLOT = ['JA', 'NEIN'] as const;

/** Business constants (docs/domain.md "Constants"). */
export const LIMITS = {
  requestTimeoutMs: 100_000,
  copyConfirmMs: 5_000,
  reportUrlReleaseMs: 60_000,
  sidebarCookieDays: 7,
  immediateEventMinutes: 15,
  histogramBuckets: 6,
} as const;

/** The file name the web saves the PDF under (docs/wire.md "Routes"). */
export const REPORT_FILE_NAME = 'event-report.pdf';
