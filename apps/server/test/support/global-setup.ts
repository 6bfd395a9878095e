/**
 * Decides once per run whether PostgreSQL takes part. CI (CI=true) must have it: there, an unreachable
 * server fails the run instead of silently testing SQLite alone.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}

export const POSTGRES_URL = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';

export default async function setup(project: TestProject): Promise<void> {
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

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}
