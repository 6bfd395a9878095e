/**
 * Issue 20 with issue 19 (docs/data-export.md "What is in it", D107): a person's copy holds the document
 * check results of their submissions — the personal part opened under their own data key — and nothing
 * of anyone else: a duplicate document result says only that a duplicate was found, never the other
 * account, how many, or the keyed hash it was found by; another person's results never enter it. With
 * each submission, the person's answers to the correction step (D125), opened under their key.
 */
import { describe, expect, it } from 'vitest';
import type { CheckDetail } from '@kyc/contracts';
import { useAppFixture, type AppFixture } from './support/app-fixture.ts';
import { testDatabases } from './support/databases.ts';
import { userWithCase } from './support/kyc-flows.ts';
import { ownCopy } from './support/own-copy.ts';
import { TEST_MASTER_KEY } from './support/test-app.ts';
import { submissionsRepo } from '../src/data/repositories/submissions-repo.ts';
import { correctionObject } from '../src/domain/checks/correction/case-corrections.ts';
import { evidenceObject } from '../src/domain/checks/run/case-checks.ts';
import { clearDetail, hasEvidence } from '../src/domain/checks/run/evaluate.ts';
import { withDataKey } from '../src/domain/kyc/data-keys.ts';
import { createKeyring, encryptBlob } from '../src/lib/crypto/envelope.ts';

const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? new Uint8Array()).toString('utf8');

interface Result {
  name: string;
  outcome: 'pass' | 'warn' | 'fail' | 'not_run';
  score?: number;
  threshold?: number;
  detail: CheckDetail;
  relatedUserId?: number;
  hash?: string;
}

/** A done check run of the submission with these results, stored as check-runs.ts stores them. */
async function storeChecks(fixture: AppFixture, userId: number, submissionId: number, results: Result[]) {
  const db = fixture.database.db;
  const at = Date.now();
  // The submission made its run due in its own commit; this stands for the job having done it.
  await db.deleteFrom('document_check_runs').where('submission_id', '=', submissionId).execute();
  await db
    .insertInto('document_check_runs')
    .values({
      submission_id: submissionId,
      user_id: userId,
      status: 'done',
      attempts: 1,
      claimed_until: null,
      error: null,
      requested_at: at - 5_000,
      checked_at: at,
    })
    .execute();
  const keyring = createKeyring(Buffer.from(TEST_MASTER_KEY, 'base64'));
  const rows = await withDataKey(submissionsRepo(db), keyring, userId, at, (key) =>
    results.map((r) => ({
      submission_id: submissionId,
      user_id: userId,
      name: r.name,
      outcome: r.outcome,
      score: r.score ?? null,
      threshold: r.threshold ?? null,
      detail: JSON.stringify(clearDetail(r.detail)),
      evidence_enc: hasEvidence(r.detail)
        ? encryptBlob(key, Buffer.from(JSON.stringify(r.detail), 'utf8'), {
            userId,
            objectId: evidenceObject(submissionId, r.name),
          })
        : null,
      related_user_id: r.relatedUserId ?? null,
      document_hash: r.hash ?? null,
      checked_at: at,
    })),
  );
  await db.insertInto('document_check_results').values(rows).execute();
}

const compared = (lastNameTyped: string, lastNameRead: string): CheckDetail => ({
  code: 'data_compared',
  fields: [
    { field: 'lastName', outcome: 'disagrees', typed: lastNameTyped, document: lastNameRead },
    { field: 'dateOfBirth', outcome: 'agrees', typed: '1990-12-10', document: '1990-12-10' },
  ],
});

describe.each(testDatabases())('document checks in the person’s copy on $name', (testDb) => {
  const fixture = useAppFixture(testDb);

  it('when a person with check results asks for their copy, then it holds their findings opened, a duplicate only as found, and nothing of the other account', async () => {
    const { client: ada } = await userWithCase(fixture.app, 'new@demo.test');
    const adaId = await fixture.userIdOf('new@demo.test');
    await userWithCase(fixture.app, 'quick@demo.test');
    const otherId = await fixture.userIdOf('quick@demo.test');
    const [adaSubmission] = await fixture.submissionsOf('new@demo.test');
    const [otherSubmission] = await fixture.submissionsOf('quick@demo.test');
    if (!adaSubmission || !otherSubmission) throw new Error('no submissions');
    const adaSubmissionId = Number(adaSubmission.id);

    await storeChecks(fixture, adaId, adaSubmissionId, [
      {
        name: 'quality',
        outcome: 'pass',
        detail: {
          code: 'image_quality',
          images: [{ side: 'front', outcome: 'pass', failed: null }],
        },
      },
      {
        name: 'mrz',
        outcome: 'pass',
        score: 91,
        threshold: 60,
        detail: { code: 'mrz_read', format: 'TD3', side: 'front', repairs: 1 },
      },
      { name: 'data_match', outcome: 'fail', detail: compared('LOVELACEWOOD', 'LOVELACEW00D') },
      {
        name: 'expiry',
        outcome: 'pass',
        detail: { code: 'expiry_date', expired: false, expiryDate: '2031-04-30' },
      },
      {
        name: 'duplicate_document',
        outcome: 'fail',
        detail: { code: 'duplicate_document', otherAccounts: 2 },
        relatedUserId: otherId,
        hash: 'k1:HASH-OF-THE-DOCUMENT-0d6f',
      },
    ]);
    // The other account: its own findings, and its duplicate pointing back at Ada.
    await storeChecks(fixture, otherId, Number(otherSubmission.id), [
      { name: 'data_match', outcome: 'fail', detail: compared('OTHERPERSON-QX', 'OTHERPERS0N-QX') },
      {
        name: 'duplicate_document',
        outcome: 'fail',
        detail: { code: 'duplicate_document', otherAccounts: 1 },
        relatedUserId: adaId,
        hash: 'k1:HASH-OF-THE-DOCUMENT-0d6f',
      },
    ]);

    const files = await ownCopy(fixture.app, ada);
    const checks = JSON.parse(text(files['data/document-checks.json'])) as {
      submissions: { submissionId: number; status: string; checks: Record<string, unknown>[] }[];
    };
    expect(checks.submissions.map((s) => [s.submissionId, s.status])).toEqual([[adaSubmissionId, 'done']]);
    const byName = new Map(checks.submissions[0]?.checks.map((c) => [c.check, c]));
    expect([...byName.keys()].sort()).toEqual([
      'data_match',
      'duplicate_document',
      'expiry',
      'mrz',
      'quality',
    ]);
    expect(byName.get('mrz')).toMatchObject({
      outcome: 'pass',
      score: 91,
      threshold: 60,
      found: { code: 'mrz_read', format: 'TD3', side: 'front', repairs: 1 },
    });
    // The sealed part, opened under Ada's key: what she typed and what her document says.
    expect(byName.get('data_match')).toMatchObject({
      outcome: 'fail',
      found: {
        code: 'data_compared',
        fields: [
          { field: 'lastName', outcome: 'disagrees', youTyped: 'LOVELACEWOOD', documentSays: 'LOVELACEW00D' },
          { field: 'dateOfBirth', outcome: 'agrees', youTyped: '1990-12-10', documentSays: '1990-12-10' },
        ],
      },
    });
    expect(byName.get('expiry')).toMatchObject({
      found: { code: 'expiry_date', expired: false, expiryDate: '2031-04-30' },
    });
    // A duplicate: found, and nothing more — not who, not how many, not the hash.
    const duplicate = byName.get('duplicate_document');
    expect(duplicate?.found).toEqual({ code: 'duplicate_document', duplicateFound: true });
    expect(Object.keys(duplicate ?? {}).sort()).toEqual(
      ['check', 'checkedAt', 'found', 'outcome', 'score', 'threshold'].sort(),
    );
    const copy = Object.entries(files)
      .filter(([path]) => path.endsWith('.json') || path.endsWith('.txt'))
      .map(([, bytes]) => text(bytes))
      .join('\n');
    expect(copy).not.toContain('HASH-OF-THE-DOCUMENT');
    expect(copy).not.toContain('OTHERPERSON-QX');
    expect(copy).not.toContain('OTHERPERS0N-QX');
    expect(copy).not.toMatch(/relatedUser|related_user|otherAccounts|document_hash/);
    expect(copy).not.toContain(`"submissionId": ${Number(otherSubmission.id)}`);
    // The manifest lists the new file.
    const manifest = JSON.parse(text(files['manifest.json'])) as { files: { path: string }[] };
    expect(manifest.files.map((f) => f.path)).toContain('data/document-checks.json');
  });

  it('when a person answered the correction step, then the copy holds each answer opened under their key: the zone they typed, a field kept with their reason', async () => {
    const { client } = await userWithCase(fixture.app, 'new@demo.test');
    const userId = await fixture.userIdOf('new@demo.test');
    const [submission] = await fixture.submissionsOf('new@demo.test');
    const submissionId = Number(submission?.id);
    await storeChecks(fixture, userId, submissionId, [
      { name: 'data_match', outcome: 'fail', detail: compared('LOVELACEWOOD', 'LOVELACEW00D') },
    ]);
    const lines = [
      'P<D<<LOVELACEW00D<<ADA<<<<<<<<<<<<<<<<<<<<<<',
      'C01X00T478D<<9012108F3001019<<<<<<<<<<<<<<<6',
    ];
    const db = fixture.database.db;
    const keyring = createKeyring(Buffer.from(TEST_MASTER_KEY, 'base64'));
    const answers = [
      { revision: 1, kind: 'mrz' as const, fields: [], sealed: { fields: [], mrzLines: lines } },
      {
        revision: 2,
        kind: 'fields' as const,
        fields: [{ field: 'lastName', action: 'keep' }],
        sealed: {
          fields: [
            {
              field: 'lastName',
              typed: 'LOVELACEWOOD',
              document: 'LOVELACEW00D',
              action: 'keep',
              value: null,
              reason: 'My name is spelt with two Os.',
            },
          ],
          mrzLines: null,
        },
      },
    ];
    const at = Date.now();
    const rows = await withDataKey(submissionsRepo(db), keyring, userId, at, (key) =>
      answers.map((a) => ({
        submission_id: submissionId,
        user_id: userId,
        revision: a.revision,
        kind: a.kind,
        fields: JSON.stringify(a.fields),
        answer_enc: encryptBlob(key, Buffer.from(JSON.stringify(a.sealed), 'utf8'), {
          userId,
          objectId: correctionObject(submissionId, a.revision),
        }),
        data_match: 'fail' as const,
        idempotency_key: `answer-${a.revision}`,
        created_at: at,
      })),
    );
    await db.insertInto('document_check_corrections').values(rows).execute();

    const files = await ownCopy(fixture.app, client);
    const checks = JSON.parse(text(files['data/document-checks.json'])) as {
      submissions: { corrections: unknown[] }[];
    };
    expect(checks.submissions[0]?.corrections).toEqual([
      {
        revision: 1,
        kind: 'mrz',
        answeredAt: new Date(at).toISOString(),
        fields: [],
        zoneTyped: lines,
        dataMatchAfter: 'fail',
      },
      {
        revision: 2,
        kind: 'fields',
        answeredAt: new Date(at).toISOString(),
        fields: [
          {
            field: 'lastName',
            action: 'keep',
            youTyped: 'LOVELACEWOOD',
            documentSays: 'LOVELACEW00D',
            correctedTo: null,
            reason: 'My name is spelt with two Os.',
          },
        ],
        zoneTyped: null,
        dataMatchAfter: 'fail',
      },
    ]);
  });

  it('when a person’s checks have not run yet, then the copy says their run is due with no findings', async () => {
    const { client } = await userWithCase(fixture.app, 'new@demo.test');
    const [submission] = await fixture.submissionsOf('new@demo.test');
    const files = await ownCopy(fixture.app, client);
    expect(JSON.parse(text(files['data/document-checks.json']))).toMatchObject({
      submissions: [
        { submissionId: Number(submission?.id), status: 'due', checkedAt: null, checks: [], corrections: [] },
      ],
    });
  });
});
