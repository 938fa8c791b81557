/**
 * PostgreSQL unique-violation (SQLSTATE 23505), as thrown by node-postgres or PGlite, possibly
 * wrapped by Drizzle in `cause`. Lets a service turn a race past its own pre-check into a 409.
 */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
