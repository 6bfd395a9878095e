/**
 * The vendor (non-document) check of level 1 (docs/kyc.md "Vendor (non-document) verification"): a
 * single-use vendor session for an id type an open country offers, then the id number with a selfie puts
 * level 1 in review, its details sealed under the user's data key. Every call is scoped to the caller's
 * own user id.
 */
import {
  VENDOR_ID_TYPES,
  type KycStepStatus,
  type TrafficDiversionResult,
  type VendorIdType,
  type VendorTokenResult,
  type VendorVerifyRequest,
  type VendorVerifyResult,
} from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { VerificationPathsRepo } from '../../data/repositories/verification-paths-repo.ts';
import type { KycSubmissionRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import type { ScreeningRequests } from '../screening/screening-service.ts';
import type { RiskRecompute } from '../risk/risk-service.ts';
import { sealDetails, withDataKey } from './data-keys.ts';
import { idempotent } from './idempotency.ts';
import { checkIdNumber } from './national-id-rules.ts';
import { initialStepStatus, nextStepStatus } from './state-machine.ts';
import { isAdultOn } from './submission-service.ts';

/** A vendor session lives 15 minutes and serves one vendor-verify. */
export const VENDOR_SESSION_TTL_MS = 15 * 60_000;
/** At most this many vendor sessions per person per hour (each may cost a registry lookup). */
export const VENDOR_SESSIONS_PER_HOUR = 10;
const TOKEN_PREFIX = 'kvt_';

const asVendorIdType = (v: string): VendorIdType | undefined =>
  (VENDOR_ID_TYPES as readonly string[]).includes(v) ? (v as VendorIdType) : undefined;

const vendorResult = (row: KycSubmissionRow): VendorVerifyResult => ({
  submissionId: Number(row.id),
  level: 1,
  status: 'PENDING',
});

const params = (message: string) => new AppError('PARAMS_ERROR', message, 400);

/** The vendor id types offered (enabled) by an open country, per country. */
export async function offeredVendorIdTypes(
  paths: Pick<VerificationPathsRepo, 'vendorIdTypes'>,
): Promise<Map<string, VendorIdType[]>> {
  const byCountry = new Map<string, VendorIdType[]>();
  for (const row of await paths.vendorIdTypes()) {
    const idType = asVendorIdType(row.idType);
    if (!row.enabled || !idType) continue;
    byCountry.set(row.country, [...(byCountry.get(row.country) ?? []), idType]);
  }
  return byCountry;
}

export interface VendorCheckDeps {
  repos: Repositories;
  keyring: MasterKeyring;
  now: () => number;
  /** The person's LEVEL_1 and LEVEL_2 statuses as stored (their initial ones when there is no row). */
  levelStatuses: (userId: number) => Promise<[KycStepStatus, KycStepStatus]>;
  /** The provider routing of the person (verification-routing.ts). */
  diversion: (userId: number) => Promise<TrafficDiversionResult>;
  /** Issue 18: the names typed here are screened after the commit (D65). */
  screening?: ScreeningRequests | undefined;
  /** Issue 18 "Risk score": level 1 submitted here recomputes the person's risk after the commit. */
  risk?: RiskRecompute | undefined;
}

export function vendorCheckUseCases({
  repos,
  keyring,
  now,
  levelStatuses,
  diversion,
  screening,
  risk,
}: VendorCheckDeps) {
  const { verificationPaths: paths, submissions, kyc } = repos;

  /** One attempt of vendor-verify; `idempotent` turns a lost race on the same key into the winner. */
  async function verifyAttempt(
    userId: number,
    request: VendorVerifyRequest,
    idempotencyKey: string,
  ): Promise<VendorVerifyResult> {
    const at = now();
    const session = request.token.startsWith(TOKEN_PREFIX)
      ? await paths.findVendorSession(userId, sha256Hex(request.token))
      : undefined;
    // Another user's token is not found: the same answer as an unknown one.
    if (!session || session.used_at !== null)
      throw new AppError('TOKEN_ERROR', 'vendor token unknown or already used');
    if (session.expires_at <= at) throw new AppError('TOKEN_TIMEOUT', 'vendor token expired');
    if (session.id_type !== request.idType)
      throw params(`idType: the vendor session was opened for ${session.id_type}`);

    const checked = checkIdNumber(request.idType, request.idNumber);
    if (!checked.ok) throw params(`idNumber: ${checked.reason}`);
    if (!isAdultOn(request.dateOfBirth, at))
      throw params('dateOfBirth: the person must be at least 18 and born after 1900');

    const [selfie] = await submissions.documentsOf(userId, [request.selfieDocumentId]);
    if (!selfie || selfie.submission_id !== null)
      throw new AppError('KYC_DOCUMENT_NOT_FOUND', 'selfieDocumentId: unknown or already submitted');
    if (selfie.side !== 'selfie')
      throw new AppError('KYC_DOCUMENTS_INCOMPLETE', 'selfieDocumentId: the document is not a selfie');

    const country = await kyc.findCountry(session.country);
    const [level1] = await levelStatuses(userId);
    const to = nextStepStatus(level1, 'submit', {
      level: 1,
      actor: 'user',
      countryDisabled: !country || country.kycDisabled,
      level1Status: level1,
    });

    const detailsEnc = await withDataKey(submissions, keyring, userId, at, (key) =>
      sealDetails(key, userId, idempotencyKey, {
        idType: request.idType,
        idNumber: checked.idNumber,
        firstName: request.firstName,
        lastName: request.lastName,
        dateOfBirth: request.dateOfBirth,
        provider: session.provider,
      }),
    );

    const { result, screeningRun } = await repos.transaction(async (tx) => {
      // The unique (user, key) insert comes first: a concurrent twin waits here and then fails.
      const submissionId = await tx.submissions.insertSubmission({
        userId,
        level: 1,
        documentType: '',
        issuingCountry: session.country,
        status: 'PENDING',
        idempotencyKey,
        createdAt: at,
        kind: 'vendor',
        detailsEnc,
      });
      if (!(await tx.verificationPaths.useVendorSession(session.id, at)))
        throw new AppError('TOKEN_ERROR', 'vendor token used or expired meanwhile');
      await tx.submissions.ensureApplicant(userId, at);
      await tx.kyc.upsertApplicant(
        userId,
        {
          country: session.country,
          first_name: request.firstName,
          last_name: request.lastName,
          date_of_birth: request.dateOfBirth,
        },
        at,
      );
      await tx.submissions.ensureLevelState(userId, 1, initialStepStatus(1), at);
      if (!(await tx.submissions.casLevelStatus(userId, 1, level1, to, at)))
        throw new AppError('KYC_ILLEGAL_TRANSITION', 'LEVEL_1 changed meanwhile');
      if ((await tx.submissions.attachDocuments(userId, [selfie.id], submissionId)) !== 1)
        throw new AppError('KYC_DOCUMENT_NOT_FOUND', 'the selfie was submitted meanwhile');
      const run = await screening?.request(tx, userId, 'level_1_submitted', at);
      return { result: { submissionId, level: 1 as const, status: 'PENDING' as const }, screeningRun: run };
    });
    screening?.soon(screeningRun);
    risk?.soon(userId, 'level_1_submitted');
    return result;
  }

  return {
    /** Deletes vendor sessions that ended more than a day ago (server.ts's sweep timer). */
    async sweep(): Promise<number> {
      return paths.sweepVendorSessions(now() - 86_400_000);
    },

    /**
     * POST vendor-token: opens a 15-minute single-use vendor session for level 1 and this id type.
     * Refused when the id type is not offered by an open country (30022), when level 1 cannot be
     * submitted now (30001), or after VENDOR_SESSIONS_PER_HOUR sessions in the last hour (429).
     */
    async vendorToken(userId: number, idType: VendorIdType): Promise<VendorTokenResult> {
      const offered = await offeredVendorIdTypes(paths);
      const countryCode = [...offered].find(([, types]) => types.includes(idType))?.[0];
      const country = countryCode ? await kyc.findCountry(countryCode) : undefined;
      if (!country || country.kycDisabled)
        throw new AppError('KYC_VENDOR_ID_TYPE_NOT_OFFERED', `${idType} is not offered for verification`);
      const [level1] = await levelStatuses(userId);
      nextStepStatus(level1, 'submit', { level: 1, actor: 'user', countryDisabled: false });
      const at = now();
      if ((await paths.countVendorSessionsSince(userId, at - 3_600_000)) >= VENDOR_SESSIONS_PER_HOUR)
        throw new AppError('TOO_MANY_REQUESTS', 'too many vendor sessions, retry in an hour', 429, {
          'retry-after': '3600',
        });
      const { provider } = await diversion(userId);
      const token = TOKEN_PREFIX + randomToken(32);
      const expiresAt = at + VENDOR_SESSION_TTL_MS;
      await paths.insertVendorSession({
        id: sha256Hex(token),
        userId,
        level: 1,
        idType,
        country: country.code,
        provider,
        createdAt: at,
        expiresAt,
      });
      return { token, provider, idTypes: offered.get(country.code) ?? [], country: country.code, expiresAt };
    },

    /**
     * POST vendor-verify: checks the id number's format, takes the caller's unused selfie, and puts
     * level 1 in review in ONE transaction: a kind 'vendor' submission whose sealed details hold the
     * number and names, the session marked used, the applicant's names (sealed) and issuing country.
     * The same Idempotency-Key answers the first result and creates nothing.
     */
    async vendorVerify(
      userId: number,
      request: VendorVerifyRequest,
      idempotencyKey: string,
    ): Promise<VendorVerifyResult> {
      return idempotent({
        earlier: async () => {
          const row = await submissions.findSubmissionByKey(userId, idempotencyKey);
          if (row && row.kind !== 'vendor') throw params('Idempotency-Key: already used for another request');
          return row ? vendorResult(row) : undefined;
        },
        attempt: () => verifyAttempt(userId, request, idempotencyKey),
        conflict: () => new AppError('KYC_ILLEGAL_TRANSITION', 'submitted meanwhile'),
      });
    },
  };
}
