/**
 * Statement timeout and cancellation of the back-office lists (issue 17, D57). A list's reads run in one
 * read-only transaction whose `statement_timeout` is the list's (2 s: far above a page on its index,
 * far below the pool-wide DB_STATEMENT_TIMEOUT_MS), so a filter no index serves well ends with 55001
 * ("narrow the filter") instead of holding a connection. When the client goes away (`signal`), the
 * running statement is cancelled with `pg_cancel_backend` from another connection: PostgreSQL would
 * otherwise finish an abandoned list and slow the next ones.
 *
 * SQLite runs in-process with one writer and demo-sized lists; better-sqlite3 offers no interrupt, so
 * there the work simply runs (documented in docs/backoffice-at-volume.md).
 */
import { sql, SqliteAdapter } from 'kysely';
import { AppError } from '../lib/app-error.ts';
import type { Db } from './db.ts';

export const LIST_STATEMENT_TIMEOUT_MS = 2_000;

export interface ListLimits {
  timeoutMs?: number | undefined;
  /** Aborted when the client has gone away. */
  signal?: AbortSignal | undefined;
}

const QUERY_CANCELED = '57014';

function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Runs a list's reads under its limits; `work` gets the handle to read with. */
export async function withListLimits<T>(
  db: Db,
  limits: ListLimits,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  if (db.getExecutor().adapter instanceof SqliteAdapter || db.isTransaction) return work(db);
  const { signal } = limits;
  if (signal?.aborted) throw new AppError('LIST_CANCELLED');
  const timeoutMs = Math.max(1, Math.round(limits.timeoutMs ?? LIST_STATEMENT_TIMEOUT_MS));
  let cancelled = false;
  try {
    return await db
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => {
        const { rows } = await sql<{
          pid: number;
        }>`select set_config('statement_timeout', ${String(timeoutMs)}, true), pg_backend_pid() as pid`.execute(
          trx,
        );
        const pid = Number(rows[0]?.pid);
        const cancel = () => {
          cancelled = true;
          // Another connection asks the server to cancel this backend's running statement.
          sql`select pg_cancel_backend(${pid})`.execute(db).catch(() => undefined);
        };
        signal?.addEventListener('abort', cancel, { once: true });
        try {
          return await work(trx);
        } finally {
          signal?.removeEventListener('abort', cancel);
        }
      });
  } catch (error) {
    if (sqlState(error) === QUERY_CANCELED) {
      throw cancelled
        ? new AppError('LIST_CANCELLED', 'the client went away', 200, {}, { cause: error })
        : new AppError('LIST_TOO_SLOW', undefined, 200, {}, { cause: error });
    }
    throw error;
  }
}
