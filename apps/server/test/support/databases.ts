/**
 * The databases every integration test runs against: a fresh temporary SQLite file always, and a fresh
 * PostgreSQL database (dropped afterwards) when the run has PostgreSQL. Runs never see each other's rows.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/data/db.ts';
import { seedDemoData } from '../../src/seed/demo.ts';
import { boot } from '../../src/boot.ts';
import { testConfig } from './test-app.ts';
import { freshlyBooted } from './booted-databases.ts';

export interface OpenOptions {
  /**
   * The demo data seeded and the server's start-up work done (boot.ts: the seed's personal data sealed
   * under the test master key, the questionnaire templates published), as every app fixture wants:
   * copied from a template that did it once, instead of seeding and booting again in every test
   * (~150 ms of each one's set-up).
   */
  seeded?: boolean;
}

/** What a seeded template holds beyond the migrations (done once per template). */
async function seedAndBoot(database: Database): Promise<void> {
  await seedDemoData(database);
  await boot(testConfig(), database);
}

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /**
   * Opens a new, migrated database, empty unless `seeded`. The ones opened before are closed first:
   * each test opens one in its beforeEach, and the tests of a file run one at a time, so those belong
   * to finished tests (their connections would otherwise stay open until the file ends, and three
   * workers of fifty-test files reach PostgreSQL's connection limit).
   */
  open(options?: OpenOptions): Promise<Database>;
  /** Removes everything open() created. */
  cleanup(): Promise<void>;
}

export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [sqliteDatabase()];
  const postgresUrl = inject('postgresUrl');
  if (postgresUrl) list.push(postgresDatabase(postgresUrl));
  return list;
}

/**
 * SQLite: each test gets a copy of a file this test file migrated once (copying takes a few ms where
 * migrating takes ~300 ms, and a run opens well over a thousand databases), as PostgreSQL's template.
 */
function sqliteDatabase(): TestDatabase {
  const dirs: string[] = [];
  const opened: Database[] = [];
  const templates: { migrated?: Promise<string>; seeded?: Promise<string> } = {};
  const newDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kyc-int-'));
    dirs.push(dir);
    return dir;
  };
  return {
    name: 'sqlite',
    async open({ seeded = false }: OpenOptions = {}) {
      for (const database of opened.splice(0)) await database.close().catch(() => undefined);
      templates.migrated ??= (async () => {
        const file = path.join(newDir(), 'template.sqlite');
        const migrated = openDatabase(file);
        await migrated.migrate();
        await migrated.close(); // closing checkpoints the write-ahead log into the file
        return file;
      })();
      const migratedFile = templates.migrated;
      if (seeded)
        templates.seeded ??= (async () => {
          const file = path.join(newDir(), 'seeded.sqlite');
          copyFileSync(await migratedFile, file);
          const database = openDatabase(file);
          try {
            await seedAndBoot(database);
          } finally {
            await database.close();
          }
          return file;
        })();
      const file = path.join(newDir(), 'test.sqlite');
      copyFileSync(await ((seeded ? templates.seeded : undefined) ?? migratedFile), file);
      const database = openDatabase(file);
      opened.push(database);
      if (seeded) freshlyBooted.add(database);
      return database;
    },
    async cleanup() {
      for (const database of opened.splice(0)) await database.close().catch(() => undefined);
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
      templates.migrated = undefined;
      templates.seeded = undefined;
    },
  };
}

/**
 * PostgreSQL: each worker migrates one database of its own once (the integration project runs without
 * isolation, so a worker's files share this module), keeps a snapshot of its rows as migrated and as
 * seeded and booted (schemas `kyc_snapshot_migrated`, `kyc_snapshot_seeded`), and gives each test that
 * database reset to the snapshot it asked for: every table's rows deleted and the snapshot's copied back,
 * every sequence set to its snapshot value, in one statement. A test sees exactly what a fresh clone
 * showed it before, at a fraction of the cost: CREATE DATABASE … TEMPLATE copied the 12 MB database
 * block by block into the write-ahead log and DROP DATABASE removed it again, ~0.5 s of PostgreSQL's CPU
 * a test; the reset takes ~20 ms (D126, measured on the 2-core machine). The reset first ends any
 * connection to the database still open (as DROP DATABASE … WITH (FORCE) did), so nothing of the
 * previous test can hold a lock or write after it. Names carry the run id, so the run's global teardown
 * drops whatever a crashed worker left. A server that refuses CREATE DATABASE gets the slower fallback: a
 * fresh schema per test in the configured database.
 */
function postgresDatabase(url: string): TestDatabase {
  const runId = inject('postgresRunId');
  const schemas: string[] = [];
  const opened: Database[] = [];
  const unique = () => `${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = <T>(work: (client: pg.Client) => Promise<T>, database?: string) =>
    withClient(database ? databaseUrl(url, database) : url, work);

  async function closeOpened(): Promise<void> {
    for (const database of opened.splice(0)) await database.close().catch(() => undefined);
  }

  async function openInSchema(seeded: boolean): Promise<Database> {
    const schema = `t_${unique()}`;
    schemas.push(schema);
    await admin((client) => client.query(`create schema if not exists "${schema}"`));
    const database = openDatabase(url, { schema, poolSize: 4 });
    await database.migrate();
    if (seeded) await seedAndBoot(database);
    opened.push(database);
    return database;
  }

  return {
    name: 'postgres',
    async open({ seeded = false }: OpenOptions = {}) {
      // The previous test's connections are closed now (three workers of fifty-test files would reach
      // PostgreSQL's connection limit).
      await closeOpened();
      const name = await workDatabaseOf(url, runId, admin);
      if (name === null) return openInSchema(seeded);
      await admin((client) => client.query('select kyc_test.reset($1)', [seeded ? SEEDED : MIGRATED]), name);
      const database = openDatabase(databaseUrl(url, name), { poolSize: 4 });
      opened.push(database);
      if (seeded) freshlyBooted.add(database);
      return database;
    },
    async cleanup() {
      await closeOpened();
      const names = schemas.splice(0);
      if (names.length > 0)
        await admin(async (client) => {
          for (const schema of names) await client.query(`drop schema if exists "${schema}" cascade`);
        });
    },
  };
}

/** Runs `work` on a connection of its own to `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The snapshots a test database is reset to. */
const MIGRATED = 'kyc_snapshot_migrated';
const SEEDED = 'kyc_snapshot_seeded';

/**
 * `kyc_test.snapshot(name)` copies the rows of every table of `public` that has any into schema `name`,
 * with the value of every sequence; `kyc_test.reset(name)` makes `public` that snapshot again. A table
 * whose table and indexes have grown by more than 16 pages since the seeded snapshot (`kyc_test.sizes`: a
 * volume test's thousands of rows, or indexes swollen by many resets) is truncated, with the tables that
 * refer to it (all emptied anyway), rather than emptied row by row: deleted rows leave their index pages
 * behind, so a run's resets would keep swelling the same indexes. Up to that margin a table keeps what
 * earlier tests left in its indexes; a test whose assertions depend on the planner's pricing compacts its
 * own tables first (backoffice-lists: `vacuum full analyze`). Truncating every table instead cost ~300 ms
 * a reset. Triggers
 * (the audit log's append-only rule, the roll-ups kept by triggers) and foreign keys are off while it
 * does (session_replication_role = replica): the snapshot already holds what they kept.
 */
const SNAPSHOT_FUNCTIONS = `
create schema kyc_test;
create function kyc_test.snapshot(target text) returns void language plpgsql as $fn$
declare
  r record;
  n bigint;
begin
  execute format('create schema %I', target);
  execute format('create table %I.kyc_sequences (name text primary key, value bigint)', target);
  for r in select tablename from pg_tables where schemaname = 'public' loop
    execute format('select count(*) from public.%I', r.tablename) into n;
    if n > 0 then
      execute format('create table %I.%I as select * from public.%I', target, r.tablename, r.tablename);
    end if;
  end loop;
  execute format('insert into %I.kyc_sequences select sequencename, last_value from pg_sequences '
    || 'where schemaname = %L', target, 'public');
end
$fn$;
create function kyc_test.reset(source text) returns void language plpgsql as $fn$
declare
  r record;
  large text[] := '{}';
begin
  perform pg_terminate_backend(pid) from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid();
  set local session_replication_role = replica;
  for r in select tablename from pg_tables where schemaname = 'public' loop
    if pg_total_relation_size(format('public.%I', r.tablename))
        > 131072 + coalesce((select bytes from kyc_test.sizes where name = r.tablename), 0) then
      large := large || format('public.%I', r.tablename);
    else
      execute format('delete from public.%I', r.tablename);
    end if;
  end loop;
  if cardinality(large) > 0 then
    execute 'truncate ' || array_to_string(large, ', ') || ' cascade';
  end if;
  for r in select tablename from pg_tables where schemaname = source and tablename <> 'kyc_sequences' loop
    execute format('insert into public.%I select * from %I.%I', r.tablename, source, r.tablename);
  end loop;
  for r in execute format('select name, value from %I.kyc_sequences', source) loop
    if r.value is null then
      perform setval(format('public.%I', r.name), 1, false);
    else
      perform setval(format('public.%I', r.name), r.value, true);
    end if;
  end loop;
end
$fn$;
`;

let workDatabase: Promise<string | null> | undefined;

/**
 * The database of this worker, migrated, seeded and booted once, with its two snapshots; or null when the
 * server refuses CREATE DATABASE (42501: the role may not create databases).
 */
function workDatabaseOf(
  url: string,
  runId: string,
  admin: <T>(work: (client: pg.Client) => Promise<T>, database?: string) => Promise<T>,
): Promise<string | null> {
  workDatabase ??= (async () => {
    const name = `kyc_${runId}_w_${process.pid}_${randomBytes(4).toString('hex')}`;
    try {
      await admin((client) => client.query(`create database "${name}"`));
    } catch (error) {
      if (causeCode(error) !== '42501') throw error;
      console.warn('CREATE DATABASE is not allowed for this role: a schema per test instead (slower)');
      return null;
    }
    const database = openDatabase(databaseUrl(url, name), { poolSize: 1 });
    try {
      await database.migrate();
      await admin(async (client) => {
        await client.query(SNAPSHOT_FUNCTIONS);
        await client.query('select kyc_test.snapshot($1)', [MIGRATED]);
      }, name);
      await seedAndBoot(database);
      await admin(async (client) => {
        await client.query('select kyc_test.snapshot($1)', [SEEDED]);
        await client.query(`create table kyc_test.sizes as select tablename as name,
          pg_total_relation_size(format('public.%I', tablename)) as bytes from pg_tables where schemaname = 'public'`);
      }, name);
    } finally {
      await database.close();
    }
    return name;
  })();
  return workDatabase;
}

/**
 * The URL of a test database. Its sessions commit without waiting for the write-ahead log to reach the
 * disk (synchronous_commit off: what others see is unchanged, only a crash of PostgreSQL itself could
 * lose the last commits, and a test database is thrown away anyway).
 */
function databaseUrl(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  parsed.searchParams.set('options', '-c synchronous_commit=off');
  return parsed.toString();
}

/** The SQLSTATE of an error or of its cause (the migrator wraps the driver's error). */
function causeCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: unknown } | undefined;
  return e?.code ?? (e?.cause ? causeCode(e.cause) : undefined);
}
