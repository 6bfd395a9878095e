/** What every migration uses: its factory type, the untyped database it runs on, and the id column. */
import type { Kysely, Migration, CreateTableBuilder } from 'kysely';
import type { Dialect } from '../db.ts';

export type MigrationFactory = (dialect: Dialect) => Migration;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
export type MigrationDb = Kysely<any>;

/** An auto-increment integer primary key on either database. */
export function withIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: Dialect,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
