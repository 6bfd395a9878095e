/**
 * Migration 045 (issue 18 "Risk score", docs/screening.md "Document checks"): the document checks become
 * risk factors. A database whose weights in force lack their points gets the next version with the same
 * weights plus theirs (so the `risk` job recomputes everyone); a new database has them in version 1.
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
import { DOCUMENT_CHECK_WEIGHTS, SHIPPED_RISK_WEIGHTS } from '../src/data/reference/risk-weights.ts';

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
      const dir = mkdtempSync(path.join(tmpdir(), 'kyc-m045-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      return openDatabase(path.join(dir, 'test.sqlite'));
    },
  },
];
if (postgresUrl)
  targets.push({
    name: 'postgres',
    async open() {
      const name = `kyc_${runId}_m045_${randomBytes(4).toString('hex')}`;
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

describe.each(targets)('migration 045 on $name', (target) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const versions = async (db: Database['db']) =>
    (
      await db
        .selectFrom('risk_weights')
        .select(['version', 'weights', 'created_by', 'cause'])
        .orderBy('version')
        .execute()
    ).map((r) => ({
      ...r,
      version: Number(r.version),
      weights: JSON.parse(r.weights) as typeof SHIPPED_RISK_WEIGHTS,
    }));

  it('when the weights in force lack the document factors, then the next version adds them to those weights', async () => {
    database = await target.open();
    const db = database.db;
    const migrator = new Migrator({ db, provider: migrationProvider(database.dialect) });
    expect((await migrator.migrateTo('042-document-checks')).error).toBeUndefined();
    const before = Object.fromEntries(
      Object.entries(SHIPPED_RISK_WEIGHTS.factors).filter(([code]) => !(code in DOCUMENT_CHECK_WEIGHTS)),
    );
    await db
      .updateTable('risk_weights')
      .set({ weights: JSON.stringify({ factors: before, thresholds: SHIPPED_RISK_WEIGHTS.thresholds }) })
      .where('version', '=', 1)
      .execute();
    const admins = { factors: { ...before, pep: 55 }, thresholds: { medium: 20, high: 70 } };
    await db
      .insertInto('risk_weights')
      .values({ version: 2, weights: JSON.stringify(admins), created_by: 3, created_at: 1, cause: 'weights' })
      .execute();

    await database.migrate();

    const stored = await versions(db);
    expect(stored.map((v) => v.version)).toEqual([1, 2, 3]);
    expect(stored[2]).toMatchObject({
      created_by: null,
      cause: 'weights',
      weights: { factors: { ...admins.factors, ...DOCUMENT_CHECK_WEIGHTS }, thresholds: admins.thresholds },
    });
  });

  it('when the database is new, then version 1 has the document factors and no other version is made', async () => {
    database = await target.open();
    await database.migrate();

    const stored = await versions(database.db);
    expect(stored.map((v) => v.version)).toEqual([1]);
    expect(stored[0]?.weights.factors).toMatchObject(DOCUMENT_CHECK_WEIGHTS);
  });
});
