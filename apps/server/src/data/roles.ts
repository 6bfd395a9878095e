/**
 * Least privilege on PostgreSQL (issue 11, docs/operations.md "Database roles", D40). Migrations run as
 * the tables' owner (DATABASE_MIGRATION_URL); the server works as a runtime role (DATABASE_URL) that owns
 * nothing, so it cannot ALTER a table (no DISABLE TRIGGER), nor TRUNCATE, and holds only SELECT and
 * INSERT on the append-only tables: the audit log can be added to and read, never changed, by the role
 * the application (and whoever takes it over) holds. Every other table gets SELECT, INSERT, UPDATE,
 * DELETE; the migrator's own tables nothing. Idempotent: the grants are re-applied after every migration
 * (data/prepare.ts), so a table added by a later migration is covered without editing this file.
 */
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from './db.ts';

/** Tables the runtime role may only read and append to. */
export const APPEND_ONLY_TABLES: readonly string[] = ['audit_log'];
const MIGRATOR_TABLES: readonly string[] = ['kysely_migration', 'kysely_migration_lock'];
const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** The role (user name) of a postgres:// address. */
export function roleOf(url: string): string {
  const user = decodeURIComponent(new URL(url).username);
  if (!ROLE_NAME.test(user)) throw new Error(`the database address names no usable role ("${user}")`);
  return user;
}

const id = (name: string) => pg.escapeIdentifier(name);

/** Creates the login role if it is missing; sets its password when one is given. */
export async function ensureRole(db: Db, role: string, password?: string): Promise<'created' | 'existed'> {
  const found = await sql<{ n: number }>`select 1 as n from pg_roles where rolname = ${role}`.execute(db);
  const pass = password ? ` password ${pg.escapeLiteral(password)}` : '';
  if (found.rows.length === 0) {
    await sql.raw(`create role ${id(role)} login nosuperuser nocreatedb nocreaterole${pass}`).execute(db);
    return 'created';
  }
  if (pass) await sql.raw(`alter role ${id(role)}${pass}`).execute(db);
  return 'existed';
}

/** Grants the runtime role what the server needs in the current schema, nothing more; answers the SQL. */
export async function grantRuntime(db: Db, role: string): Promise<string[]> {
  if (!ROLE_NAME.test(role)) throw new Error(`invalid role name "${role}"`);
  const [who] = (
    await sql<{ super: boolean }>`select rolsuper as super from pg_roles where rolname = ${role}`.execute(db)
  ).rows;
  if (!who) throw new Error(`role ${role} does not exist (npm run db:roles creates it)`);
  if (who.super) throw new Error(`role ${role} is a superuser: no grant can restrict it`);
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s ?? 'public';
  const tables = (
    await sql<{ name: string; owner: string }>`select tablename as name, tableowner as owner
      from pg_tables where schemaname = ${schema} order by tablename`.execute(db)
  ).rows;
  const owned = tables.filter((t) => t.owner === role).map((t) => t.name);
  if (owned.length > 0)
    throw new Error(`role ${role} owns ${owned.join(', ')}: the runtime role must own nothing`);

  const statements = [`grant usage on schema ${id(schema)} to ${id(role)}`];
  for (const { name } of tables) {
    const table = `${id(schema)}.${id(name)}`;
    statements.push(`revoke all on table ${table} from ${id(role)}`);
    if (MIGRATOR_TABLES.includes(name)) continue;
    const rights = APPEND_ONLY_TABLES.includes(name) ? 'select, insert' : 'select, insert, update, delete';
    statements.push(`grant ${rights} on table ${table} to ${id(role)}`);
  }
  statements.push(`grant usage, select on all sequences in schema ${id(schema)} to ${id(role)}`);
  // One transaction: a running server never sees the moment between a revoke and its grant.
  await db.transaction().execute(async (trx) => {
    for (const statement of statements) await sql.raw(statement).execute(trx);
  });
  return statements;
}
