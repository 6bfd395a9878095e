/**
 * The databases a migration test runs one migration on: a fresh SQLite file, and a fresh PostgreSQL
 * database of this run when PostgreSQL is reachable (each dropped after its test). Shared by the tests
 * of one migration at a time (migration-015, -045, -049).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/data/db.ts';

export interface MigrationTarget {
  name: string;
  open(): Promise<Database>;
}

/** `label` names the files and databases (e.g. 'm049'); `cleanUp` removes what the opened ones left. */
export function migrationTargets(label: string) {
  const postgresUrl = inject('postgresUrl');
  const runId = inject('postgresRunId');
  const cleanups: (() => Promise<unknown>)[] = [];
  const targets: MigrationTarget[] = [
    {
      name: 'sqlite',
      async open() {
        const dir = mkdtempSync(path.join(tmpdir(), `kyc-${label}-`));
        cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
        return openDatabase(path.join(dir, 'test.sqlite'));
      },
    },
  ];
  if (postgresUrl)
    targets.push({
      name: 'postgres',
      async open() {
        const name = `kyc_${runId}_${label}_${randomBytes(4).toString('hex')}`;
        const admin = async (statement: string) => {
          const client = new pg.Client({ connectionString: postgresUrl });
          await client.connect();
          await client.query(statement).finally(() => client.end());
        };
        await admin(`create database "${name}"`);
        cleanups.push(() => admin(`drop database if exists "${name}" with (force)`));
        const url = new URL(postgresUrl);
        url.pathname = `/${name}`;
        return openDatabase(url.toString(), { poolSize: 2 });
      },
    });
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  return { targets, cleanUp };
}
