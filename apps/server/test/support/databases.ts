/**
 * The databases every integration test runs against: a fresh temporary SQLite file always, and a fresh
 * PostgreSQL schema (dropped afterwards) when the run has PostgreSQL. Runs never see each other's rows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/data/db.ts';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  /** Opens a new, migrated, empty database. */
  open(): Promise<Database>;
  /** Removes everything open() created. */
  cleanup(): Promise<void>;
}

export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [sqliteDatabase()];
  const postgresUrl = inject('postgresUrl');
  if (postgresUrl) list.push(postgresDatabase(postgresUrl));
  return list;
}

function sqliteDatabase(): TestDatabase {
  const dirs: string[] = [];
  const opened: Database[] = [];
  return {
    name: 'sqlite',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'kyc-int-'));
      dirs.push(dir);
      const database = openDatabase(path.join(dir, 'test.sqlite'));
      await database.migrate();
      opened.push(database);
      return database;
    },
    async cleanup() {
      for (const database of opened.splice(0)) await database.close().catch(() => undefined);
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresDatabase(url: string): TestDatabase {
  const schemas: string[] = [];
  const opened: Database[] = [];
  return {
    name: 'postgres',
    async open() {
      const schema = `t_${process.pid}_${randomBytes(6).toString('hex')}`;
      schemas.push(schema);
      // The schema exists before the pool opens any connection: a connection that resolved its
      // search_path while the schema was missing can fail with 3F000 under load.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`create schema if not exists "${schema}"`);
      } finally {
        await client.end();
      }
      const database = openDatabase(url, { schema, poolSize: 4 });
      await database.migrate();
      opened.push(database);
      return database;
    },
    async cleanup() {
      for (const database of opened.splice(0)) await database.close().catch(() => undefined);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        for (const schema of schemas.splice(0))
          await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    },
  };
}
