/**
 * Updates of a verified person's documents (docs/kyc.md "Updating the ID document or the proof of
 * address"): a new identity document (update-id, spec §8 codes 1045–1053 and 1062) and a new proof of
 * address (update-poa). Each is a submission of its own kind, reviewed in the back office; the
 * verified identity changes only when a reviewer approves. Idempotent per Idempotency-Key as submit.
 */
import type {
  DocumentType,
  UpdateIdRequest,
  UpdateIdResult,
  UpdatePoaRequest,
  UpdatePoaResult,
} from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { KycDocumentRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import type { CheckRequests } from '../checks/run/check-runs.ts';
import { sealDetails, withDataKey } from './data-keys.ts';
import { idempotent, reusedKey } from './idempotency.ts';
import { sidesProblem } from './submission-rules.ts';
import { UPDATE_ID_DAILY_LIMIT, isExpired, sameName, utcDayStart } from './update-rules.ts';

export interface UpdateDeps {
  repos: Repositories;
  keyring: MasterKeyring;
  /** Issue 19 (D124): an ID update's document checks, requested with it and run after its commit. */
  checks?: CheckRequests;
  now?: () => number;
}

const pending = (submissionId: number): UpdateIdResult => ({ submissionId, status: 'PENDING' });

export function updateUseCases(deps: UpdateDeps) {
  const { repos, keyring } = deps;
  const { submissions, kyc, users } = repos;
  const now = deps.now ?? Date.now;

  const statusOf = async (userId: number) => {
    const rows = await kyc.levelStates(userId);
    return (level: number) => rows.find((r) => r.level === level)?.status ?? '';
  };

  /** The caller's unused documents with these ids, or undefined when one is unknown, foreign or used. */
  async function unusedDocuments(
    userId: number,
    ids: readonly string[],
  ): Promise<KycDocumentRow[] | undefined> {
    const unique = [...new Set(ids)];
    if (unique.length !== ids.length) return undefined;
    const documents = await submissions.documentsOf(userId, unique);
    if (documents.length !== unique.length || documents.some((d) => d.submission_id !== null))
      return undefined;
    return documents;
  }

  async function attemptUpdateId(
    userId: number,
    request: UpdateIdRequest,
    idempotencyKey: string,
  ): Promise<UpdateIdResult> {
    const status = await statusOf(userId);
    if (status(1) !== 'SUCCESS')
      throw new AppError('KYC_UPDATE_ID_NOT_VERIFIED', 'the identity (level 1) is not verified');
    const poi = await kyc.findReverification(userId);
    if (status(2) === 'PENDING' || poi?.status === 'DisplayUpdatePOIStatus_Pending')
      throw new AppError('KYC_UPDATE_ID_LEVEL_UNDER_REVIEW', 'a verification is under review');
    if (await submissions.pendingSubmission(userId, 'update_id'))
      throw new AppError('KYC_UPDATE_ID_UNDER_REVIEW', 'an ID update is under review');
    const at = now();
    if (
      (await submissions.countSubmissionsSince(userId, 'update_id', utcDayStart(at))) >= UPDATE_ID_DAILY_LIMIT
    )
      throw new AppError('KYC_UPDATE_ID_DAILY_LIMIT', `at most ${UPDATE_ID_DAILY_LIMIT} ID updates per day`);

    const documents = await unusedDocuments(userId, request.documentIds);
    if (!documents)
      throw new AppError('KYC_UPDATE_ID_IMAGES_INCOMPLETE', 'a document is unknown or already submitted');
    const problem = sidesProblem(
      1,
      request.documentType,
      documents.map((d) => d.side),
    );
    if (problem !== null) throw new AppError('KYC_UPDATE_ID_IMAGES_INCOMPLETE', problem);

    const applicant = await kyc.findApplicant(userId);
    if (!applicant || applicant.country !== request.country)
      throw new AppError(
        'KYC_UPDATE_ID_COUNTRY_MISMATCH',
        'the issuing country differs from the verified one',
      );
    const country = await kyc.findCountry(request.country);
    if (!country || !country.documentTypes.includes(request.documentType as DocumentType))
      throw new AppError(
        'KYC_UPDATE_ID_DOCUMENT_TYPE_NOT_ISSUED',
        `${request.documentType} is not a document ${request.country} issues for verification`,
      );
    if (country.kycDisabled)
      throw new AppError('KYC_COUNTRY_NOT_SUPPORTED', `country ${request.country} is closed to verification`);
    if (isExpired(request.expiryDate, at))
      throw new AppError('KYC_UPDATE_ID_DOCUMENT_EXPIRED', 'expiryDate: the document has expired');
    if (
      !sameName(request.firstName, applicant.first_name) ||
      !sameName(request.lastName, applicant.last_name)
    )
      throw new AppError('KYC_UPDATE_ID_NAME_MISMATCH', 'the name differs from the verified identity');
    if (request.dateOfBirth !== applicant.date_of_birth)
      throw new AppError(
        'KYC_UPDATE_ID_BIRTH_DATE_MISMATCH',
        'the date of birth differs from the verified identity',
      );

    const detailsEnc = await withDataKey(submissions, keyring, userId, at, (key) =>
      sealDetails(key, userId, idempotencyKey, {
        firstName: request.firstName.trim(),
        lastName: request.lastName.trim(),
        dateOfBirth: request.dateOfBirth,
        expiryDate: request.expiryDate,
      }),
    );
    const ids = documents.map((d) => d.id);
    const { submissionId, checkRun } = await repos.transaction(async (tx) => {
      const submissionId = await tx.submissions.insertSubmission({
        userId,
        level: 1,
        kind: 'update_id',
        documentType: request.documentType,
        issuingCountry: country.code,
        status: 'PENDING',
        idempotencyKey,
        createdAt: at,
        detailsEnc,
      });
      if ((await tx.submissions.attachDocuments(userId, ids, submissionId)) !== ids.length)
        throw new AppError('KYC_UPDATE_ID_IMAGES_INCOMPLETE', 'a document was submitted meanwhile');
      // Issue 19 (D124): the new document's checks are due with the update, in the same commit.
      return { submissionId, checkRun: await deps.checks?.request(tx, submissionId, userId, at) };
    });
    if (checkRun !== undefined) deps.checks?.soon(checkRun);
    return pending(submissionId);
  }

  async function attemptUpdatePoa(
    userId: number,
    request: UpdatePoaRequest,
    idempotencyKey: string,
  ): Promise<UpdatePoaResult> {
    const status = await statusOf(userId);
    if (status(2) !== 'SUCCESS')
      throw new AppError('KYC_ILLEGAL_TRANSITION', 'the address (level 2) is not verified');
    if (await submissions.pendingSubmission(userId, 'update_poa'))
      throw new AppError('KYC_ILLEGAL_TRANSITION', 'an address update is under review');
    const [user, applicant] = await Promise.all([users.findById(userId), kyc.findApplicant(userId)]);
    // Same rule as kyc-info displayControl.displayHkgPoaAgreement (site HKG and level ≥ 1).
    const hkg = user?.site === 'HKG' && (applicant?.level ?? 0) >= 1;
    if (hkg && request.hkgPoaAgreement !== true)
      throw new AppError('PARAMS_ERROR', 'hkgPoaAgreement: must be accepted on the Hong Kong site', 400);

    const documents = await unusedDocuments(userId, request.documentIds);
    if (!documents)
      throw new AppError('KYC_DOCUMENT_NOT_FOUND', 'a document is unknown or already submitted');
    if (documents.some((d) => d.side !== 'poa'))
      throw new AppError(
        'KYC_DOCUMENTS_INCOMPLETE',
        'an address update takes one proof of address (side poa)',
      );

    const at = now();
    const detailsEnc = hkg
      ? await withDataKey(submissions, keyring, userId, at, (key) =>
          sealDetails(key, userId, idempotencyKey, { hkgPoaAgreement: 'accepted' }),
        )
      : null;
    const ids = documents.map((d) => d.id);
    return repos.transaction(async (tx) => {
      const submissionId = await tx.submissions.insertSubmission({
        userId,
        level: 2,
        kind: 'update_poa',
        documentType: '',
        issuingCountry: applicant?.residence_country ?? '',
        status: 'PENDING',
        idempotencyKey,
        createdAt: at,
        detailsEnc,
      });
      if ((await tx.submissions.attachDocuments(userId, ids, submissionId)) !== ids.length)
        throw new AppError('KYC_DOCUMENT_NOT_FOUND', 'a document was submitted meanwhile');
      return pending(submissionId);
    });
  }

  const earlierResult = (userId: number, idempotencyKey: string, kind: string) => async () => {
    const row = await submissions.findSubmissionByKey(userId, idempotencyKey);
    if (row && row.kind !== kind) throw reusedKey();
    return row ? pending(row.id) : undefined;
  };

  return {
    /** POST update-id: refusals 1045–1053, 1062 (ret-codes.ts), 30003 for a closed country. */
    updateId(userId: number, request: UpdateIdRequest, idempotencyKey: string): Promise<UpdateIdResult> {
      return idempotent({
        earlier: earlierResult(userId, idempotencyKey, 'update_id'),
        attempt: () => attemptUpdateId(userId, request, idempotencyKey),
        conflict: () => new AppError('KYC_UPDATE_ID_UNDER_REVIEW', 'an ID update is under review'),
      });
    },

    /** POST update-poa: level 2 verified (30001), one unused poa document (30011 / 30012). */
    updatePoa(userId: number, request: UpdatePoaRequest, idempotencyKey: string): Promise<UpdatePoaResult> {
      return idempotent({
        earlier: earlierResult(userId, idempotencyKey, 'update_poa'),
        attempt: () => attemptUpdatePoa(userId, request, idempotencyKey),
        conflict: () => new AppError('KYC_ILLEGAL_TRANSITION', 'an address update is under review'),
      });
    },
  };
}
export type UpdateUseCases = ReturnType<typeof updateUseCases>;
