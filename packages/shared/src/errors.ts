/**
 * Every `code` of an API error body (docs/wire.md: `{ statusCode, code, message, details? }`). The server
 * throws only these (`AppError<ErrorCode>`), and the web compares against them instead of string
 * literals. Each has its message at `errors.<CODE>` in the catalogs unless the thrower names a
 * more specific key (the RELEASE_* codes use `results.release.*`).
 */
export const ERROR_CODES = [
  // Generic
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'INTERNAL',
  'DATABASE_UNAVAILABLE',
  'UPGRADE_IN_PROGRESS',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  // Sign-in, accounts and passwords
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_PENDING',
  'ACCOUNT_INACTIVE',
  'OTP_INVALID',
  'OTP_WRONG',
  'LOGIN_CODE_SENT',
  'LOGIN_CODE_WRONG',
  'TOKEN_MISSING',
  'TOKEN_INVALID',
  'RESET_TOKEN_INVALID',
  'EMAIL_TAKEN',
  'EMAIL_MISMATCH',
  'ALREADY_VERIFIED',
  'PHONE_REQUIRED',
  'PASSWORD_COMMON',
  'OLD_PASSWORD_WRONG',
  'CURRENT_PASSWORD_WRONG',
  'OWN_ROLE',
  'OWN_ACCOUNT',
  'UNAUTHORIZED_ROLE_OR_KITA',
  // Kitas, categories, groups, parents, children
  'KITA_DUPLICATE',
  'KITA_DELETE_CONFIRM',
  'CATEGORY_EXISTS',
  'CATEGORY_IN_USE',
  'CATEGORY_NOT_IN_KITA',
  'GROUP_EXISTS',
  'GROUP_HAS_CHILDREN',
  'GROUP_NOT_IN_KITA',
  'KITA_MISMATCH',
  'MISSING_PARENT',
  'PARENT_HAS_CHILDREN',
  'PARENT_HAS_HISTORY',
  'NOT_REGISTERED',
  'REGISTRATION_CLOSED',
  'REGISTRATIONS_FULL',
  'VERIFICATION_LIMIT',
  'ADDRESS_CHANGE_LIMIT',
  'RESEND_LIMIT',
  // Verified priority (rule version 3)
  'PRIORITY_GROUP_NOT_IN_KITA',
  'PRIORITY_GROUP_IN_USE',
  'PRIORITY_VALID_UNTIL',
  'PRIORITY_CHILD_NOT_IN_FAMILY',
  'PRIORITY_NOT_FOUND',
  // Push notifications
  'PUSH_ENDPOINT_NOT_ALLOWED',
  'PUSH_DISABLED',
  // Inquiries and answers
  'EVENT_FINISHED',
  'EVENT_WITHDRAWN',
  'EVENT_HAS_ANSWERS',
  'EVENT_FINISHED_WITH_ANSWERS',
  'EVENT_OVERLAP',
  'EVENT_ALREADY_OPEN',
  'EVENT_NOT_OPEN',
  'CHILD_NOT_ELIGIBLE',
  'BLUE_ONLY_IMMEDIATE',
  // Releasing a slot
  'RELEASE_MISSING_DATA',
  'RELEASE_NOT_FOUND',
  'RELEASE_NOT_FINISHED',
  'RELEASE_IMMEDIATE',
  'RELEASE_EXPIRED',
  'RELEASE_NO_SLOT',
  // Provider callbacks
  'CALLBACK_SIGNATURE_INVALID',
  'CALLBACK_REPLAYED',
  'CALLBACK_BODY_INVALID',
  'CHANNEL_NOT_PAUSED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
