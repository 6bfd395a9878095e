/**
 * Running the document checks of in-house level-1 submissions, re-verifications and ID updates (issue 19
 * "Wiring", D96, D124; docs/checks.md "Running the checks"). The submitting transaction writes a 'due'
 * run (`request`); after the commit the run is taken in the background (`soon`, mode 'background'); a
 * run that fails or is lost with the process stays due (or running past its lease), and the
 * `document-checks` job takes it (`runDue`).
 * A run is claimed with a lease and stored with its results by a compare-and-set on that claim, in one
 * transaction: a crash loses nothing, two takers store one set. OCR takes seconds of CPU, so runs go one
 * at a time per process (CHECK_CONCURRENCY) and never on a request's path. The personal part of each
 * result (what the MRZ says, what was typed) is sealed under the person's data key. Once stored,
 * `afterStored` lets the provider decide the case itself (../auto-decision/, D102).
 */
import type { Repositories, TxRepositories } from '../../../data/repositories/index.ts';
import type { NewCheckResult } from '../../../data/repositories/document-checks-repo.ts';
import { encryptBlob, type MasterKeyring } from '../../../lib/crypto/envelope.ts';
import type { BlobStore } from '../../../lib/uploads/blob-store.ts';
import { openDetails, withDataKey, withStoredDataKey } from '../../kyc/data-keys.ts';
import type { LivenessEvidence } from '@kyc/contracts';
import { openLivenessEvidence } from '../faces/liveness-evidence.ts';
import { openEncryptedUpload } from '../../uploads/encrypted-upload.ts';
import {
  clearDetail,
  evaluateSubmission,
  hasEvidence,
  type CheckImages,
  type EvaluateOptions,
} from './evaluate.ts';
import { documentHashes } from './document-hash.ts';
import { isCheckedKind, typedIdentityOf } from './typed-identity.ts';
import { evidenceObject } from './case-checks.ts';
import { faceDuplicates } from '../faces/duplicate-face.ts';

/** How long a claimed run is ours: longer than the slowest OCR of two sides on a loaded machine. */
export const CHECK_LEASE_MS = 5 * 60_000;
/** A run that failed this many times is given up ('failed'; the case shows the checks as not run). */
export const CHECK_MAX_ATTEMPTS = 5;
/** Runs at once per process: OCR is CPU-bound and its one worker reads one image at a time. */
export const CHECK_CONCURRENCY = 1;
/** Runs the job takes per tick (each costs seconds). */
const JOB_BATCH = 20;
/** Accounts named by one duplicate_document result at most. */
const DUPLICATE_LIMIT = 10;
export interface CheckLog {
  error(details: object, message: string): void;
  info?(details: object, message: string): void;
}

export interface CheckRunOptions {
  repos: Repositories;
  blobs: BlobStore;
  keyring: MasterKeyring;
  /** background: a submission's run starts after its commit; job: only the job takes runs (tests). */
  mode?: 'background' | 'job';
  now?: () => number;
  readMrz?: EvaluateOptions['readMrz'];
  findFaces?: EvaluateOptions['findFaces'];
  /** Issue 19 (D102): once a run's results are stored, the provider may decide the case itself. */
  afterStored?: (submissionId: number, userId: number) => Promise<unknown>;
  /**
   * Issue 18: after the results are stored (D104: screened as on the document when the MRZ was read;
   * "Risk score": the checks become risk factors). Never throws.
   */
  afterChecks?: (userId: number, read: { mrzRead: boolean }) => Promise<void>;
}

/** What the submitting use-case asks of the checks. */
export interface CheckRequests {
  request(tx: TxRepositories, submissionId: number, userId: number, at: number): Promise<number>;
  soon(runId: number): void;
}

class LostClaim extends Error {}

/** At most `limit` tasks at once; the others wait their turn. */
function limiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

export function checkRunUseCases(options: CheckRunOptions) {
  const { repos, blobs, keyring } = options;
  const now = options.now ?? Date.now;
  const mode = options.mode ?? 'background';
  const limit = limiter(CHECK_CONCURRENCY);
  const faces = faceDuplicates({ faces: repos.faceEmbeddings, keyring });
  const inflight = new Set<Promise<void>>();
  let log: CheckLog = { error: () => {} };

  /** The submission's images, and its selfie's liveness evidence opened (D116; null without one). */
  async function imagesOf(
    userId: number,
    submissionId: number,
  ): Promise<{ images: CheckImages; liveness: LivenessEvidence | null }> {
    const documents = (await repos.submissions.submittedDocumentsOfUser(userId)).filter(
      (d) => Number(d.submission_id) === submissionId,
    );
    const images: CheckImages = {};
    let liveness: LivenessEvidence | null = null;
    for (const d of documents) {
      if (d.side !== 'front' && d.side !== 'back' && d.side !== 'selfie') continue;
      images[d.side] = await openEncryptedUpload({ blobs, keys: repos.submissions, keyring }, userId, {
        id: d.id,
        blobId: d.blob_id,
      });
      const sealed = d.side === 'selfie' ? d.liveness_enc : null;
      if (sealed)
        liveness = await withStoredDataKey(repos.submissions, keyring, userId, (key) =>
          key ? openLivenessEvidence(key, userId, d.id, Buffer.from(sealed)) : null,
        );
    }
    return { images, liveness };
  }

  /** The results of a run, evaluated, duplicates looked up and personal parts sealed. */
  async function resultsOf(
    userId: number,
    submissionId: number,
    at: number,
  ): Promise<{ results: NewCheckResult[]; selfieDescriptor: number[] | null }> {
    const submission = await repos.submissions.findSubmission(userId, submissionId);
    if (!submission) throw new Error(`submission ${submissionId} is missing`);
    const applicant = await repos.kyc.findApplicant(userId);
    // D124, D125: an ID update's typed expiry date, a level's or re-verification's nationality and
    // document number are sealed on the submission.
    const sealedDetails = isCheckedKind(submission.kind) ? submission.details_enc : null;
    const details = sealedDetails
      ? await withStoredDataKey(repos.submissions, keyring, userId, (key) =>
          key ? openDetails(key, userId, submission.idempotency_key, Buffer.from(sealedDetails)) : null,
        )
      : null;
    const { images, liveness } = await imagesOf(userId, submissionId);
    const evaluation = await evaluateSubmission(images, typedIdentityOf(submission, applicant, details), {
      now: at,
      liveness,
      ...(options.readMrz ? { readMrz: options.readMrz } : {}),
      ...(options.findFaces ? { findFaces: options.findFaces } : {}),
    });
    const rows = evaluation.checks.map((c) => ({
      ...c,
      relatedUserId: null as number | null,
      hash: null as string | null,
    }));
    if (evaluation.documentKey) {
      const hashes = documentHashes(keyring, evaluation.documentKey);
      const others = await repos.documentChecks.otherHolders(hashes.lookup, userId, DUPLICATE_LIMIT);
      rows.push({
        name: 'duplicate_document',
        outcome: others.length > 0 ? 'fail' : 'pass',
        score: null,
        threshold: null,
        detail: { code: 'duplicate_document', otherAccounts: others.length },
        relatedUserId: others[0] ?? null,
        hash: hashes.stored,
      });
    }
    rows.push({ ...(await faces.check(userId, evaluation.selfieDescriptor)), hash: null });
    const results = await withDataKey(repos.submissions, keyring, userId, at, (key) =>
      rows.map((r) => ({
        name: r.name,
        outcome: r.outcome,
        score: r.score,
        threshold: r.threshold,
        detail: JSON.stringify(clearDetail(r.detail)),
        evidenceEnc: hasEvidence(r.detail)
          ? encryptBlob(key, Buffer.from(JSON.stringify(r.detail), 'utf8'), {
              userId,
              objectId: evidenceObject(submissionId, r.name),
            })
          : null,
        relatedUserId: r.relatedUserId,
        documentHash: r.hash,
      })),
    );
    return { results, selfieDescriptor: evaluation.selfieDescriptor };
  }

  /** Claims the run and checks it; false when someone else holds it. Errors leave it due (or failed). */
  async function runOne(runId: number): Promise<boolean> {
    const at = now();
    if (!(await repos.documentChecks.claimRun(runId, at, at + CHECK_LEASE_MS))) return false;
    const run = await repos.documentChecks.findRun(runId);
    if (!run) return false;
    try {
      const { results, selfieDescriptor } = await resultsOf(run.user_id, run.submission_id, at);
      const stored = await repos.transaction(async (tx) => {
        const done = await tx.documentChecks.finishRun(
          { id: runId, submissionId: run.submission_id, userId: run.user_id, attempt: run.attempts },
          results,
          now(),
        );
        if (done && selfieDescriptor)
          await faces.store(tx, {
            userId: run.user_id,
            submissionId: run.submission_id,
            descriptor: selfieDescriptor,
            at,
          });
        return done;
      });
      if (!stored) throw new LostClaim();
      // Issue 18: screened as on the document and the checks as risk factors, before the provider may
      // decide (a name that only the document shows must be screened before any automatic approval).
      await options.afterChecks?.(run.user_id, {
        mrzRead: results.some((r) => r.name === 'mrz' && r.outcome === 'pass'),
      });
    } catch (error) {
      if (error instanceof LostClaim) return false;
      const message = error instanceof Error ? error.message : String(error);
      await repos.documentChecks.failRun(runId, message, run.attempts >= CHECK_MAX_ATTEMPTS);
      throw error;
    }
    // The results are stored whatever follows: a failed automatic decision leaves the case to a person.
    try {
      const decided = await options.afterStored?.(run.submission_id, run.user_id);
      // What the provider did with the case, and why a person decides it (the route's reasons).
      if (decided !== undefined)
        log.info?.(
          { event: 'auto-decision', run: runId, submission: run.submission_id, user: run.user_id, decided },
          'automatic decision',
        );
    } catch (error) {
      log.error({ event: 'auto-decision.failed', run: runId, err: error }, 'automatic decision failed');
    }
    return true;
  }

  const requests: CheckRequests = {
    request: (tx, submissionId, userId, at) => tx.documentChecks.requestRun(submissionId, userId, at),
    soon(runId) {
      if (mode !== 'background') return;
      const done = (async () => {
        // After the caller's answer is on its way.
        await new Promise((resolve) => setImmediate(resolve));
        await limit(() => runOne(runId));
      })().catch((error: unknown) => {
        log.error(
          { event: 'document-checks.failed', run: runId, err: error },
          'document checks failed; the job retries them',
        );
      });
      inflight.add(done);
      void done.finally(() => inflight.delete(done));
    },
  };

  return {
    ...requests,

    /** The `document-checks` job: runs still due (or past their lease), a batch per tick; the count done. */
    async runDue(): Promise<number> {
      let done = 0;
      for (const runId of await repos.documentChecks.dueRuns(now(), JOB_BATCH)) {
        try {
          if (await limit(() => runOne(runId))) done++;
        } catch (error) {
          log.error({ event: 'document-checks.failed', run: runId, err: error }, 'document checks failed');
        }
      }
      return done;
    },

    /**
     * Waits for the background runs (app close, tests). The OCR and face workers stay: they belong to
     * the process and end when idle or at its shutdown (../engines.ts, D113).
     */
    async settle(): Promise<void> {
      await Promise.all([...inflight]);
    },

    useLog(logger: CheckLog) {
      log = logger;
    },
  };
}
export type CheckRunUseCases = ReturnType<typeof checkRunUseCases>;
