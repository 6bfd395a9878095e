/**
 * The document checks as the case page shows them (issue 19 "Wiring"): those of the submission under
 * review (a level, a re-verification or an ID update, D124), each not run while its run is pending or
 * given up, the personal part of each result (what the MRZ says, what was typed) opened under the
 * person's data key. The caller audits the view, naming the submission whose evidence was opened.
 */
import { CHECK_NAMES, checkDetail, type CaseCheck, type CaseChecksRun } from '@kyc/contracts';
import type { Repositories } from '../../../data/repositories/index.ts';
import type { DocumentCheckResultRow } from '../../../data/schema/index.ts';
import { decryptBlob, type MasterKeyring } from '../../../lib/crypto/envelope.ts';
import { withStoredDataKey } from '../../kyc/data-keys.ts';
import { isCheckedKind } from './typed-identity.ts';

/** What a result's sealed evidence is bound to: the submission and the check. */
export const evidenceObject = (submissionId: number, name: string) =>
  `document-check:${submissionId}:${name}`;

const VENDORS = ['sumsub', 'onfido', 'jumio'] as const;

/** The checks built so far: a pending run shows each as not run. */
const BUILT: readonly CaseCheck['name'][] = [
  'quality',
  'mrz',
  'data_match',
  'expiry',
  'face_match',
  'liveness',
  'duplicate_document',
  'duplicate_face',
];

function caseCheckOf(row: DocumentCheckResultRow, key: Buffer | undefined): CaseCheck {
  let detail = checkDetail.parse(JSON.parse(row.detail));
  if (row.evidence_enc && key) {
    try {
      const opened = decryptBlob(key, Buffer.from(row.evidence_enc), {
        userId: row.user_id,
        objectId: evidenceObject(row.submission_id, row.name),
      });
      detail = checkDetail.parse(JSON.parse(opened.toString('utf8')));
    } catch {
      // Unreadable evidence (a shredded data key): the clear detail, its values left out.
    }
  }
  return {
    name: row.name as CaseCheck['name'],
    outcome: row.outcome,
    score: row.score,
    threshold: row.threshold,
    detail,
    relatedUserId: row.related_user_id,
  };
}

export interface CaseChecksView {
  checks: CaseCheck[];
  run: CaseChecksRun;
  /** The submission whose sealed evidence was opened, for the view's audit entry. */
  opened: number | null;
}

/**
 * The checks of the submission the reviewer decides (D124: the person's pending submission with a run,
 * else their latest run), or of `submissionId` when given (the correction step names its own).
 */
export async function caseChecksOf(
  repos: Pick<Repositories, 'documentChecks' | 'submissions'>,
  keyring: MasterKeyring,
  userId: number,
  submissionId?: number,
): Promise<CaseChecksView> {
  const run =
    submissionId === undefined
      ? await repos.documentChecks.runToDecide(userId)
      : await repos.documentChecks.runForCase(userId, submissionId);
  if (!run) return { checks: [], run: null, opened: null };
  // D112: a vendor's submission (its key names the vendor) carries the checks of the vendor's reading.
  const submission = await repos.submissions.findSubmission(userId, run.submission_id);
  const vendor = submission?.idempotency_key.startsWith('vendor:')
    ? VENDORS.find((v) => submission.idempotency_key.startsWith(`vendor:${v}:`))
    : undefined;
  // D124: which kind of submission was checked, so the panel can say so.
  const kind = submission && isCheckedKind(submission.kind) ? submission.kind : undefined;
  const meta = {
    submissionId: run.submission_id,
    checkedAt: run.checked_at,
    ...(vendor ? { vendor } : {}),
    ...(kind ? { kind } : {}),
  };
  if (run.status !== 'done') {
    const failed = run.status === 'failed';
    const checks = BUILT.map((name): CaseCheck => ({
      name,
      outcome: 'not_run',
      score: null,
      threshold: null,
      detail: { code: 'not_run', reason: failed ? 'failed' : 'pending' },
      relatedUserId: null,
    }));
    return { checks, run: { ...meta, status: failed ? 'failed' : 'pending' }, opened: null };
  }
  const rows = await repos.documentChecks.resultsOf(run.submission_id);
  const sealed = rows.some((r) => r.evidence_enc !== null);
  const checks = sealed
    ? await withStoredDataKey(repos.submissions, keyring, userId, (key) =>
        rows.map((r) => caseCheckOf(r, key)),
      )
    : rows.map((r) => caseCheckOf(r, undefined));
  const order = (check: CaseCheck) => CHECK_NAMES.indexOf(check.name);
  checks.sort((a, b) => order(a) - order(b));
  return { checks, run: { ...meta, status: 'done' }, opened: sealed ? run.submission_id : null };
}
