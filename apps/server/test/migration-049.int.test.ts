/**
 * Migration 049 (issue 18, docs/screening.md "Removed lists and entries", D111): a delta may be
 * `abandoned`, with its `end_reason`. The deltas recorded before it are kept as they were (SQLite rebuilds
 * the table), the job's partial index is there again, another status is still refused, and going down
 * turns the abandoned deltas into done ones.
 */
import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/data/db.ts';
import { migrationProvider } from '../src/data/migrations/index.ts';
import { migrationTargets } from './support/migration-targets.ts';

const { targets, cleanUp } = migrationTargets('m049');

describe.each(targets)('migration 049 on $name', (target) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    await cleanUp();
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
