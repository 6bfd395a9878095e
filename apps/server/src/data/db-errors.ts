/**
 * Which failures mean "the database is not there right now" (issue 14, D47): the connection was refused,
 * reset or ended, connecting or a statement took longer than DB_CONNECT_TIMEOUT_MS / DB_STATEMENT_TIMEOUT_MS,
 * or the server is shutting down or out of connections. The error handler answers those with 503 and
 * ret_code 10018 (SERVICE_UNAVAILABLE) instead of a 500: the request may succeed when retried, and no
 * stack is worth logging. Everything else (a constraint, a syntax error, a bug) stays a 500.
 */

/** Node's socket errors of a connection that cannot be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of an unavailable server. Class 08 (connection exception) is matched as a class; the others:
 * 57014 query_canceled (statement_timeout), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up, recovering), 57P05 idle_session_timeout, 25P03
 * idle_in_transaction_session_timeout, 53300 too_many_connections, 53000 insufficient_resources.
 */
const UNAVAILABLE_SQLSTATES = new Set([
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '57P05',
  '25P03',
  '53300',
  '53000',
]);

/** pg's and pg-pool's own messages (they carry no code). */
const DRIVER_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/, // pg-pool: no connection within connectionTimeoutMillis
  /^Query read timeout$/, // pg: query_timeout passed without an answer (a partition)
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

/** SQLite: the database stayed locked for longer than the busy timeout. */
const SQLITE_CODES = /^SQLITE_BUSY/;

/**
 * A short reason when `error` (or its cause, or one of an AggregateError's errors) means the database is
 * unavailable; undefined otherwise. The reason names a code or the driver's message, never a statement's
 * parameters, so it may be logged.
 */
export function databaseUnavailable(error: unknown, depth = 0): string | undefined {
  if (depth > 4 || typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof e.code === 'string' ? e.code : undefined;
  const message = typeof e.message === 'string' ? e.message : '';
  if (code && NETWORK_CODES.has(code)) return code;
  if (code && /^[0-9A-Z]{5}$/.test(code) && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code)))
    return `${code} ${message}`.trim();
  if (code && SQLITE_CODES.test(code)) return code;
  if (DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return message;
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors) {
      const reason = databaseUnavailable(inner, depth + 1);
      if (reason) return reason;
    }
  }
  return e.cause === undefined ? undefined : databaseUnavailable(e.cause, depth + 1);
}
