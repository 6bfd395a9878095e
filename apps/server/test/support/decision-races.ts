/**
 * Issue 14: two decisions on one case sent at the same moment. A second instance of the app on the same
 * database (a second SQLite connection to the same file, or a second PostgreSQL pool), staff signed in
 * once and carried over to it, and what one race wrote, counted by the rows added while it ran.
 */
import { sql } from 'kysely';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppFixture } from './app-fixture.ts';
import { testApp, TestClient } from './test-app.ts';
import type { BuildOptions } from '../../src/app.ts';
import { openDatabase, type Database } from '../../src/data/db.ts';

/** The URL of the fixture's database: another process or instance opens the same one. */
export async function databaseUrlOf(fixture: AppFixture): Promise<string> {
  const { db, dialect } = fixture.database;
  if (dialect === 'sqlite') {
    const files = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
    const file = files.rows.find((r) => r.name === 'main')?.file;
    if (!file) throw new Error('the SQLite test database has no file');
    return file;
  }
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
  const url = new URL(inject('postgresUrl') ?? '');
  url.pathname = `/${rows[0]?.name ?? ''}`;
  return url.toString();
}

/**
 * A second app on the fixture's database, as a second server instance would be (its own connection or
 * pool), with `env` over the test's and `build` (e.g. a logger); closed by `close`.
 */
export async function secondInstance(
  fixture: AppFixture,
  env: Record<string, string> = {},
  build: Partial<BuildOptions> = {},
): Promise<{
  app: FastifyInstance;
  close(): Promise<void>;
}> {
  const url = await databaseUrlOf(fixture);
  const database: Database =
    fixture.database.dialect === 'sqlite' ? openDatabase(url) : openDatabase(url, { poolSize: 4 });
  const app = await testApp(database, { ...build, env: { DATA_DIR: fixture.dataDir, ...env } });
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The same signed-in browser, talking to another instance (sessions live in the database). */
export function onInstance(client: TestClient, app: FastifyInstance): TestClient {
  const other = new TestClient(app);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

const COUNTED = ['kyc_decisions', 'audit_log', 'notices', 'status_outbox'] as const;
export type Counted = (typeof COUNTED)[number];

/** The highest id of each table whose rows a decision adds. */
export async function marks(fixture: AppFixture): Promise<Record<Counted, number>> {
  const out = {} as Record<Counted, number>;
  for (const table of COUNTED) {
    const row = await fixture.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    out[table] = Number(row?.id ?? 0);
  }
  return out;
}

/** How many rows of each table were added since `before`. */
export async function addedSince(
  fixture: AppFixture,
  before: Record<Counted, number>,
): Promise<Record<Counted, number>> {
  const now = await marks(fixture);
  const out = {} as Record<Counted, number>;
  for (const table of COUNTED) {
    let query = fixture.database.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '>', before[table])
      .where('id', '<=', now[table]);
    // The audit entries of decisions: the case the winner is answered with is a (audited) view.
    if (table === 'audit_log') query = query.where('action', 'not like', '%.view');
    const row = await query.executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

/** The status events added since `before` (ref and status), oldest first. */
export async function eventsSince(fixture: AppFixture, before: Record<Counted, number>) {
  return fixture.database.db
    .selectFrom('status_outbox')
    .select(['ref', 'status'])
    .where('id', '>', before.status_outbox)
    .orderBy('id')
    .execute();
}

/** The two answers of a race, the winner's first: exactly one must be 0 and the other 30081 (409). */
export function winnerAndLoser<
  T extends { response: { statusCode: number }; envelope?: { ret_code: number } },
>(answers: readonly [T, T]): { winner: 0 | 1; outcome: string } {
  const outcome = answers.map((a) => `${a.response.statusCode}/${a.envelope?.ret_code}`).join(' + ');
  return { winner: answers[0].envelope?.ret_code === 0 ? 0 : 1, outcome };
}
