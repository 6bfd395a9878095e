/**
 * KYC write side with the in-house provider (docs/kyc.md "Submitting a level"): uploading a document,
 * submitting a level for review, the user's self-reset and the personal details. Every call is scoped
 * to the caller's own user id; nothing is acknowledged before it is committed.
 */
import {
  type DocumentSide,
  type KycPersonalInfo,
  type LivenessEvidence,
  type KycPersonalInfoRequest,
  type KycStepLevel,
  type KycStepStatus,
  type SelfResetResult,
  type SubmitKycRequest,
  type SubmitKycResult,
  type UploadDocumentResult,
} from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { KycSubmissionRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import type { BlobStore } from '../../lib/uploads/blob-store.ts';
import type { ScreeningRequests } from '../screening/screening-service.ts';
import type { RiskRecompute } from '../risk/risk-service.ts';
import type { CheckRequests } from '../checks/run/check-runs.ts';
import { storeEncryptedUpload } from '../uploads/encrypted-upload.ts';
import { sealLivenessEvidence } from '../checks/faces/liveness-evidence.ts';
import { checkedConsent, residenceDetails, type ConsentRecord } from './capture-rules.ts';
import { sealDetails, withDataKey } from './data-keys.ts';
import { idempotent, reusedKey } from './idempotency.ts';
import { isTurkeyRegion, TURKEY_WEB_REFUSAL, type Channel } from './reverification-rules.ts';
import { initialStepStatus, nextPoiStatus, nextStepStatus } from './state-machine.ts';
import { maskPersonalDetails } from './personal-details-mask.ts';
import { checkSides, typedDocumentDetails } from './submission-rules.ts';
import { utcDayStart } from './update-rules.ts';

export interface SubmissionDeps {
  repos: Repositories;
  blobs: BlobStore;
  keyring: MasterKeyring;
  /** Issue 18: a level-1 submission asks for the person's screening (after its commit, D65). */
  screening?: ScreeningRequests;
  /** Issue 18: a level-1 submission recomputes the person's risk score (countries), after its commit. */
  risk?: RiskRecompute;
  /** Issue 19: a level-1 submission's or a re-verification's document checks, after the commit (D96, D124). */
  checks?: CheckRequests;
  now?: () => number;
}

/** The answer a submission gives, the first time and for every repetition with its Idempotency-Key. */
function resultOf(row: KycSubmissionRow): SubmitKycResult {
  return { submissionId: row.id, level: row.level, status: 'PENDING' };
}

/** A date of birth (YYYY-MM-DD) of someone at least 18 on the given day, born in 1900 or later. */
export function isAdultOn(dateOfBirth: string, at: number): boolean {
  const [y, m, d] = dateOfBirth.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined || y < 1900) return false;
  const today = new Date(at);
  const eighteenth = Date.UTC(y + 18, m - 1, d);
  return eighteenth <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}

export function submissionUseCases(deps: SubmissionDeps) {
  const { repos, blobs, keyring } = deps;
  const { submissions, kyc } = repos;
  const now = deps.now ?? Date.now;

  /** Details sealed under the user's data key, bound to the user and the submission's key. */
  const sealed = (userId: number, idempotencyKey: string, details: Record<string, string>) =>
    withDataKey(submissions, keyring, userId, now(), (key) =>
      sealDetails(key, userId, idempotencyKey, details),
    );

  async function storedStatuses(userId: number): Promise<[KycStepStatus, KycStepStatus]> {
    const rows = await kyc.levelStates(userId);
    return [
      rows.find((r) => r.level === 1)?.status ?? initialStepStatus(1),
      rows.find((r) => r.level === 2)?.status ?? initialStepStatus(2),
    ];
  }

  /** The caller's unused documents with exactly the sides the level and document type need. */
  async function checkedDocuments(userId: number, request: SubmitKycRequest): Promise<string[]> {
    const ids = [...new Set(request.documentIds)];
    if (ids.length !== request.documentIds.length)
      throw new AppError('KYC_DOCUMENTS_INCOMPLETE', 'a document id is given twice');
    const documents = await submissions.documentsOf(userId, ids);
    if (documents.length !== ids.length || documents.some((d) => d.submission_id !== null))
      throw new AppError('KYC_DOCUMENT_NOT_FOUND', 'a document is unknown or already submitted');
    checkSides(
      request.level,
      request.documentType,
      documents.map((d) => d.side),
    );
    return ids;
  }

  /** The issuing country: open to verification and issuing the document type. */
  async function checkedCountry(request: SubmitKycRequest): Promise<string> {
    // Read from the table, not the cache: a country closed a moment ago refuses at once.
    const country = await kyc.findCountry(request.country);
    if (!country)
      throw new AppError(
        'KYC_COUNTRY_NOT_SUPPORTED',
        `country ${request.country} is not open to verification`,
      );
    if (country.kycDisabled)
      throw new AppError(
        'KYC_COUNTRY_NOT_SUPPORTED',
        `country ${country.code} is closed: ${country.closedReason}`,
      );
    if (!country.documentTypes.includes(request.documentType))
      throw new AppError(
        'KYC_DOCUMENTS_INCOMPLETE',
        `${request.documentType} is not a document ${country.code} issues for verification`,
      );
    return country.code;
  }

  /** One attempt at submitting; submitLevel turns a lost race on the same key into the winner's answer. */
  async function attempt(
    userId: number,
    request: SubmitKycRequest,
    idempotencyKey: string,
  ): Promise<SubmitKycResult> {
    const level: KycStepLevel = request.level;
    // An ID and a selfie need the consent and declaration; level 2 names the residence address.
    const consent: ConsentRecord | null = level === 1 ? checkedConsent(request.consent, now()) : null;
    const residence = level === 2 ? residenceDetails(request.residence) : null;
    // D125: the identity document's nationality and number, checked before anything is written.
    const document = level === 1 ? typedDocumentDetails(request) : {};
    const ids = await checkedDocuments(userId, request);
    const countryCode = await checkedCountry(request);
    if (residence && !(await kyc.findCountry(residence.residenceCountry ?? '')))
      throw new AppError('KYC_COUNTRY_NOT_SUPPORTED', `unknown country ${residence.residenceCountry}`);
    const typedDetails = residence ?? (Object.keys(document).length > 0 ? { ...document } : null);
    const detailsEnc = typedDetails ? await sealed(userId, idempotencyKey, typedDetails) : null;

    const [level1, level2] = await storedStatuses(userId);
    const from = level === 1 ? level1 : level2;
    const to = nextStepStatus(from, 'submit', {
      level,
      actor: 'user',
      countryDisabled: false,
      level1Status: level1,
    });

    const at = now();
    const { result, screeningRun, checkRun } = await repos.transaction(async (tx) => {
      // The unique (user, key) insert comes first: a concurrent twin waits here and then fails.
      const submissionId = await tx.submissions.insertSubmission({
        userId,
        level,
        documentType: request.documentType,
        issuingCountry: countryCode,
        status: 'PENDING',
        idempotencyKey,
        createdAt: at,
        detailsEnc,
        consent,
      });
      await tx.submissions.ensureApplicant(userId, at);
      if (level === 1) await tx.kyc.upsertApplicant(userId, { country: countryCode }, at);
      if (residence)
        await tx.kyc.upsertApplicant(userId, { residence_country: residence.residenceCountry ?? '' }, at);
      await tx.submissions.ensureLevelState(userId, level, initialStepStatus(level), at);
      if (!(await tx.submissions.casLevelStatus(userId, level, from, to, at)))
        throw new AppError('KYC_ILLEGAL_TRANSITION', `LEVEL_${level} changed meanwhile`);
      if ((await tx.submissions.attachDocuments(userId, ids, submissionId)) !== ids.length)
        throw new AppError('KYC_DOCUMENT_NOT_FOUND', 'a document was submitted meanwhile');
      // Issue 18: level 1 names the person; their screening is due with the submission (D65).
      const run =
        level === 1 ? await deps.screening?.request(tx, userId, 'level_1_submitted', at) : undefined;
      // Issue 19: its document checks are due with it, in the same commit (a crash loses nothing).
      const checks = level === 1 ? await deps.checks?.request(tx, submissionId, userId, at) : undefined;
      return { result: { submissionId, level, status: to }, screeningRun: run, checkRun: checks };
    });
    // Screened after the commit, in the background: the submission neither waits for it nor fails by it.
    deps.screening?.soon(screeningRun);
    if (level === 1) deps.risk?.soon(userId, 'level_1_submitted');
    if (checkRun !== undefined) deps.checks?.soon(checkRun);
    return result;
  }

  /**
   * A re-verification (reason UPDATE_KYC): level-1 documents, then the re-verification machine's
   * `submit` (Needed/Rejected → Pending; the Turkey region only through the app) in one transaction
   * with a 'reverification' submission and its document checks' run (D124). The step statuses do not
   * change.
   */
  async function attemptReverification(
    userId: number,
    request: SubmitKycRequest,
    idempotencyKey: string,
    channel: Channel,
  ): Promise<SubmitKycResult> {
    if (request.level !== 1)
      throw new AppError('PARAMS_ERROR', 'level: a re-verification submits level 1 documents', 400);
    const poi = await kyc.findReverification(userId);
    const from = poi?.status ?? 'DisplayUpdatePOIStatus_No';
    const turkeyRegion = isTurkeyRegion(poi);
    if (turkeyRegion && channel !== 'app') throw new AppError('KYC_ILLEGAL_TRANSITION', TURKEY_WEB_REFUSAL);
    const to = nextPoiStatus(from, 'submit', { actor: 'user', turkeyRegion, channel });
    const consent = checkedConsent(request.consent, now());
    const document = typedDocumentDetails(request);
    const ids = await checkedDocuments(userId, request);
    const countryCode = await checkedCountry(request);
    const detailsEnc =
      Object.keys(document).length > 0 ? await sealed(userId, idempotencyKey, { ...document }) : null;
    const at = now();
    const { result, checkRun } = await repos.transaction(async (tx) => {
      const submissionId = await tx.submissions.insertSubmission({
        userId,
        level: 1,
        kind: 'reverification',
        documentType: request.documentType,
        issuingCountry: countryCode,
        status: 'PENDING',
        idempotencyKey,
        createdAt: at,
        detailsEnc,
        consent,
      });
      if (!(await tx.submissions.casReverificationStatus(userId, from, to, at)))
        throw new AppError('KYC_ILLEGAL_TRANSITION', 're-verification changed meanwhile');
      if ((await tx.submissions.attachDocuments(userId, ids, submissionId)) !== ids.length)
        throw new AppError('KYC_DOCUMENT_NOT_FOUND', 'a document was submitted meanwhile');
      // Issue 19 (D124): its document checks are due with it, as a level-1 submission's are.
      const checks = await deps.checks?.request(tx, submissionId, userId, at);
      return { result: { submissionId, level: 1, status: 'PENDING' } as const, checkRun: checks };
    });
    if (checkRun !== undefined) deps.checks?.soon(checkRun);
    return result;
  }

  return {
    /**
     * A document side, selfie or proof of address through the one encrypted-upload pipeline
     * (domain/uploads): checked, sealed under the user's data key, stored, recorded. A selfie may carry
     * its liveness evidence (already checked by liveness-evidence.ts), sealed on the selfie's row (D116).
     */
    async uploadDocument(
      userId: number,
      side: DocumentSide,
      bytes: Buffer,
      liveness?: LivenessEvidence,
    ): Promise<UploadDocumentResult> {
      if (liveness && side !== 'selfie')
        throw new AppError('LIVENESS_EVIDENCE_INVALID', 'liveness: only a selfie carries liveness evidence');
      const file = await storeEncryptedUpload(
        { blobs, keys: submissions, keyring },
        // Document sides and selfies must be usable photos (docs/checks.md "Image quality"); a proof of
        // address may be a PDF and is not held to it.
        {
          userId,
          bytes,
          checks: { allowPdf: side === 'poa' },
          quality: side === 'poa' ? undefined : side === 'selfie' ? 'selfie' : 'document',
          at: now(),
        },
        async (stored) => {
          const livenessEnc = liveness
            ? await withDataKey(submissions, keyring, userId, stored.createdAt, (key) =>
                sealLivenessEvidence(key, userId, stored.id, liveness),
              )
            : null;
          await submissions.insertDocument({ ...stored, side, livenessEnc });
        },
      );
      return { documentId: file.id, side, mime: file.mime, size: file.size, sha256: file.sha256 };
    },

    /**
     * Puts a level in review: the documents (the caller's, unused, the sides the document type needs),
     * the country (open, offering the type) and the state machine's submit event, in one transaction
     * with the submission row. The same Idempotency-Key answers the first result and creates nothing.
     */
    async submitLevel(
      userId: number,
      request: SubmitKycRequest,
      idempotencyKey: string,
      channel: Channel = 'web',
    ): Promise<SubmitKycResult> {
      return idempotent({
        earlier: async () => {
          const row = await submissions.findSubmissionByKey(userId, idempotencyKey);
          if (row && row.kind !== (request.reason === 'UPDATE_KYC' ? 'reverification' : 'level'))
            throw reusedKey();
          return row ? resultOf(row) : undefined;
        },
        attempt: () =>
          request.reason === 'UPDATE_KYC'
            ? attemptReverification(userId, request, idempotencyKey, channel)
            : attempt(userId, request, idempotencyKey),
        conflict: () => new AppError('KYC_ILLEGAL_TRANSITION', 'submitted meanwhile'),
      });
    },

    /**
     * The system's daily_reset of the re-verification machine: a Rejected_Daily of an earlier UTC day
     * becomes Rejected, so the person may resubmit (docs/kyc.md). Runs with the periodic sweep.
     */
    async dailyReset(at = now()): Promise<number> {
      // The machine's row for the event (Rejected_Daily → Rejected, actor system) is the one applied.
      const from = 'DisplayUpdatePOIStatus_Rejected_Daily';
      const to = nextPoiStatus(from, 'daily_reset', { actor: 'system' });
      return submissions.moveStaleReverifications(from, to, utcDayStart(at), at);
    },

    /**
     * The user's self-reset (docs/kyc.md): both levels back to their start and level 0, refused (30001)
     * while a review runs or after a final rejection. Documents and submissions are kept (record keeping).
     */
    async selfReset(userId: number): Promise<SelfResetResult> {
      const statuses = await storedStatuses(userId);
      const targets = statuses.map((from, i) =>
        nextStepStatus(from, 'self_reset', { level: i === 0 ? 1 : 2, actor: 'user', statuses }),
      );
      const at = now();
      await repos.transaction(async (tx) => {
        for (const [i, to] of targets.entries()) {
          const level = i + 1;
          const from = statuses[i] ?? initialStepStatus(level === 1 ? 1 : 2);
          await tx.submissions.ensureLevelState(userId, level, from, at);
          if (!(await tx.submissions.casLevelStatus(userId, level, from, to, at)))
            throw new AppError('KYC_ILLEGAL_TRANSITION', `LEVEL_${level} changed meanwhile`);
        }
        await tx.submissions.ensureApplicant(userId, at);
        await tx.kyc.upsertApplicant(userId, { level: 0 }, at);
      });
      return { level: 0, state: targets.map((status, i) => ({ level: i + 1, status })) };
    },

    /**
     * Reads the personal details, or updates the fields given. Updates are refused (30001) while a level
     * is PENDING or SUCCESS: the details then belong to the identity under review or verified, and a read
     * answers the name and date of birth masked (docs/security-verification.md "Reveal"): only the reveal
     * route, behind security verification of scene 30029, passes `reveal`. While the details can still
     * be edited they are the person's own draft and are answered as typed.
     * The name and date of birth are sealed at rest under the user's data key (personal-data.ts, through
     * the kyc repository).
     */
    async personalInfo(
      userId: number,
      update: KycPersonalInfoRequest,
      { reveal = false }: { reveal?: boolean } = {},
    ): Promise<KycPersonalInfo> {
      const statuses = await storedStatuses(userId);
      const editable = !statuses.some((s) => s === 'PENDING' || s === 'SUCCESS');
      const fields = {
        ...(update.firstName !== undefined ? { first_name: update.firstName } : {}),
        ...(update.lastName !== undefined ? { last_name: update.lastName } : {}),
        ...(update.dateOfBirth !== undefined ? { date_of_birth: update.dateOfBirth } : {}),
        ...(update.residenceCountry !== undefined ? { residence_country: update.residenceCountry } : {}),
      };
      if (Object.keys(fields).length > 0) {
        if (!editable)
          throw new AppError(
            'KYC_ILLEGAL_TRANSITION',
            'personal details cannot change while a level is under review or verified',
          );
        if (update.dateOfBirth !== undefined && !isAdultOn(update.dateOfBirth, now()))
          throw new AppError(
            'PARAMS_ERROR',
            'dateOfBirth: the person must be at least 18 and born after 1900',
            400,
          );
        if (update.residenceCountry !== undefined && !(await kyc.findCountry(update.residenceCountry)))
          throw new AppError('KYC_COUNTRY_NOT_SUPPORTED', `unknown country ${update.residenceCountry}`);
        await kyc.upsertApplicant(userId, fields, now());
      }
      const applicant = await kyc.findApplicant(userId);
      const masked = !editable && !reveal;
      const details = {
        firstName: applicant?.first_name ?? '',
        lastName: applicant?.last_name ?? '',
        dateOfBirth: applicant?.date_of_birth ?? '',
      };
      return {
        ...(masked ? maskPersonalDetails(details) : details),
        residenceCountry: applicant?.residence_country ?? '',
        country: applicant?.country ?? '',
        editable,
        masked,
      };
    },
  };
}
export type SubmissionUseCases = ReturnType<typeof submissionUseCases>;
