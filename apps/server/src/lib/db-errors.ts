/**
 * Classifies database failures for the error handler and the logs: a lost or refused
 * connection is a temporary 503, and a failed statement is logged without its parameter values.
 */

/** SQLSTATE classes/codes that mean "the connection or the server went away", not "the query is wrong". */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-4]|53300|53400|57014)$/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);
const UNAVAILABLE_MESSAGE = /Connection terminated|Client was closed and is not queryable|Client has encountered a connection error|timeout exceeded when trying to connect|terminating connection|the database system is (starting up|shutting down|in recovery mode)|Cannot use a pool after calling end/i;

function* chain(err: unknown): Generator<Record<string, unknown>> {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    yield e as Record<string, unknown>;
  }
}

/** True when the error (or its cause, as Drizzle wraps driver errors) is a lost or refused database connection. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)) return true;
    // Any failed connect: also ENOENT of a Unix socket (Debian's default host=/var/run/postgresql),
    // whose file disappears while the server is stopped.
    if (e.syscall === 'connect' && /^E[A-Z]+$/.test(code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/**
 * PostgreSQL refused a character of the input (SQLSTATE 22021 "invalid byte sequence", e.g. NUL,
 * or 22P05 "untranslatable character"): bad input, not a fault.
 */
export function isInvalidTextForDatabase(err: unknown): boolean {
  for (const e of chain(err)) if (e.code === '22021' || e.code === '22P05') return true;
  return false;
}

/**
 * A loggable summary of an error without the values of a failed statement: Drizzle's message
 * quotes the SQL *and its parameters* ("params: ..."), and PostgreSQL's `detail` repeats key
 * values. We keep the SQL text (placeholders only), the SQLSTATE, the routine and the messages
 * with quoted literals blanked.
 */
export function safeErrorForLog(err: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const causes: Array<Record<string, unknown>> = [];
  for (const e of chain(err)) {
    const entry: Record<string, unknown> = { type: (e.constructor as { name?: string } | undefined)?.name ?? 'Error' };
    if (typeof e.query === 'string') entry.query = e.query;
    if (typeof e.message === 'string') entry.message = scrub(e.message);
    for (const k of ['code', 'routine', 'severity', 'table', 'column', 'constraint']) if (typeof e[k] === 'string') entry[k] = e[k];
    if (causes.length === 0 && typeof e.stack === 'string') entry.stack = scrub(e.stack);
    causes.push(entry);
  }
  out.type = causes[0]?.type;
  out.message = causes[0]?.message;
  out.stack = causes[0]?.stack;
  if (causes.length > 1 || causes[0]?.code || causes[0]?.query) out.chain = causes.map(({ stack: _s, ...rest }) => rest);
  return out;
}

/** Drops "params: ..." of Drizzle's messages and blanks quoted literals of PostgreSQL's messages. */
function scrub(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '\nparams: [redacted]')
    .replace(/"(?:[^"\\]|\\.)*"/g, (m) => (m.length > 40 || /\d|@/.test(m) ? '"[redacted]"' : m))
    .replace(/\(([^()]*)\)=\(([^()]*)\)/g, '($1)=([redacted])');
}
