/**
 * The database: Kysely over better-sqlite3 (the default: WAL, synchronous=FULL, foreign keys on) or
 * over pg. Migrations run at start-up on either. Repositories are the only code that writes SQL.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type PostgresPool } from 'kysely';
import type { Config } from '../config.ts';
import type { Tables } from './schema/index.ts';
import { migrationProvider } from './migrations/index.ts';
import { databaseUnavailable } from './db-errors.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Tables>;

/** PostgreSQL's connection pool at a glance (GET /metrics, issue 14). */
export interface PoolStats {
  /** Connections open (idle or lent out). */
  total: number;
  idle: number;
  /** Queries waiting for a connection: above 0, the pool is exhausted. */
  waiting: number;
  /** The most connections the pool opens. */
  max: number;
}

export interface Database {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL: the pool's figures now; SQLite has one connection and answers undefined. */
  poolStats?: () => PoolStats;
  /** Runs every pending migration; throws with the failing migration's error. */
  migrate(): Promise<void>;
  /** True when a trivial query answers (readiness). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL only: the schema to use (tests run each in their own schema). Created if missing. */
  schema?: string;
  poolSize?: number;
  /**
   * How long to wait for the database before giving up (DB_CONNECT_TIMEOUT_MS, issue 14). PostgreSQL:
   * opening a connection, or waiting for a free one of the pool (pg-pool's connectionTimeoutMillis);
   * unset, forever. SQLite: the busy timeout, how long a statement waits for another process's lock
   * (better-sqlite3 waits synchronously, so this also bounds how long the event loop can stall); unset, 5 s.
   */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL only (DB_STATEMENT_TIMEOUT_MS, issue 14): the server cancels a statement that runs longer
   * (statement_timeout, SQLSTATE 57014) and ends a session left idle inside a transaction that long
   * (idle_in_transaction_session_timeout); the client gives up QUERY_TIMEOUT_MARGIN_MS later when no
   * answer comes at all (query_timeout: a network partition, where the server's cancel cannot arrive).
   * Unset, no limit (migrations run so: an index on a large table may take minutes).
   */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL only: told when an idle pooled connection fails (the server restarted, a proxy or an
   * administrator ended it). The pool drops that connection and opens a new one on the next query.
   */
  onConnectionError?: (error: Error) => void;
  /**
   * PostgreSQL only: send statements as named prepared statements (D99; default true). Migrations never
   * do (migrate() turns it off while it runs): DDL would leave stale statements behind on a connection.
   */
  preparedStatements?: boolean;
}

/** PostgreSQL connections per instance unless DB_POOL_SIZE says otherwise (pg's own default). */
export const DEFAULT_POOL_SIZE = 10;

/** How much longer than statement_timeout the client waits for an answer before it gives up. */
export const QUERY_TIMEOUT_MARGIN_MS = 500;

/** The runtime connection's timeouts from the settings (server.ts, the CLI, tests). */
export function databaseOptionsOf(
  config: Partial<Pick<Config, 'dbConnectTimeoutMs' | 'dbStatementTimeoutMs'>>,
): Pick<DatabaseOptions, 'connectTimeoutMs' | 'statementTimeoutMs'> {
  return { connectTimeoutMs: config.dbConnectTimeoutMs, statementTimeoutMs: config.dbStatementTimeoutMs };
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

export function openDatabase(url: string, options: DatabaseOptions = {}): Database {
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options);
  return openSqlite(url, options.connectTimeoutMs ?? 5000);
}

function openSqlite(file: string, busyTimeoutMs: number): Database {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.floor(busyTimeoutMs)}`);
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return wrap(db, 'sqlite');
}

/** The part of better-sqlite3 Kysely's SqliteDialect uses. */
type SqliteHandle = Pick<SQLite.Database, 'close' | 'prepare'>;

/**
 * Kysely prepares a statement for every query it runs; on a busy route preparing cost more than running
 * the SQL (bench: about 15 % of the CPU of kyc-info). The same SQL text reuses its prepared statement
 * (a least-recently-used map of `max` entries: SQL with varying `in (…)` lists cannot grow it without
 * bound). Statements are used synchronously one at a time (no streaming queries), so reuse is safe.
 */
export function withStatementCache(database: SqliteHandle, max = 500): SqliteHandle {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      return database.close();
    },
    prepare: (source: string) => {
      let statement = statements.get(source);
      if (statement) statements.delete(source);
      else statement = database.prepare(source);
      statements.set(source, statement);
      if (statements.size > max) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  } as SqliteHandle;
}

function openPostgres(url: string, options: DatabaseOptions): Database {
  const schema = options.schema;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error('invalid schema name');
  const statementTimeout = options.statementTimeoutMs;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    // Issue 14: without these, a network partition held every request (and /readyz) for as long as it lasted.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
    ...(statementTimeout
      ? {
          statement_timeout: statementTimeout,
          idle_in_transaction_session_timeout: statementTimeout,
          query_timeout: statementTimeout + QUERY_TIMEOUT_MARGIN_MS,
        }
      : {}),
    // TCP keep-alive: the operating system notices a silently dead peer of an idle connection.
    keepAlive: true,
    // bigint (epoch ms, ids) and numeric come back as numbers, as they do from SQLite.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
    // A parallel worker can fail to resolve a schema created after the pool's connections opened
    // (3F000 "schema does not exist" in 'parallel worker'): per-schema connections (tests) plan serially.
    ...(schema ? { options: `-c search_path=${schema} -c max_parallel_workers_per_gather=0` } : {}),
  });
  // Without a listener, an idle connection ended by the server ("terminating connection due to
  // administrator command", a restart, a dropped network) is an unhandled 'error' event and the whole
  // process exits. With one, the pool discards that connection and the next query opens a fresh one.
  pool.on('error', (error) => {
    if (options.onConnectionError) options.onConnectionError(error);
    else process.emitWarning(`PostgreSQL connection lost: ${error.message}`, { code: 'KYC_PG_CONNECTION' });
  });
  // The pool listens only while a connection is idle. A checked-out connection (a request between two
  // statements of its transaction) that loses its socket emits 'error' too, and unheard that ends the
  // process: listen for good. Its statements fail on their own ("Connection terminated unexpectedly"),
  // and the request answers 503 (http/error-handler.ts), so there is nothing more to report here.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const naming = { on: options.preparedStatements ?? true };
  const db = new Kysely<Tables>({
    dialect: new PostgresDialect({ pool: discardingBrokenClients(pool, () => naming.on) }),
  });
  const max = options.poolSize ?? DEFAULT_POOL_SIZE;
  const wrapped = wrap(db, 'postgres', schema);
  return {
    ...wrapped,
    async migrate() {
      const before = naming.on;
      naming.on = false;
      try {
        await wrapped.migrate();
      } finally {
        naming.on = before;
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
  };
}

/**
 * The pool as Kysely sees it, with two differences.
 *
 * A connection whose query failed because the database is unavailable is released with that error, so
 * that the pool ends it rather than lending it again. The case that needs it: a query read timeout
 * (query_timeout during a partition) leaves the statement pending on a socket that may stay frozen;
 * released normally, the connection would go back to the pool and every later query on it would wait
 * behind the lost one. Ending it destroys its socket.
 *
 * Statements are named prepared statements of their connection (preparedQuery, D99): PostgreSQL parses
 * and plans each SQL text once per connection. A table changed under a prepared `select *` (a migration
 * of a newer release during a rolling deploy) fails it with "cached plan must not change result type";
 * outside a transaction the statement is then deallocated and run again, inside one the connection is
 * ended (its transaction is aborted anyway) so that no later request meets the stale statement.
 */
function discardingBrokenClients(pool: pg.Pool, prepared: () => boolean): PostgresPool {
  return {
    async connect() {
      const client = await pool.connect();
      let broken: Error | undefined;
      let inTransaction = false;
      const run = async (text: string, parameters: readonly unknown[]) => {
        const query = prepared() ? preparedQuery(text, parameters) : { text, values: [...parameters] };
        try {
          return await client.query(query);
        } catch (error) {
          if (!staleStatement(error) || !query.name) throw error;
          if (inTransaction) {
            broken = error instanceof Error ? error : new Error(String(error));
            throw error;
          }
          await forgetPrepared(client, query.name);
          return client.query(query);
        }
      };
      return {
        query: (text: string, parameters: readonly unknown[]) => {
          const verb = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase();
          if (verb === 'begin' || verb === 'start') inTransaction = true;
          else if (verb === 'commit' || verb === 'rollback') inTransaction = false;
          return run(text, parameters).catch((error: unknown) => {
            if (databaseUnavailable(error) && error instanceof Error) broken = error;
            throw error;
          });
        },
        release: () => client.release(broken),
      } as unknown as Awaited<ReturnType<PostgresPool['connect']>>;
    },
    end: () => pool.end(),
  };
}

/** SQLSTATE 0A000 "cached plan must not change result type": a prepared statement outlived its table's shape. */
function staleStatement(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === '0A000' &&
    /cached plan/.test(String((error as { message?: unknown }).message))
  );
}

/** Deallocates a prepared statement and makes pg prepare it again on its next use. */
async function forgetPrepared(client: pg.PoolClient, name: string): Promise<void> {
  await client.query(`deallocate "${name}"`);
  // pg remembers which names it prepared on this connection (a private field of pg 8's Connection).
  type Named = Record<string, unknown>;
  const { connection } = client as unknown as {
    connection?: { parsedStatements?: Named; submittedNamedStatements?: Named };
  };
  for (const names of [connection?.parsedStatements, connection?.submittedNamedStatements])
    if (names) Reflect.deleteProperty(names, name);
}

function wrap(db: Db, dialect: Dialect, schema?: string): Database {
  return {
    db,
    dialect,
    async migrate() {
      if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
      // With a schema, the migrator's own tables live there too (and it looks for them only there).
      const migrator = new Migrator({
        db,
        provider: migrationProvider(dialect),
        // Branches add migrations in parallel (issue 15's 022–023 land after issue 17's 024–026): a
        // database that ran 024 still runs 022 when it arrives, instead of refusing to start.
        allowUnorderedMigrations: true,
        ...(schema ? { migrationTableSchema: schema } : {}),
      });
      const { error, results } = await migrator.migrateToLatest();
      const failed = results?.find((r) => r.status === 'Error');
      if (error || failed) {
        throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
      }
    },
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await db.destroy();
    },
  };
}

/**
 * Statements longer than this, or with more parameters, are sent unnamed (planned each time). kyc-info's
 * one statement (D117) is ~4 000 characters and must stay named: planned per call it costs PostgreSQL
 * ~1 ms of CPU instead of ~0.15 ms.
 */
const PREPARED_MAX_SQL = 16_000;
const PREPARED_MAX_PARAMETERS = 100;

/** The names of the texts seen last, so that a text is digested once rather than on every call (bounded). */
const statementNames = new Map<string, string>();
const STATEMENT_NAMES_MAX = 500;

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    if (statementNames.size >= STATEMENT_NAMES_MAX) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A statement as a named prepared statement of its connection (pg keeps the names it prepared per
 * client): PostgreSQL parses and plans the SQL once per connection instead of once per call (kyc-info:
 * 1.96 → 1.14 ms of PostgreSQL CPU per request, D99). The name is a digest of the SQL, so the same text
 * always has the same name and different texts never share one. Transaction control and long or
 * many-parameter statements (bulk inserts, long `in` lists, which would fill each connection with
 * one-off statements) are sent unnamed.
 */
export function preparedQuery(text: string, parameters: readonly unknown[]): pg.QueryConfig {
  if (
    text.length > PREPARED_MAX_SQL ||
    parameters.length > PREPARED_MAX_PARAMETERS ||
    /^\s*(begin|start|commit|rollback|savepoint|release|set|deallocate)\b/i.test(text)
  )
    return { text, values: [...parameters] };
  return { name: statementName(text), text, values: [...parameters] };
}
