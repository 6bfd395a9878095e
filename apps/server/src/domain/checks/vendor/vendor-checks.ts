/**
 * The data and duplicate checks on a vendor's result (issue 19, D112; docs/checks.md "Checks on vendor
 * results"). When a vendor (Sumsub, Onfido, Jumio) reports a verified identity, what it read from the
 * document is checked as the in-house zone is: data_match against what the person typed with us (not
 * run when they typed nothing), expiry (when the vendor gives it), and duplicate_document — the same
 * keyed hash over the issuing state and number as the MRZ's (document-hash.ts), so the same document on
 * an in-house and a vendor account is found. The results are stored for the vendor's submission as a
 * run already done, so the reviewer's Checks panel and the risk factors read them like any run. The
 * vendor's decision is not changed: a duplicate only flags the case (its link, the risk factor).
 * Stored once per submission (the run's unique submission id is the compare-and-set).
 */
import type { Repositories } from '../../../data/repositories/index.ts';
import type { NewCheckResult } from '../../../data/repositories/document-checks-repo.ts';
import { encryptBlob, type MasterKeyring } from '../../../lib/crypto/envelope.ts';
import type { VendorDocumentData, VendorName } from '../../../providers/provider.ts';
import { withDataKey } from '../../kyc/data-keys.ts';
import { mrzCodeOfCountry } from '../mrz/mrz-countries.ts';
import { evidenceObject } from '../run/case-checks.ts';
import { documentHashes } from '../run/document-hash.ts';
import { clearDetail, hasEvidence, type EvaluatedCheck } from '../run/evaluate.ts';
import { vendorDataMatch, vendorExpiry } from './vendor-compare.ts';

/** Accounts named by one duplicate_document result at most (as check-runs.ts). */
const DUPLICATE_LIMIT = 10;

/** The idempotency key prefix of a submission a vendor's event opened (apply-outcome.ts). */
export const VENDOR_SUBMISSION_PREFIX = 'vendor:';
export const isVendorSubmission = (submission: { idempotency_key: string }) =>
  submission.idempotency_key.startsWith(VENDOR_SUBMISSION_PREFIX);

export interface VendorCheckOptions {
  repos: Repositories;
  keyring: MasterKeyring;
  now?: () => number;
}

export type VendorCheckOutcome = 'stored' | 'already_stored' | 'no_submission' | 'nothing_read';

export function vendorCheckUseCases(options: VendorCheckOptions) {
  const { repos, keyring } = options;
  const now = options.now ?? Date.now;

  /** The submission the vendor's event opened for this level (its latest). */
  async function vendorSubmission(userId: number, vendor: VendorName, level: number) {
    const prefix = `${VENDOR_SUBMISSION_PREFIX}${vendor}:`;
    const rows = await repos.submissions.submissionsOf(userId);
    return rows
      .filter((s) => s.kind === 'level' && s.level === level && s.idempotency_key.startsWith(prefix))
      .at(-1);
  }

  return {
    /** After a vendor's approval committed: check what it read and store the results once. */
    async afterVerified(
      userId: number,
      vendor: VendorName,
      level: number,
      document: VendorDocumentData | null,
    ): Promise<VendorCheckOutcome> {
      if (!document) return 'nothing_read';
      const submission = await vendorSubmission(userId, vendor, level);
      if (!submission) return 'no_submission';
      const submissionId = Number(submission.id);
      const at = now();
      const applicant = await repos.kyc.findApplicant(userId);
      const typed = (value: string | null | undefined) => (value ? value : undefined);
      const checks: (EvaluatedCheck & { relatedUserId: number | null; hash: string | null })[] = [];
      const dataMatch = vendorDataMatch(document, {
        firstName: typed(applicant?.first_name),
        lastName: typed(applicant?.last_name),
        dateOfBirth: typed(applicant?.date_of_birth),
      });
      checks.push({ ...dataMatch, relatedUserId: null, hash: null });
      const expiry = vendorExpiry(document, at);
      if (expiry) checks.push({ ...expiry, relatedUserId: null, hash: null });
      const state = document.issuingCountry ? mrzCodeOfCountry(document.issuingCountry) : undefined;
      const number = document.documentNumber?.toUpperCase().replace(/[^A-Z0-9]/g, '') ?? '';
      // A driving licence has no MRZ: its number is of another series than the state's passports and
      // cards, so it is not hashed with them (a false duplicate otherwise).
      const licence = /DRIV/i.test(document.documentType ?? '');
      if (state && number && !licence) {
        const hashes = documentHashes(keyring, { issuingState: state, documentNumber: number });
        const others = await repos.documentChecks.otherHolders(hashes.lookup, userId, DUPLICATE_LIMIT);
        checks.push({
          name: 'duplicate_document',
          outcome: others.length > 0 ? 'fail' : 'pass',
          score: null,
          threshold: null,
          detail: { code: 'duplicate_document', otherAccounts: others.length },
          relatedUserId: others[0] ?? null,
          hash: hashes.stored,
        });
      }
      const results: NewCheckResult[] = await withDataKey(repos.submissions, keyring, userId, at, (key) =>
        checks.map((c) => ({
          name: c.name,
          outcome: c.outcome,
          score: c.score,
          threshold: c.threshold,
          detail: JSON.stringify(clearDetail(c.detail)),
          evidenceEnc: hasEvidence(c.detail)
            ? encryptBlob(key, Buffer.from(JSON.stringify(c.detail), 'utf8'), {
                userId,
                objectId: evidenceObject(submissionId, c.name),
              })
            : null,
          relatedUserId: c.relatedUserId,
          documentHash: c.hash,
        })),
      );
      const stored = await repos.transaction((tx) =>
        tx.documentChecks.storeDoneRun({ submissionId, userId }, results, at),
      );
      return stored ? 'stored' : 'already_stored';
    },
  };
}
export type VendorCheckUseCases = ReturnType<typeof vendorCheckUseCases>;
