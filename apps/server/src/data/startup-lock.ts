/**
 * Two instances starting at once (issue 14, D50): the start-up work (migrations, the runtime role's
 * grants, the demo seed, boot.ts) runs under one lock per database, so a second instance waits for the
 * first and then finds everything done (each step is idempotent) instead of inserting the same demo
 * rows, or publishing the same questionnaire version, a second time.
 *
 * - PostgreSQL: a session advisory lock (pg_advisory_lock) held by a connection of its own, opened as
 *   the owner role (DATABASE_MIGRATION_URL). The lock goes with the connection: an instance killed while
 *   it holds it frees it at once.
 * - SQLite: a lock file next to the database file (created exclusively, holding the pid); one left by a
 *   process that no longer runs is taken over. ':memory:' needs none.
 */
import { openSync, closeSync, readFileSync, unlinkSync, writeSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { isPostgresUrl } from '../config.ts';

/** The advisory lock's key: 'kyc-start' as a number (Kysely's migrator holds another one inside). */
export const STARTUP_LOCK_KEY = '7310512899063882100';
/** How long an instance waits for another's start-up work before giving up. */
export const STARTUP_LOCK_WAIT_MS = 10 * 60_000;
const POLL_MS = 100;

export async function withStartupLock<T>(
  config: { databaseUrl: string; databaseMigrationUrl: string; dbConnectTimeoutMs?: number },
  work: () => Promise<T>,
): Promise<T> {
  if (isPostgresUrl(config.databaseUrl)) return withAdvisoryLock(config, work);
  if (config.databaseUrl === ':memory:') return work();
  return withLockFile(`${config.databaseUrl}.start-lock`, work);
}

async function withAdvisoryLock<T>(
  config: { databaseMigrationUrl: string; dbConnectTimeoutMs?: number },
  work: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client({
    connectionString: config.databaseMigrationUrl,
    ...(config.dbConnectTimeoutMs ? { connectionTimeoutMillis: config.dbConnectTimeoutMs } : {}),
  });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function withLockFile<T>(file: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + STARTUP_LOCK_WAIT_MS;
  for (;;) {
    if (tryCreate(file)) break;
    if (abandoned(file)) {
      try {
        unlinkSync(file);
      } catch {
        // Another instance took it over first.
      }
      continue;
    }
    if (Date.now() > deadline) throw new Error(`another instance holds ${file} (start-up work)`);
    await sleep(POLL_MS);
  }
  try {
    return await work();
  } finally {
    try {
      unlinkSync(file);
    } catch {
      // Gone already.
    }
  }
}

function tryCreate(file: string): boolean {
  try {
    const fd = openSync(file, 'wx', 0o600);
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** A lock file whose process no longer runs (or unreadable and older than the longest wait). */
function abandoned(file: string): boolean {
  try {
    const pid = Number(readFileSync(file, 'utf8'));
    if (!Number.isInteger(pid) || pid <= 0) return Date.now() - statSync(file).mtimeMs > STARTUP_LOCK_WAIT_MS;
    process.kill(pid, 0);
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ESRCH: no such process. ENOENT: the file went meanwhile (try again). EPERM: it runs, as another user.
    return code === 'ESRCH' || code === 'ENOENT';
  }
}
