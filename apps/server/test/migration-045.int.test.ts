/**
 * Migration 045 (issue 18 "Risk score", docs/screening.md "Document checks"): the document checks become
 * risk factors. A database whose weights in force lack their points gets the next version with the same
 * weights plus theirs (so the `risk` job recomputes everyone); a new database has them in version 1.
 */
import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/data/db.ts';
import { migrationProvider } from '../src/data/migrations/index.ts';
import { DOCUMENT_CHECK_WEIGHTS, SHIPPED_RISK_WEIGHTS } from '../src/data/reference/risk-weights.ts';
import { migrationTargets } from './support/migration-targets.ts';

const { targets, cleanUp } = migrationTargets('m045');

describe.each(targets)('migration 045 on $name', (target) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    await cleanUp();
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
