/**
 * D99: on PostgreSQL every statement is a named prepared statement of its connection (data/db.ts
 * preparedQuery). These tests hold the pool to one connection so that each statement meets the one it
 * prepared before: a table changed under a prepared `select *` (a newer release's migration during a
 * rolling deploy) is answered again outside a transaction; inside one the transaction fails once and the
 * connection is replaced, so the next request is answered.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase, preparedQuery, type Database } from '../src/data/db.ts';

const postgresUrl = inject('postgresUrl');
const runId = inject('postgresRunId');

describe('prepared statements (unit of data/db.ts)', () => {
  it('names a statement by its text, and sends transaction control and bulk statements unnamed', () => {
    const a = preparedQuery('select * from "users" where "id" = $1', [1]);
    expect(a.name).toMatch(/^k[\w-]{20}$/);
    expect(preparedQuery('select * from "users" where "id" = $1', [2]).name).toBe(a.name);
    expect(preparedQuery('select * from "users" where "id" = $2', [2]).name).not.toBe(a.name);
    for (const text of ['begin', 'commit', 'rollback', 'savepoint sp1', 'set search_path to x'])
      expect(preparedQuery(text, []).name).toBeUndefined();
    expect(preparedQuery(`select 1 ${' '.repeat(17_000)}`, []).name).toBeUndefined();
    expect(
      preparedQuery(
        'select $1',
        Array.from({ length: 101 }, (_, i) => i),
      ).name,
    ).toBeUndefined();
  });
});

describe.runIf(postgresUrl)('prepared statements on postgres', () => {
  let database: Database | undefined;
  const schema = `prep_${runId ?? 'x'}_${randomBytes(4).toString('hex')}`;

  afterEach(async () => {
    if (!database) return;
    await sql.raw(`drop schema if exists ${schema} cascade`).execute(database.db);
    await database.close();
    database = undefined;
  });

  const open = async () => {
    database = openDatabase(postgresUrl ?? '', { schema, poolSize: 1 });
    const { db } = database;
    await sql.raw(`create schema ${schema}`).execute(db);
    await sql.raw('create table shapes (id integer primary key)').execute(db);
    await sql.raw('insert into shapes values (1)').execute(db);
    return db;
  };
  const selectAll = (db: Database['db']) =>
    sql<Record<string, unknown>>`select * from shapes where id = ${1}`.execute(db);

  it('when a table changes under a prepared select *, then outside a transaction the statement is prepared again and answers the new shape', async () => {
    const db = await open();
    expect((await selectAll(db)).rows).toEqual([{ id: 1 }]);
    await sql.raw('alter table shapes add column colour text').execute(db);
    expect((await selectAll(db)).rows).toEqual([{ id: 1, colour: null }]);
    expect((await selectAll(db)).rows).toEqual([{ id: 1, colour: null }]);
  });

  it('when it happens inside a transaction, then that transaction fails, nothing of it stays, and the next statement is answered on a fresh connection', async () => {
    const db = await open();
    expect((await selectAll(db)).rows).toEqual([{ id: 1 }]);
    await sql.raw('alter table shapes add column colour text').execute(db);
    await expect(
      db.transaction().execute(async (tx) => {
        await sql.raw("insert into shapes values (2, 'red')").execute(tx);
        return selectAll(tx);
      }),
    ).rejects.toMatchObject({ code: '0A000' });
    expect((await selectAll(db)).rows).toEqual([{ id: 1, colour: null }]);
    expect((await sql`select count(*)::int as n from shapes`.execute(db)).rows).toEqual([{ n: 1 }]);
  });
});
