/**
 * Verification paths besides the document upload (docs/kyc.md), composed into one set: the vendor
 * (non-document) check of a national id number with a selfie (vendor-check.ts), quick KYC from a linked
 * entity's verified identity (quick-kyc.ts), and here the provider routing (traffic diversion), the
 * verification flow description (get-verification-sdk-info), what kyc-info reads from these paths and
 * the acknowledgement of KYC announcements. Every call is scoped to the caller's own user id.
 */
import {
  ALL_LANGUAGE_CODES,
  DOCUMENT_TYPES,
  type DocumentType,
  type KycAnnouncementResult,
  type KycIdentity,
  type KycProvider,
  type KycStepLevel,
  type KycStepStatus,
  type TrafficDiversionResult,
  type VerificationSdkInfo,
} from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { IdentityRows } from '../../data/repositories/verification-paths-repo.ts';
import type { ApplicantRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import { MAX_UPLOAD_BYTES } from '../../lib/uploads/inspect-upload.ts';
import { openDetails, withWrappedDataKey } from './data-keys.ts';
import { BANNER_TAGS, DISMISSIBLE_BANNER_TAGS } from './banner-tags.ts';
import type { KycInfoSources } from './kyc-service.ts';
import { maskIdNumber } from './national-id-rules.ts';
import { quickKycUseCases } from './quick-kyc.ts';
import { initialStepStatus } from './state-machine.ts';
import type { ScreeningRequests } from '../screening/screening-service.ts';
import type { RiskRecompute } from '../risk/risk-service.ts';
import { offeredVendorIdTypes, vendorCheckUseCases } from './vendor-check.ts';
import { bucketOf, flowOf, routeProvider, usableProvider } from './verification-routing.ts';

/** Image types an identity capture accepts; a proof of address also PDF (lib/uploads/inspect-upload). */
const IMAGE_MIME = ['image/jpeg', 'image/png'];

export interface VerificationPathsDeps {
  repos: Repositories;
  keyring: MasterKeyring;
  now?: () => number;
  /** Issue 18: the vendor check of level 1 asks for the person's screening (D65). */
  screening?: ScreeningRequests;
  /** Issue 18 "Risk score": the vendor check of level 1 recomputes the person's risk. */
  risk?: RiskRecompute;
  /** KYC_DEFAULT_PROVIDER and which vendors are configured (docs/providers.md "Routing"). */
  routing?: ProviderRouting;
}

export interface ProviderRouting {
  defaultProvider: KycProvider;
  configured: (provider: KycProvider) => boolean;
}

const IN_HOUSE_ONLY: ProviderRouting = { defaultProvider: 'default', configured: () => false };

const asDocumentTypes = (v: readonly string[]): DocumentType[] => DOCUMENT_TYPES.filter((d) => v.includes(d));
const params = (message: string) => new AppError('PARAMS_ERROR', message, 400);

export function verificationPathsUseCases(deps: VerificationPathsDeps) {
  const { repos, keyring } = deps;
  const routing = deps.routing ?? IN_HOUSE_ONLY;
  const { verificationPaths: paths, kyc } = repos;
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
    const provider = usableProvider(
      routeProvider(
        route ? { provider: route.provider, percentage: route.percentage } : undefined,
        bucket,
        routing.defaultProvider,
      ),
      routing.configured,
    );
    return { provider, bucket };
  }

  /**
   * The provider that verifies this person: the stored one once a flow started (D23: never continued
   * elsewhere), else where routing sends them; a vendor no longer configured falls back to in-house.
   */
  async function providerOf(userId: number, applicant?: ApplicantRow): Promise<KycProvider> {
    const row = applicant ?? (await kyc.findApplicant(userId));
    const stored = row?.provider ?? 'default';
    if (stored !== 'default') return usableProvider(stored, routing.configured);
    return (await diversion(userId, row?.country || row?.residence_country || '')).provider;
  }

  /** applicant.identifies: APPROVED identity submissions (documents, vendor checks) and used offers. */
  function identitiesOf(userId: number, rows: IdentityRows, wrappedKey: Buffer | null): KycIdentity[] {
    const { submissions: approved, sides, consumedOffers } = rows;
    /** The identities of the submissions; a vendor check's id number is read from its sealed details. */
    const described = (key: Buffer | undefined): KycIdentity[] =>
      approved.flatMap((row): KycIdentity[] => {
        const verifiedAt = Number(row.decided_at ?? row.created_at);
        const rowSides = sides.get(Number(row.id)) ?? [];
        if (row.kind === 'vendor') {
          const details =
            key && row.details_enc
              ? openDetails(key, userId, row.idempotency_key, Buffer.from(row.details_enc))
              : {};
          const maskedNumber = details.idNumber ? maskIdNumber(details.idNumber) : '';
          const type = details.idType ?? '';
          return [
            {
              type,
              country: row.issuing_country,
              source: 'vendor',
              maskedNumber,
              sides: rowSides,
              verifiedAt,
            },
          ];
        }
        if (row.document_type === '') return [];
        return [
          {
            type: row.document_type,
            country: row.issuing_country,
            source: 'document',
            maskedNumber: '',
            sides: rowSides,
            verifiedAt,
          },
        ];
      });
    // Only sealed vendor details need the data key (read by kyc-info's own statement, D117): without
    // them it is not even unwrapped.
    const sealedVendorRows = approved.some((r) => r.kind === 'vendor' && r.details_enc !== null);
    const found = sealedVendorRows
      ? withWrappedDataKey(keyring, userId, wrappedKey, described)
      : described(undefined);
    for (const offer of consumedOffers)
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
    providerOf,
    infoFrom(userId, rows, options) {
      const offer = rows.liveOffer;
      return {
        quickKycSince: offer?.countryOpen ? offer.createdAt : null,
        acknowledged: rows.acknowledged,
        identities: options.identities ? identitiesOf(userId, rows.identities, options.wrappedKey) : [],
      };
    },
  };

  return {
    infoSources,
    providerOf,

    /** POST traffic-diversion: the provider this person is routed to, and their bucket. */
    trafficDiversion: (userId: number) => diversion(userId),

    ...vendorCheckUseCases({
      repos,
      keyring,
      now,
      levelStatuses,
      diversion,
      screening: deps.screening,
      risk: deps.risk,
    }),
    ...quickKycUseCases({ repos, now, levelStatuses }),

    /** POST get-verification-sdk-info: what the flow of a level needs, from the same sources as submit. */
    async verificationSdkInfo(userId: number, level: KycStepLevel): Promise<VerificationSdkInfo> {
      const countryCode = await countryOf(userId);
      const country = countryCode ? await kyc.findCountry(countryCode) : undefined;
      const open = country && !country.kycDisabled ? [country] : await kyc.countries(false);
      const documentTypes = asDocumentTypes(open.flatMap((c) => c.documentTypes));
      const offered = await offeredVendorIdTypes(paths);
      const vendorIdTypes =
        level === 1 ? (country && !country.kycDisabled ? (offered.get(country.code) ?? []) : []) : [];
      const flow = flowOf({ level, documentTypes, vendorIdTypes });
      const provider = await providerOf(userId);
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
        vendorSdk: null,
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
