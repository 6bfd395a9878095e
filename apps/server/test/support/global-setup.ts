/**
 * Decides once per run whether PostgreSQL and Redis take part. CI (CI=true) must have both: there, an
 * unreachable server fails the run instead of silently testing SQLite alone, or skipping the shared
 * limits (test/shared-limits.int.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
    /** Prefix of the databases this run creates (support/databases.ts), dropped at the end of the run. */
    postgresRunId: string;
    /** Redis for the shared-limits tests (issue 14), or null when unreachable outside CI. */
    redisUrl: string | null;
  }
}

export const POSTGRES_URL = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const reachable = await canConnect(POSTGRES_URL);
  if (!reachable.ok) {
    const line = `!!! PostgreSQL NOT REACHABLE at ${redact(POSTGRES_URL)} (${reachable.error}): database tests run on SQLite ONLY !!!`;
    console.warn(`\n${'!'.repeat(line.length)}\n${line}\n${'!'.repeat(line.length)}\n`);
    if (process.env.CI === 'true') throw new Error('PostgreSQL must be reachable in CI');
  } else {
    console.log(
      `integration: PostgreSQL reachable at ${redact(POSTGRES_URL)}; every database test runs on SQLite and PostgreSQL`,
    );
  }
  project.provide('postgresUrl', reachable.ok ? POSTGRES_URL : null);

  const redis = await canReachRedis(REDIS_URL);
  if (!redis.ok) {
    const line = `!!! Redis NOT REACHABLE at ${redact(REDIS_URL)} (${redis.error}): the shared-limits tests are SKIPPED !!!`;
    console.warn(`\n${'!'.repeat(line.length)}\n${line}\n${'!'.repeat(line.length)}\n`);
    if (process.env.CI === 'true') throw new Error('Redis must be reachable in CI');
  } else {
    console.log(`integration: Redis reachable at ${redact(REDIS_URL)}; the shared-limits tests run on it`);
  }
  project.provide('redisUrl', redis.ok ? REDIS_URL : null);

  const runId = randomBytes(4).toString('hex');
  project.provide('postgresRunId', runId);
  return async () => {
    if (reachable.ok) await dropRunDatabases(POSTGRES_URL, runId);
  };
}

/** Drops the databases of this run that are still there (templates, and any a crashed worker left). */
async function dropRunDatabases(url: string, runId: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`kyc\\_${runId}\\_%`],
    );
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}

async function canConnect(url: string): Promise<{ ok: true } | { ok: false; error: string }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function canReachRedis(url: string): Promise<{ ok: true } | { ok: false; error: string }> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    client.disconnect();
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]+@/, '//$1:***@');
}
