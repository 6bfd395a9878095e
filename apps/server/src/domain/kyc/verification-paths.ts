/**
 * Verification paths besides the document upload (docs/kyc.md): the vendor (non-document) check of a
 * national id number with a selfie, quick KYC from a linked entity's verified identity, the provider
 * routing (traffic diversion), the verification flow description (get-verification-sdk-info) and the
 * acknowledgement of KYC announcements. Every call is scoped to the caller's own user id.
 */
import {
  ALL_LANGUAGE_CODES,
  DOCUMENT_TYPES,
  VENDOR_ID_TYPES,
  type CanQuickKycResult,
  type DocumentType,
  type DoQuickKycResult,
  type KycAnnouncementResult,
  type KycIdentity,
  type KycStepLevel,
  type KycStepStatus,
  type TrafficDiversionResult,
  type VendorIdType,
  type VendorTokenResult,
  type VendorVerifyRequest,
  type VendorVerifyResult,
  type VerificationSdkInfo,
} from '@kyc/contracts';
import type { KycRepo } from '../../data/repositories/kyc-repo.ts';
import type { SubmissionsRepo } from '../../data/repositories/submissions-repo.ts';
import type { VerificationPathsRepo } from '../../data/repositories/verification-paths-repo.ts';
import type { KycSubmissionRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import { MAX_UPLOAD_BYTES } from '../../lib/uploads/inspect-upload.ts';
import { openDetails, sealDetails, userDataKey } from './data-keys.ts';
import { BANNER_TAGS, DISMISSIBLE_BANNER_TAGS, type KycInfoSources } from './kyc-service.ts';
import { maskIdNumber } from './national-id-rules.ts';
import { idempotent } from './idempotency.ts';
import { checkIdNumber } from './national-id-rules.ts';
import { initialStepStatus, nextStepStatus } from './state-machine.ts';
import { isAdultOn } from './submission-service.ts';
import { bucketOf, flowOf, routeProvider } from './verification-routing.ts';

/** A vendor session lives 15 minutes and serves one vendor-verify. */
export const VENDOR_SESSION_TTL_MS = 15 * 60_000;
/** At most this many vendor sessions per person per hour (each may cost a registry lookup). */
export const VENDOR_SESSIONS_PER_HOUR = 10;
const TOKEN_PREFIX = 'kvt_';

/** Image types an identity capture accepts; a proof of address also PDF (lib/uploads/inspect-upload). */
const IMAGE_MIME = ['image/jpeg', 'image/png'];

export interface VerificationPathsDeps {
  paths: VerificationPathsRepo;
  submissions: SubmissionsRepo;
  kyc: KycRepo;
  keyring: MasterKeyring;
  now?: () => number;
}

const asDocumentTypes = (v: readonly string[]): DocumentType[] => DOCUMENT_TYPES.filter((d) => v.includes(d));
const asVendorIdType = (v: string): VendorIdType | undefined =>
  (VENDOR_ID_TYPES as readonly string[]).includes(v) ? (v as VendorIdType) : undefined;

const vendorResult = (row: KycSubmissionRow): VendorVerifyResult => ({
  submissionId: Number(row.id),
  level: 1,
  status: 'PENDING',
});

const params = (message: string) => new AppError('PARAMS_ERROR', message, 400);

export function verificationPathsUseCases(deps: VerificationPathsDeps) {
  const { paths, submissions, kyc, keyring } = deps;
  const now = deps.now ?? Date.now;

  async function levelStatuses(userId: number): Promise<[KycStepStatus, KycStepStatus]> {
    const rows = await kyc.levelStates(userId);
    return [
      rows.find((r) => r.level === 1)?.status ?? initialStepStatus(1),
      rows.find((r) => r.level === 2)?.status ?? initialStepStatus(2),
    ];
  }

  /** The country routing and flows use: the issuing country once known, else the residence. */
  async function countryOf(userId: number): Promise<string> {
    const applicant = await kyc.findApplicant(userId);
    return applicant?.country || applicant?.residence_country || '';
  }

  /** `country`: the routing country when the caller already read the applicant. */
  async function diversion(userId: number, country?: string): Promise<TrafficDiversionResult> {
    const bucket = bucketOf(userId);
    const route = await paths.providerRoute(country ?? (await countryOf(userId)));
    const provider = routeProvider(
      route ? { provider: route.provider, percentage: route.percentage } : undefined,
      bucket,
    );
    return { provider, bucket };
  }

  /** The vendor id types offered (enabled) by an open country, per country. */
  async function offeredIdTypes(): Promise<Map<string, VendorIdType[]>> {
    const byCountry = new Map<string, VendorIdType[]>();
    for (const row of await paths.vendorIdTypes()) {
      const idType = asVendorIdType(row.idType);
      if (!row.enabled || !idType) continue;
      byCountry.set(row.country, [...(byCountry.get(row.country) ?? []), idType]);
    }
    return byCountry;
  }

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

    const key = await userDataKey(submissions, keyring, userId, at);
    let detailsEnc: Buffer;
    try {
      detailsEnc = sealDetails(key, userId, idempotencyKey, {
        idType: request.idType,
        idNumber: checked.idNumber,
        firstName: request.firstName,
        lastName: request.lastName,
        dateOfBirth: request.dateOfBirth,
        provider: session.provider,
      });
    } finally {
      key.fill(0);
    }

    return paths.transaction(async (tx) => {
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
      if (!(await tx.paths.useVendorSession(session.id, at)))
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
      return { submissionId, level: 1 as const, status: 'PENDING' as const };
    });
  }

  /** applicant.identifies: APPROVED identity submissions (documents, vendor checks) and used offers. */
  async function identities(userId: number): Promise<KycIdentity[]> {
    const [rows, offers] = await Promise.all([
      paths.approvedIdentitySubmissions(userId),
      paths.consumedQuickKycOffers(userId),
    ]);
    const sides = await paths.sidesOfSubmissions(
      userId,
      rows.map((r) => Number(r.id)),
    );
    const vendorRows = rows.filter((r) => r.kind === 'vendor' && r.details_enc !== null);
    const key = vendorRows.length > 0 ? await userDataKey(submissions, keyring, userId, now()) : undefined;
    const found: KycIdentity[] = [];
    try {
      for (const row of rows) {
        const verifiedAt = Number(row.decided_at ?? row.created_at);
        if (row.kind === 'vendor') {
          const details =
            key && row.details_enc
              ? openDetails(key, userId, row.idempotency_key, Buffer.from(row.details_enc))
              : {};
          found.push({
            type: details.idType ?? '',
            country: row.issuing_country,
            source: 'vendor',
            maskedNumber: details.idNumber ? maskIdNumber(details.idNumber) : '',
            sides: sides.get(Number(row.id)) ?? [],
            verifiedAt,
          });
        } else if (row.document_type !== '') {
          found.push({
            type: row.document_type,
            country: row.issuing_country,
            source: 'document',
            maskedNumber: '',
            sides: sides.get(Number(row.id)) ?? [],
            verifiedAt,
          });
        }
      }
    } finally {
      key?.fill(0);
    }
    for (const offer of offers)
      found.push({
        type: offer.document_type,
        country: offer.country,
        source: 'quick_kyc',
        maskedNumber: '',
        sides: [],
        verifiedAt: Number(offer.verified_at),
      });
    return found.sort((a, b) => a.verifiedAt - b.verifiedAt);
  }

  /** What kyc-info reads from these paths (kyc-service KycInfoSources). */
  const infoSources: KycInfoSources = {
    diversion,
    identities,
    async announcements(userId) {
      const [offer, acknowledged] = await Promise.all([
        paths.liveQuickKycOffer(userId, now()),
        paths.acknowledgements(userId),
      ]);
      const country = offer ? await kyc.findCountry(offer.country) : undefined;
      return {
        quickKycSince: offer && country && !country.kycDisabled ? Number(offer.created_at) : null,
        acknowledged,
      };
    },
  };

  return {
    infoSources,

    /** POST traffic-diversion: the provider this person is routed to, and their bucket. */
    trafficDiversion: (userId: number) => diversion(userId),

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
      const offered = await offeredIdTypes();
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

    /** GET can-quick-kyc: whether do-quick-kyc would succeed now, and with whose identity. */
    async canQuickKyc(userId: number): Promise<CanQuickKycResult> {
      const offer = await paths.liveQuickKycOffer(userId, now());
      const [level1] = await levelStatuses(userId);
      const usable =
        offer !== undefined &&
        (level1 === 'ALLOW' || level1 === 'FAILED_AND_CAN_RETRY') &&
        !((await kyc.findCountry(offer.country))?.kycDisabled ?? true);
      return usable ? { canQuickKyc: true, source: offer.source, level: offer.level } : noQuickKyc;
    },

    /**
     * POST do-quick-kyc: with the person's consent, level 1 becomes SUCCESS from the linked entity's
     * verified identity. In one transaction: the offer consumed (compare-and-set), the state machine's
     * quick_kyc event, the applicant's level and issuing country, level 2 unlocked.
     */
    async doQuickKyc(userId: number, consent: boolean): Promise<DoQuickKycResult> {
      if (!consent) throw params('consent: the person must agree to reuse the shared identity');
      const at = now();
      const offer = await paths.liveQuickKycOffer(userId, at);
      if (!offer) throw new AppError('KYC_QUICK_KYC_UNAVAILABLE', 'no live quick KYC offer');
      const country = await kyc.findCountry(offer.country);
      const [level1, level2] = await levelStatuses(userId);
      const to = nextStepStatus(level1, 'quick_kyc', {
        level: 1,
        actor: 'system',
        countryDisabled: !country || country.kycDisabled,
      });
      const applicant = await kyc.findApplicant(userId);
      await paths.transaction(async (tx) => {
        if (!(await tx.paths.consumeQuickKycOffer(Number(offer.id), at)))
          throw new AppError('KYC_QUICK_KYC_UNAVAILABLE', 'the offer was used or expired meanwhile');
        await tx.submissions.ensureApplicant(userId, at);
        await tx.kyc.upsertApplicant(
          userId,
          { country: offer.country, level: Math.max(applicant?.level ?? 0, 1) },
          at,
        );
        await tx.submissions.ensureLevelState(userId, 1, initialStepStatus(1), at);
        if (!(await tx.submissions.casLevelStatus(userId, 1, level1, to, at)))
          throw new AppError('KYC_ILLEGAL_TRANSITION', 'LEVEL_1 changed meanwhile');
        // As an approval of level 1 does (docs/kyc.md): level 2 opens.
        await tx.submissions.ensureLevelState(userId, 2, initialStepStatus(2), at);
        if (level2 === 'NOT_ALLOW') {
          const unlocked = nextStepStatus('NOT_ALLOW', 'unlock', {
            level: 2,
            actor: 'system',
            countryDisabled: false,
            level1Status: to,
          });
          await tx.submissions.casLevelStatus(userId, 2, 'NOT_ALLOW', unlocked, at);
        }
      });
      return { level: 1, status: to };
    },

    /** POST get-verification-sdk-info: what the flow of a level needs, from the same sources as submit. */
    async verificationSdkInfo(userId: number, level: KycStepLevel): Promise<VerificationSdkInfo> {
      const countryCode = await countryOf(userId);
      const country = countryCode ? await kyc.findCountry(countryCode) : undefined;
      const open = country && !country.kycDisabled ? [country] : await kyc.countries(false);
      const documentTypes = asDocumentTypes(open.flatMap((c) => c.documentTypes));
      const offered = await offeredIdTypes();
      const vendorIdTypes =
        level === 1 ? (country && !country.kycDisabled ? (offered.get(country.code) ?? []) : []) : [];
      const flow = flowOf({ level, documentTypes, vendorIdTypes });
      const { provider } = await diversion(userId);
      return {
        level,
        provider,
        apiUrl: '',
        flowName: flow.flowName,
        country: country && !country.kycDisabled ? country.code : '',
        steps: flow.steps,
        documentTypes: level === 1 ? documentTypes : [],
        sidesByDocumentType: flow.sidesByDocumentType,
        vendorIdTypes,
        acceptedMimeTypes: level === 1 ? IMAGE_MIME : [...IMAGE_MIME, 'application/pdf'],
        maxFileBytes: MAX_UPLOAD_BYTES,
        languages: [...ALL_LANGUAGE_CODES],
      };
    },

    /**
     * POST submit-kyc-announcement: the person dismisses a dismissible bannerTag; kyc-info leaves it out
     * until its cause starts again (a new review, a new rejection, a new offer). Idempotent.
     */
    async acknowledgeAnnouncement(userId: number, announcementId: string): Promise<KycAnnouncementResult> {
      if (!(DISMISSIBLE_BANNER_TAGS as readonly string[]).includes(announcementId))
        throw params(
          (BANNER_TAGS as readonly string[]).includes(announcementId)
            ? `announcementId: ${announcementId} cannot be dismissed`
            : 'announcementId: unknown announcement',
        );
      await paths.acknowledge(userId, announcementId, now());
      return { acknowledged: true };
    },
  };
}
export type VerificationPathsUseCases = ReturnType<typeof verificationPathsUseCases>;

const noQuickKyc: CanQuickKycResult = { canQuickKyc: false, source: '', level: 0 };
