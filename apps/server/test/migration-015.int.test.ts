/**
 * Migration 015-audit-chain on a database whose audit log already has rows (issue 11): they are chained
 * in id order (gaps in the ids included), the append-only triggers are back afterwards, and new entries
 * continue the chain.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../src/data/db.ts';
import { migrationProvider } from '../src/data/migrations/index.ts';
import { auditRepo } from '../src/data/repositories/audit-repo.ts';
import { auditChainUseCases } from '../src/domain/audit/chain-status.ts';
import { repositories } from '../src/data/repositories/index.ts';

const postgresUrl = inject('postgresUrl');
const runId = inject('postgresRunId');

interface Target {
  name: string;
  open(): Promise<Database>;
}

const cleanups: (() => Promise<unknown>)[] = [];
const targets: Target[] = [
  {
    name: 'sqlite',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'kyc-m015-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      return openDatabase(path.join(dir, 'test.sqlite'));
    },
  },
];
if (postgresUrl)
  targets.push({
    name: 'postgres',
    async open() {
      const name = `kyc_${runId}_m015_${randomBytes(4).toString('hex')}`;
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

describe.each(targets)('migration 015-audit-chain on $name', (target) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('when the audit log has rows before it, then they are chained in id order and the log stays append-only', async () => {
    database = await target.open();
    const db = database.db;
    const migrator = new Migrator({ db, provider: migrationProvider(database.dialect) });
    expect((await migrator.migrateTo('013-partner-links')).error).toBeUndefined();
    // Ids with a gap (a rolled-back insert leaves one on PostgreSQL).
    for (const id of [1, 2, 3, 5, 6])
      await db
        .insertInto('audit_log')
        .values({
          id,
          at: id * 1000,
          staff_id: 1,
          action: 'case.view',
          subject_user_id: id,
          details: `{"n":${id}}`,
        })
        .execute();

    await database.migrate();

    const chain = auditChainUseCases(repositories(db));
    expect((await chain.verifyAll(1)).status).toMatchObject({ state: 'verified', verifiedThroughId: 6 });
    await auditRepo(db).insert({ staffId: 2, action: 'quotas.view' }, 7000);
    const after = await chain.verifyAll(2);
    expect(after.checked).toBe(6);
    expect(after.status).toMatchObject({ state: 'verified', verifiedThroughId: 7, broken: null });
    await expect(db.updateTable('audit_log').set({ details: '{}' }).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });
});
