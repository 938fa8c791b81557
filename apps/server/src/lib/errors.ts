/**
 * An expected failure with an HTTP status and a stable code. `message` is an i18n key
 * (`errors.<code>` by default) translated into the caller's language by the error handler.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly messageKey: string = `errors.${code}`,
    readonly vars: Record<string, string | number> = {},
    readonly details?: Array<{ path: string; message: string }>,
  ) {
    super(code);
  }
}

export const notFound = (key = 'errors.NOT_FOUND', vars: Record<string, string | number> = {}) =>
  new AppError(404, 'NOT_FOUND', key, vars);
export const forbidden = () => new AppError(403, 'FORBIDDEN');
export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED');
export const conflict = (code = 'CONFLICT', key?: string) => new AppError(409, code, key);
export const badRequest = (code: string, key?: string, vars?: Record<string, string | number>) =>
  new AppError(400, code, key, vars);
