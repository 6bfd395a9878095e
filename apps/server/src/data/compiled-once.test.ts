import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { compiledOnce } from './compiled-once.ts';
import type { Db } from './db.ts';

function memoryDb(): Db {
  const db = new Kysely<never>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  return db as unknown as Db;
}

describe('compiledOnce (a statement built once per handle, bound per call)', () => {
  it('builds the statement once per handle, and each call binds its own values, a value used twice included', async () => {
    const build = vi.fn((db: Db, { a, b }: { a: number; b: number }) =>
      db.selectNoFrom([sql<number>`${a} * 10 + ${b}`.as('n'), sql<number>`${a}`.as('again')]),
    );
    const statement = compiledOnce(['a', 'b'], build);
    const db = memoryDb();
    expect(await statement(db, { a: 1, b: 2 })).toEqual([{ n: 12, again: 1 }]);
    expect(await statement(db, { a: 3, b: 4 })).toEqual([{ n: 34, again: 3 }]);
    expect(build).toHaveBeenCalledTimes(1);
    expect(await statement(memoryDb(), { a: 5, b: 6 })).toEqual([{ n: 56, again: 5 }]);
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('when a named parameter is not used by the statement, then the first call says so', async () => {
    const statement = compiledOnce(['a', 'b'], (db: Db, { a }: { a: number; b: number }) =>
      db.selectNoFrom(sql<number>`${a}`.as('n')),
    );
    await expect(statement(memoryDb(), { a: 1, b: 2 })).rejects.toThrow(/parameter\(s\) b not used/);
  });
});
