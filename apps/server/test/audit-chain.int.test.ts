/**
 * The audit log as a hash chain (issue 11, docs/security.md "Tamper-evident audit log"): concurrent
 * inserts never fork it, and an edit, deletion, reordering or forged row made as the owner role is
 * found by the verifier (`npm run audit:verify`) and shown on the audit page.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AuditChainStatus } from '@kyc/contracts';
import { useAppFixture } from './support/app-fixture.ts';
import { asOwner } from './support/audit-tamper.ts';
import { testDatabases } from './support/databases.ts';
import { staffClient } from './support/kyc-flows.ts';
import { auditRepo, type AuditEntry } from '../src/data/repositories/audit-repo.ts';
import { auditChainUseCases } from '../src/domain/audit/chain-status.ts';
import { repositories } from '../src/data/repositories/index.ts';
import { GENESIS_HASH } from '../src/lib/audit-chain-hash.ts';

describe.each(testDatabases())('audit chain on $name', (testDb) => {
  const fixture = useAppFixture(testDb, { env: { DEMO_STAFF_TOTP: 'required' } });
  const db = () => fixture.database.db;
  const entry = (n: number): AuditEntry => ({
    staffId: 1 + (n % 3),
    action: 'case.view',
    subjectUserId: n % 2 ? n : null,
    caseRef: `user:${n}`,
    details: { n, note: `entry ${n}` },
  });
  const insertMany = async (count: number) => {
    for (let n = 1; n <= count; n += 1) await auditRepo(db()).insert(entry(n), 1_700_000_000_000 + n);
  };
  const verifyAll = () => auditChainUseCases(repositories(db())).verifyAll(Date.now());
  const rows = () => db().selectFrom('audit_log').select(['id', 'prev_hash', 'hash']).orderBy('id').execute();

  it('when 50 entries are written at once, then they form one chain with consecutive ids that verifies', async () => {
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? auditRepo(db()).insert(entry(i), 1_700_000_000_000 + i)
          : db()
              .transaction()
              .execute((trx) => auditRepo(trx).insert(entry(i), 1_700_000_000_000 + i)),
      ),
    );
    const chain = await rows();
    expect(chain.map((r) => Number(r.id))).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(chain.map((r) => r.prev_hash)).toEqual([GENESIS_HASH, ...chain.slice(0, -1).map((r) => r.hash)]);
    const result = await verifyAll();
    expect(result.checked).toBe(50);
    expect(result.status).toMatchObject({
      state: 'verified',
      verifiedThroughId: 50,
      pending: 0,
      broken: null,
    });
  });

  it('when an entry rolls back with its transaction, then the chain has no trace of it and still verifies', async () => {
    await insertMany(3);
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await auditRepo(trx).insert(entry(4), 1);
          throw new Error('rolled back');
        }),
    ).rejects.toThrow('rolled back');
    await insertMany(2);
    expect((await rows()).map((r) => Number(r.id))).toEqual([1, 2, 3, 4, 5]);
    expect((await verifyAll()).status.state).toBe('verified');
  });

  const tamperings: [string, () => Promise<unknown>, { id: number; kind: string }][] = [
    [
      "an entry's details are edited",
      () =>
        db()
          .updateTable('audit_log')
          .set({ details: '{"n":4,"note":"nothing"}' })
          .where('id', '=', 4)
          .execute(),
      { id: 4, kind: 'edited' },
    ],
    [
      "an entry's details and hash are both rewritten",
      () =>
        db()
          .updateTable('audit_log')
          .set({ details: '{}', hash: createHash('sha256').update('x').digest('hex') })
          .where('id', '=', 4)
          .execute(),
      { id: 4, kind: 'edited' },
    ],
    [
      'an entry is deleted',
      () => db().deleteFrom('audit_log').where('id', '=', 4).execute(),
      { id: 4, kind: 'deleted' },
    ],
    [
      'the last entry is deleted',
      () => db().deleteFrom('audit_log').where('id', '=', 10).execute(),
      { id: 10, kind: 'deleted' },
    ],
    ['two entries swap their contents', () => swapContents(3, 6), { id: 3, kind: 'reordered' }],
    [
      'two entries swap everything but their ids',
      () => swapContents(3, 6, true),
      { id: 3, kind: 'reordered' },
    ],
    ['a forged entry is added after the last', () => forgeAfterLast(), { id: 11, kind: 'inserted' }],
  ];

  it.each(tamperings)('when %s as the owner role, then the verifier names it', async (_, tamper, broken) => {
    await insertMany(10);
    expect((await verifyAll()).status.state).toBe('verified');
    await asOwner(fixture.database, tamper);
    const { status } = await verifyAll();
    expect(status.state).toBe('broken');
    expect(status.broken).toMatchObject(broken);
  });

  async function swapContents(a: number, b: number, chainFieldsToo = false) {
    const columns = ['at', 'staff_id', 'action', 'subject_user_id', 'case_ref', 'details'] as const;
    const all = chainFieldsToo ? ([...columns, 'prev_hash', 'hash'] as const) : columns;
    const read = (id: number) =>
      db().selectFrom('audit_log').select(all).where('id', '=', id).executeTakeFirstOrThrow();
    const [rowA, rowB] = [await read(a), await read(b)];
    await db().updateTable('audit_log').set(rowB).where('id', '=', a).execute();
    await db().updateTable('audit_log').set(rowA).where('id', '=', b).execute();
  }

  /** A row that links to the last one, with a SHA-256 over its content (no HMAC key). */
  async function forgeAfterLast() {
    const last = await db()
      .selectFrom('audit_log')
      .select('hash')
      .where('id', '=', 10)
      .executeTakeFirstOrThrow();
    const forged = {
      id: 11,
      at: 1,
      staff_id: 1,
      action: 'case.view',
      subject_user_id: null,
      case_ref: '',
      details: '{}',
    };
    const hash = createHash('sha256')
      .update(JSON.stringify([last.hash, ...Object.values(forged)]))
      .digest('hex');
    await db()
      .insertInto('audit_log')
      .values({ ...forged, prev_hash: last.hash, hash })
      .execute();
  }

  it('when the page verifies incrementally, then it checks at most its budget per view and resumes there', async () => {
    await insertMany(12);
    const chain = auditChainUseCases(repositories(db()), { budget: 5 });
    expect((await chain.verifyIncrementally(1000)).status).toMatchObject({
      state: 'verified',
      verifiedThroughId: 5,
      verifiedAt: 1000,
      pending: 7,
    });
    expect((await chain.verifyIncrementally(2000)).status).toMatchObject({
      verifiedThroughId: 10,
      pending: 2,
    });
    expect((await chain.verifyIncrementally(3000)).status).toMatchObject({
      verifiedThroughId: 12,
      pending: 0,
    });
  });

  it('when the last verified entry is edited afterwards, then the next page view reports the chain broken there', async () => {
    await insertMany(6);
    const chain = auditChainUseCases(repositories(db()));
    expect((await chain.verifyIncrementally(1000)).status.verifiedThroughId).toBe(6);
    await asOwner(fixture.database, () =>
      db().updateTable('audit_log').set({ action: 'document.view' }).where('id', '=', 6).execute(),
    );
    await insertMany(1);
    expect((await chain.verifyIncrementally(2000)).status).toMatchObject({
      state: 'broken',
      broken: { id: 6, kind: 'edited', foundAt: 2000 },
    });
  });

  it('when an auditor opens the audit page, then the chain indication verifies the entries written so far; a reviewer gets 10005', async () => {
    const auditor = await staffClient(fixture.app, 'auditor@demo.test');
    await auditRepo(db()).insert(entry(1), Date.now());
    const answer = await auditor.get('/backoffice/api/audit/chain');
    expect(answer.envelope?.ret_code).toBe(0);
    const status = answer.envelope?.result as AuditChainStatus;
    const count = (await rows()).length;
    expect(status).toMatchObject({ state: 'verified', verifiedThroughId: count, pending: 0, broken: null });
    expect(status.verifiedAt).toEqual(expect.any(Number));

    await asOwner(fixture.database, () => db().deleteFrom('audit_log').where('id', '=', count).execute());
    const after = (await auditor.get('/backoffice/api/audit/chain')).envelope?.result as AuditChainStatus;
    expect(after).toMatchObject({ state: 'broken', broken: { id: count, kind: 'deleted' } });

    const reviewer = await staffClient(fixture.app, 'reviewer@demo.test');
    expect((await reviewer.get('/backoffice/api/audit/chain')).envelope?.ret_code).toBe(10005);
  });
});
