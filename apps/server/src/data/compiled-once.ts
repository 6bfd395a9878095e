/**
 * A statement built and compiled once per database handle, and bound on every call (issue 14, D115).
 * Kysely builds the query tree and compiles it to SQL on every execution; for kyc-info's combined reads
 * (data/json-rows.ts, dozens of columns named for SQLite's json_object) that cost several times the
 * database's own work (measured on SQLite: ~0.4 ms of CPU per call for the person's statement, against
 * 14 µs to run it). Here the statement is built with a placeholder for each named parameter; every call
 * sends the same SQL text (on PostgreSQL the same named prepared statement, D99) with the placeholders
 * replaced by the call's values, through the handle's executor (its plugins still see each result).
 *
 * Only for statements whose SQL never depends on the values: a part that comes and goes (an optional
 * subquery) is a statement of its own. Values that are constants of the statement are best written as
 * literals (sql.lit): on SQLite a bound value compared with a column of a partial index, or a bound LIMIT,
 * makes the statement be prepared again on every run.
 */
import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';
import type { Db } from './db.ts';

/** Stands for the named parameter while the statement is built. */
class Placeholder {
  constructor(readonly name: string) {}
}

/**
 * `build` receives placeholders typed as the parameters' values and must use each of them only as a
 * whole value (`where('user_id', '=', userId)`), never inspect or combine them.
 */
export function compiledOnce<P extends Record<string, unknown>, O>(
  names: readonly (keyof P & string)[],
  build: (db: Db, params: P) => Compilable<O>,
): (db: Db, params: P) => Promise<O[]> {
  const compiled = new WeakMap<Db, CompiledQuery<O>>();
  const compile = (db: Db): CompiledQuery<O> => {
    const placeholders = Object.fromEntries(
      names.map((name) => [name, new Placeholder(name)]),
    ) as unknown as P;
    const query = build(db, placeholders).compile();
    const unused = names.filter(
      (name) => !query.parameters.some((p) => p instanceof Placeholder && p.name === name),
    );
    if (unused.length > 0) throw new Error(`compiledOnce: parameter(s) ${unused.join(', ')} not used`);
    compiled.set(db, query);
    return query;
  };
  return async (db, params) => {
    const query = compiled.get(db) ?? compile(db);
    const parameters = query.parameters.map((p) => (p instanceof Placeholder ? params[p.name] : p));
    const result = await db.executeQuery<O>({ ...query, parameters, queryId: createQueryId() });
    return result.rows;
  };
}
