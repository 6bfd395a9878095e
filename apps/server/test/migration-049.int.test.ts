/**
 * Migration 049 (issue 18, docs/screening.md "Removed lists and entries", D111): a delta may be
 * `abandoned`, with its `end_reason`. The deltas recorded before it are kept as they were (SQLite rebuilds
 * the table), the job's partial index is there again, another status is still refused, and going down
 * turns the abandoned deltas into done ones.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/data/db.ts';
import { migrationProvider } from '../src/data/migrations/index.ts';

const postgresUrl = inject('postgresUrl');
const runId = inject('postgresRunId');

interface Target {
  name: string;
  open(): Promise<Database>;
}

const cleanups: (() => Promise<unknown>)[] = [];
const targets: Target[] = [
  {
    name: 'sqlite',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'kyc-m049-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      return openDatabase(path.join(dir, 'test.sqlite'));
    },
  },
];
if (postgresUrl)
  targets.push({
    name: 'postgres',
    async open() {
      const name = `kyc_${runId}_m049_${randomBytes(4).toString('hex')}`;
      const admin = async (statement: string) => {
        const client = new pg.Client({ connectionString: postgresUrl });
        await client.connect();
        await client.query(statement).finally(() => client.end());
      };
      await admin(`create database "${name}"`);
      cleanups.push(() => admin(`drop database if exists "${name}" with (force)`));
      const url = new URL(postgresUrl);
      url.pathname = `/${name}`;
      return openDatabase(url.toString(), { poolSize: 2 });
    },
  });

describe.each(targets)('migration 049 on $name', (target) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const delta = (listId: string, toHash: string) => ({
    list_id: listId,
    from_hash: '',
    to_hash: toHash,
    changed: '["A-1"]',
    removed: '[]',
    upto_applicant_id: 7,
    created_at: 1000,
  });

  it('when deltas exist, then they are kept, an abandoned one with its reason can be written, another status is refused, and down turns it into done', async () => {
    database = await target.open();
    const db = database.db;
    const migrator = new Migrator({ db, provider: migrationProvider(database.dialect) });
    expect((await migrator.migrateTo('047-face-embeddings')).error).toBeUndefined();
    const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await untyped.insertInto('screening_deltas').values(delta('a.csv', 'h1')).execute();
    await untyped
      .insertInto('screening_deltas')
      .values({ ...delta('b.csv', 'h2'), status: 'done', cursor: 7, screened: 3, hits: 1, finished_at: 2000 })
      .execute();

    expect((await migrator.migrateTo('049-screening-delta-end')).error).toBeUndefined();

    const kept = await db.selectFrom('screening_deltas').selectAll().orderBy('id').execute();
    expect(kept.map((d) => [d.list_id, d.status, Number(d.cursor), Number(d.hits), d.end_reason])).toEqual([
      ['a.csv', 'running', 0, 0, null],
      ['b.csv', 'done', 7, 1, null],
    ]);
    const indexes =
      database.dialect === 'sqlite'
        ? await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'screening_deltas'`.execute(
            db,
          )
        : await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where tablename = 'screening_deltas'`.execute(db);
    expect(indexes.rows.map((r) => r.name)).toContain('screening_deltas_running_idx');

    await db
      .updateTable('screening_deltas')
      .set({ status: 'abandoned', end_reason: 'list_removed', finished_at: 3000 })
      .where('list_id', '=', 'a.csv')
      .execute();
    await expect(
      untyped
        .insertInto('screening_deltas')
        .values({ ...delta('c.csv', 'h3'), status: 'paused' })
        .execute(),
    ).rejects.toThrow();
    // The unique change is still there: the same change is never recorded twice.
    await expect(
      untyped.insertInto('screening_deltas').values(delta('a.csv', 'h1')).execute(),
    ).rejects.toThrow();

    expect((await migrator.migrateTo('047-face-embeddings')).error).toBeUndefined();
    const down = await untyped
      .selectFrom('screening_deltas')
      .select(['list_id', 'status'])
      .orderBy('id')
      .execute();
    expect(down).toEqual([
      { list_id: 'a.csv', status: 'done' },
      { list_id: 'b.csv', status: 'done' },
    ]);
  });
});
