/**
 * Whether a transaction failed only because another one wrote first, so that running it again (and
 * reading afresh) is the answer: SQLite's SQLITE_BUSY and SQLITE_BUSY_SNAPSHOT (a transaction that has
 * read cannot start writing while, or after, another connection writes), PostgreSQL's serialization
 * failure (40001) and deadlock (40P01). Everything else is a real error.
 */
const RETRYABLE = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', '40001', '40P01']);

export function isWriteConflict(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && RETRYABLE.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
