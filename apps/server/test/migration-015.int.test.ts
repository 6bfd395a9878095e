/**
 * Migration 015-audit-chain on a database whose audit log already has rows (issue 11): they are chained
 * in id order (gaps in the ids included), the append-only triggers are back afterwards, and new entries
 * continue the chain.
 */
import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/data/db.ts';
import { migrationProvider } from '../src/data/migrations/index.ts';
import { auditRepo } from '../src/data/repositories/audit-repo.ts';
import { auditChainUseCases } from '../src/domain/audit/chain-status.ts';
import { repositories } from '../src/data/repositories/index.ts';
import { migrationTargets } from './support/migration-targets.ts';

const { targets, cleanUp } = migrationTargets('m015');

describe.each(targets)('migration 015-audit-chain on $name', (target) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    await cleanUp();
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
