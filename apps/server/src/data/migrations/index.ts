/**
 * One list of migrations, written once with Kysely's schema builder and run on SQLite and PostgreSQL
 * alike. Where the two differ (auto-increment keys), the helper takes the dialect.
 */
import type { Kysely, Migration, MigrationProvider, CreateTableBuilder } from 'kysely';
import type { Dialect } from '../db.ts';
import { m001Accounts } from './001-accounts.ts';

export type MigrationFactory = (dialect: Dialect) => Migration;

const ALL: Record<string, MigrationFactory> = {
  '001-accounts': m001Accounts,
};

export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      return Object.fromEntries(Object.entries(ALL).map(([name, make]) => [name, make(dialect)]));
    },
  };
}

/** An auto-increment integer primary key on either database. */
export function withIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: Dialect,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigint', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then
export type MigrationDb = Kysely<any>;
