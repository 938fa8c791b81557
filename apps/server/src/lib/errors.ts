import type { ErrorCode } from '@kita/shared';
import type { MessageKey } from '@kita/shared/i18n';

type Vars = Record<string, string | number>;

/**
 * An expected failure with an HTTP status and a stable code from the shared `ERROR_CODES`.
 * `messageKey` is a catalog key (`errors.<code>` by default) translated into the caller's language
 * by the error handler; `retryAfter` (seconds) becomes the `Retry-After` header.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly messageKey: MessageKey;

  constructor(
    readonly statusCode: number,
    readonly code: C,
    messageKey?: MessageKey,
    readonly vars: Vars = {},
    readonly details?: Array<{ path: string; message: string }>,
    readonly retryAfter?: number,
  ) {
    super(code);
    this.messageKey = messageKey ?? (`errors.${code}` as MessageKey);
  }
}

/** Not found, with the resource's own key (`<namespace>.notFound`, e.g. `kitas.notFound`) or the generic one. */
export const notFound = (key: MessageKey = 'errors.NOT_FOUND', vars: Vars = {}) => new AppError(404, 'NOT_FOUND', key, vars);
export const forbidden = () => new AppError(403, 'FORBIDDEN');
export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED');
export const conflict = (code: ErrorCode = 'CONFLICT', key?: MessageKey) => new AppError(409, code, key);
export const badRequest = (code: ErrorCode, key?: MessageKey, vars?: Vars) => new AppError(400, code, key, vars);
