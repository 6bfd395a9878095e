import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from './db-errors.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database unavailable (503, issue 14)', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), 'ECONNREFUSED'],
    ['a reset connection', withCode('ECONNRESET', 'read ECONNRESET'), 'ECONNRESET'],
    [
      'a lost connection',
      new Error('Connection terminated unexpectedly'),
      'Connection terminated unexpectedly',
    ],
    [
      'a connection that took too long',
      new Error('Connection terminated due to connection timeout'),
      'Connection terminated due to connection timeout',
    ],
    [
      'no free pooled connection in time',
      new Error('timeout exceeded when trying to connect'),
      'timeout exceeded',
    ],
    ['no answer within query_timeout', new Error('Query read timeout'), 'Query read timeout'],
    [
      'statement_timeout',
      withCode('57014', 'canceling statement due to statement timeout'),
      '57014 canceling statement',
    ],
    ['a connection exception (class 08)', withCode('08006', 'connection failure'), '08006'],
    [
      'the server shutting down',
      withCode('57P01', 'terminating connection due to administrator command'),
      '57P01',
    ],
    ['too many connections', withCode('53300', 'sorry, too many clients already'), '53300'],
    ['a locked SQLite database', withCode('SQLITE_BUSY', 'database is locked'), 'SQLITE_BUSY'],
    [
      'a refusal on every address (AggregateError)',
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed'),
      'ECONNREFUSED',
    ],
    ['a wrapped refusal', new Error('migration failed', { cause: withCode('ECONNREFUSED') }), 'ECONNREFUSED'],
  ])('when %s, then it is the database being unavailable', (_name, error, reason) => {
    expect(databaseUnavailable(error)).toContain(reason);
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['a syntax error', withCode('42601', 'syntax error at or near "selec"')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a SQLite constraint', withCode('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed')],
    ['not an error', 'ECONNREFUSED'],
  ])('when %s, then it is not (it stays a 500 or whatever it was)', (_name, error) => {
    expect(databaseUnavailable(error)).toBeUndefined();
  });
});
