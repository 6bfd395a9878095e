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
 * PostgreSQL: each test gets its own database, cloned from a template database this worker migrated once
 * (CREATE DATABASE … TEMPLATE, a tenth of the cost of migrating). The clone of the next test is made
 * while the current one runs, and the previous test's database is dropped in the background, so a test
 * waits for neither (together ~400 ms a test on a loaded 2-core machine). Names carry the run id, so the
 * run's global teardown drops whatever a crashed worker left. A server that refuses CREATE DATABASE gets
 * the slower fallback: a fresh schema per test in the configured database.
 */
function postgresDatabase(url: string): TestDatabase {
  const runId = inject('postgresRunId');
  const openedNames: string[] = [];
  const schemas: string[] = [];
  const opened: Database[] = [];
  const unique = () => `${process.pid}_${randomBytes(4).toString('hex')}`;
  /** The clone the next test will get, made while the current test runs (of the template it asked for). */
  let nextClone: { template: string; name: Promise<string> } | undefined;
  /** Drops of finished tests' databases, one after the other on one admin connection at a time. */
  let drops: Promise<void> = Promise.resolve();
  let dropsPending = 0;
  let dropFailure: unknown;

  async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  function clone(template: string): Promise<string> {
    const name = `kyc_${runId}_t_${unique()}`;
    const made = admin((client) => client.query(`create database "${name}" template "${template}"`)).then(
      () => name,
    );
    made.catch(() => undefined); // awaited by the next open() or cleanup(), which report the failure
    return made;
  }

  function dropLater(names: string[], schemaNames: string[]): void {
    if (names.length === 0 && schemaNames.length === 0) return;
    dropsPending += 1;
    drops = drops.then(() =>
      admin(async (client) => {
        for (const name of names) await client.query(`drop database if exists "${name}" with (force)`);
        for (const schema of schemaNames) await client.query(`drop schema if exists "${schema}" cascade`);
      })
        .catch((error: unknown) => {
          dropFailure ??= error;
        })
        .finally(() => (dropsPending -= 1)),
    );
  }

  /**
   * A drop takes 0.3–1.5 s on a loaded machine, longer than many tests: a test waits here while more
   * than two are behind, so the backlog (and the disk it holds) stays small.
   */
  async function keepUpWithDrops(): Promise<void> {
    while (dropsPending > 2) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  return {
    name: 'postgres',
    async open({ seeded = false }: OpenOptions = {}) {
      // The previous test's connections are closed now (three workers of fifty-test files would reach
      // PostgreSQL's connection limit), its database dropped in the background.
      await closeAndDropLater();
      await keepUpWithDrops();
      const migrated = await templateOf(url, runId, admin);
      const template = migrated && seeded ? await seededTemplateOf(url, runId, migrated, admin) : migrated;
      if (template) {
        let ready = nextClone?.template === template ? nextClone.name : undefined;
        if (!ready && nextClone)
          void nextClone.name.then(
            (unused) => dropLater([unused], []),
            () => undefined,
          );
        ready ??= clone(template);
        const name = await ready;
        nextClone = { template, name: clone(template) };
        openedNames.push(name);
        const database = openDatabase(databaseUrl(url, name), { poolSize: 4 });
        opened.push(database);
        return database;
      }
      return openInSchema(seeded);
    },
    async cleanup() {
      await closeAndDropLater();
      const unused = await nextClone?.name.catch(() => undefined);
      nextClone = undefined;
      if (unused) dropLater([unused], []);
      await drops;
      if (dropFailure) throw dropFailure;
    },
  };

  async function closeAndDropLater(): Promise<void> {
    for (const database of opened.splice(0)) await database.close().catch(() => undefined);
    dropLater(openedNames.splice(0), schemas.splice(0));
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
}

let template: Promise<string | null> | undefined;

/**
 * The migrated template database of this worker (the integration project runs without isolation, so the
 * files of a worker share this module and migrate once), or null when the server refuses CREATE DATABASE
 * (42501: the role may not create databases).
 */
function templateOf(
  url: string,
  runId: string,
  admin: <T>(work: (client: pg.Client) => Promise<T>) => Promise<T>,
): Promise<string | null> {
  template ??= (async () => {
    const name = `kyc_${runId}_tmpl_${process.pid}_${randomBytes(4).toString('hex')}`;
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
    } finally {
      // A template must have no connection while it is cloned.
      await database.close();
    }
    return name;
  })();
  return template;
}

let seededTemplate: Promise<string> | undefined;

/** The seeded template of this worker: a clone of the migrated one, seeded and booted once. */
function seededTemplateOf(
  url: string,
  runId: string,
  migrated: string,
  admin: <T>(work: (client: pg.Client) => Promise<T>) => Promise<T>,
): Promise<string> {
  seededTemplate ??= (async () => {
    const name = `kyc_${runId}_seed_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin((client) => client.query(`create database "${name}" template "${migrated}"`));
    const database = openDatabase(databaseUrl(url, name), { poolSize: 1 });
    try {
      await seedAndBoot(database);
    } finally {
      await database.close();
    }
    return name;
  })();
  return seededTemplate;
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
