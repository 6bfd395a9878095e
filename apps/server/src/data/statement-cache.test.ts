import SQLite from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './db.ts';

describe('withStatementCache (prepared statements reused by SQL text)', () => {
  it('prepares each SQL text once, and the reused statement answers with new parameters', () => {
    const sqlite = new SQLite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const cached = withStatementCache(sqlite);
    cached.prepare('create table t (n integer)').run();
    for (const n of [1, 2, 3]) cached.prepare('insert into t (n) values (?)').run(n);
    expect(cached.prepare('select sum(n) as s from t where n >= ?').get(2)).toEqual({ s: 5 });
    expect(cached.prepare('select sum(n) as s from t where n >= ?').get(1)).toEqual({ s: 6 });
    expect(prepare).toHaveBeenCalledTimes(3);
    cached.close();
  });

  it('keeps at most `max` statements, dropping the least recently used', () => {
    const sqlite = new SQLite(':memory:');
    const prepare = vi.spyOn(sqlite, 'prepare');
    const cached = withStatementCache(sqlite, 2);
    cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 1'); // 1 is now the most recent
    cached.prepare('select 3'); // drops 2
    cached.prepare('select 1');
    expect(prepare).toHaveBeenCalledTimes(3);
    cached.prepare('select 2');
    expect(prepare).toHaveBeenCalledTimes(4);
    cached.close();
  });
});
