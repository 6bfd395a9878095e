/**
 * Rows of several small tables in one statement (issue 14, D115). kyc-info reads a handful of tables of
 * one person, a few rows each; on PostgreSQL every statement costs the server a round trip, Kysely's
 * compile and pg's parse of its answer, which is most of kyc-info's CPU. Here a subquery's rows travel as
 * one JSON value of a single outer row instead: json_agg / to_json on PostgreSQL, json_group_array /
 * json_object on SQLite (which has no row-to-JSON, so the columns are named; on both, the JSON holds
 * exactly the columns named, whatever a later migration adds to the table).
 *
 * An array's order is the aggregate's own ORDER BY (both databases honour it; the order of a sorted
 * subquery is not promised to survive aggregation). JSON holds no bytes: a blob column is selected as
 * hex text (`hex`) and turned back into a Buffer by the repository. Integers come back as JSON numbers on
 * both databases, as the pool's parser of bigint gives them (data/db.ts).
 */
import { sql, SqliteAdapter, type Expression, type RawBuilder } from 'kysely';
import type { Db } from './db.ts';

/** Columns of the subquery and their directions, the first deciding first. */
export type JsonOrder = readonly (readonly [column: string, direction: 'asc' | 'desc'])[];

export interface JsonRows {
  /** The rows of `query` (which selects exactly `columns`) as one JSON array, in `order`; [] when none. */
  array(query: Expression<unknown>, columns: readonly string[], order: JsonOrder): RawBuilder<unknown>;
  /** The row of `query` (at most one; it selects exactly `columns`) as a JSON object; null when none. */
  object(query: Expression<unknown>, columns: readonly string[]): RawBuilder<unknown>;
  /** A blob column as hex text, null when it is null (read back with `bytesOfHex`). */
  hex(column: string): RawBuilder<string | null>;
}

/** The JSON expressions of the database `db` runs on. */
export function jsonRows(db: Db): JsonRows {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const objectOf = (columns: readonly string[]) =>
    sqlite ? sql`json_object(${sql.join(columns.flatMap((c) => [sql.lit(c), sql.ref(`r.${c}`)]))})` : sql`r`;
  return {
    array(query, columns, order) {
      const by = sql.join(order.map(([c, direction]) => sql`${sql.ref(`r.${c}`)} ${sql.raw(direction)}`));
      const aggregate = sqlite ? sql`json_group_array` : sql`json_agg`;
      return sql`(select coalesce(${aggregate}(${objectOf(columns)} order by ${by}), '[]') from ${query} as r)`;
    },
    object(query, columns) {
      return sqlite
        ? sql`(select ${objectOf(columns)} from ${query} as r)`
        : sql`(select to_json(r) from ${query} as r)`;
    },
    hex(column) {
      // SQLite's hex(NULL) is '', not NULL.
      return sqlite
        ? sql<string | null>`case when ${sql.ref(column)} is null then null else hex(${sql.ref(column)}) end`
        : sql<string | null>`encode(${sql.ref(column)}, 'hex')`;
    },
  };
}

/**
 * Every column of a row type, named (SQLite's json_object needs the names): a column the table's type
 * gains and this list lacks fails to compile, naming it, so a JSON row stays the row `select *` gives.
 *   const APPLICANT_COLUMNS = everyColumn<ApplicantRow>()(['id', 'user_id', …]);
 */
export function everyColumn<Row>() {
  return <const C extends readonly (keyof Row & string)[]>(
    columns: C &
      ([Exclude<keyof Row, C[number]>] extends [never]
        ? unknown
        : { missing: Exclude<keyof Row, C[number]> }),
  ): C => columns;
}

/**
 * A JSON value of `jsonRows` as the repository's type: PostgreSQL's driver parses json already, SQLite
 * answers its text. The caller names the type the columns it selected make up.
 */
export function fromJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** A blob read through `hex`. */
export function bytesOfHex(hex: string | null): Buffer | null {
  return hex === null ? null : Buffer.from(hex, 'hex');
}
