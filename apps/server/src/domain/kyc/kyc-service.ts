/**
 * KYC read side (docs/kyc.md): what a person sees of their verification, and the reference data the
 * screens need. Every read is scoped to the caller's own user id (session or SDK token).
 */
import {
  CUSTODY_KINDS,
  DOCUMENT_TYPES,
  KYC_PROVIDERS,
  LIMITATION_ACCOUNT_FROZEN,
  LIMITATION_DEFAULT,
  flowNameOf,
  secondFlowNameOf,
  type CanVerifyResult,
  type CountryEntry,
  type DisplayUpdatePoi,
  type DocumentType,
  type IpCountryResult,
  type KycConfigResult,
  type KycIdentity,
  type KycInfo,
  type KycInfoRequest,
  type KycProvider,
  type KycProviderResult,
  type KycStateEntry,
  type LevelQuota,
  type SupportedDocumentTypeResult,
  type DisplayUpdatePoiStatus,
  type TrafficDiversionResult,
  isCountryClosedReason,
} from '@kyc/contracts';
import type { KycInfoReads } from '../../data/repositories/kyc-info-repo.ts';
import type {
  Country,
  KycPerson,
  KycPersonUser,
  KycRepo,
  QuotaRow,
} from '../../data/repositories/kyc-repo.ts';
import type { KycInfoQuestionnaireRows } from '../../data/repositories/questionnaires-repo.ts';
import type { SessionRow } from '../../data/schema/index.ts';
import type { SessionJoin } from '../sessions/session-service.ts';
import type { KycInfoPathRows } from '../../data/repositories/verification-paths-repo.ts';
import type { CountryCatalogue } from '../countries/country-catalogue.ts';
import type { ApplicantRow, KycLevelStateRow, ReverificationRow } from '../../data/schema/index.ts';
import { AppError, notLoggedIn } from '../../lib/app-error.ts';
import type { KycQuestionnaireFields } from '../questionnaires/questionnaire-service.ts';
import { effectiveSteps, nextStepStatus, type StoredStep } from './state-machine.ts';
import { bannerTagsOf, visibleBannerTags } from './banner-tags.ts';

const asDocuments = (v: readonly string[]): DocumentType[] => DOCUMENT_TYPES.filter((d) => v.includes(d));

function toStored(row: KycLevelStateRow | undefined): StoredStep | undefined {
  return row
    ? {
        status: row.status,
        type: row.type,
        rejectReasonCode: row.reject_reason_code,
        rejectReason: row.reject_reason,
      }
    : undefined;
}

/**
 * What kyc-info answers of a vendor provider (domain/providers): its API address and level names, and
 * with obtain_kyc_token the SDK token of the next level (docs/providers.md). The in-house flow has none.
 */
export interface VendorInfoSource {
  describe(provider: KycProvider, level: number): { apiUrl: string; flowName: string } | undefined;
  token(userId: number, level: 1 | 2): Promise<string | null>;
}

/** Everything the read side knows about one person. */
interface KycSnapshot {
  user: KycPersonUser;
  applicant: ApplicantRow | undefined;
  level: number;
  opened: boolean;
  country: Country | undefined;
  steps: [StoredStep, StoredStep];
  stored: [StoredStep | undefined, StoredStep | undefined];
  reverification: ReverificationRow | undefined;
  stateRows: KycLevelStateRow[];
  /** Issue 18: a true screening match froze the person. */
  frozen: boolean;
}

function quotasByLevel(rows: readonly QuotaRow[], scope: 'KYC' | 'KYB'): LevelQuota[] {
  const byLevel = new Map<number, LevelQuota>();
  for (const row of rows.filter((r) => r.scope === scope)) {
    const entry = byLevel.get(row.level) ?? { level: row.level, coinLimit: [] };
    entry.coinLimit.push({ coin: row.coin, limit: row.limit });
    byLevel.set(row.level, entry);
  }
  return [...byLevel.values()].sort((a, b) => a.level - b.level);
}

/** spec §4 / §9: the BTC limit of the level, 0 when there is none. */
export function btcLimitOf(quotas: readonly LevelQuota[], level: number): number {
  return quotas.find((q) => q.level === level)?.coinLimit.find((c) => c.coin === 'BTC')?.limit ?? 0;
}

/** What kyc-info shows of the other verification paths, read together (one statement, D115). */
export interface KycPathsInfo {
  /** A live quick-KYC offer's creation time (QUICK_KYC_AVAILABLE), null without one. */
  quickKycSince: number | null;
  /** The acknowledged announcements: id → when. */
  acknowledged: Map<string, number>;
  /** The verified identities on file (applicant.identifies); [] unless asked for. */
  identities: KycIdentity[];
}

/**
 * What kyc-info reads from the other verification paths (verification-paths.ts); without them the
 * provider is the stored one, identifies is empty and no announcement is dismissed.
 */
export interface KycInfoSources {
  /** Provider routing for people whose provider is not chosen yet (traffic-diversion). */
  diversion(userId: number, country: string): Promise<TrafficDiversionResult>;
  /** The provider that verifies the person: stored once chosen, else routed (verification-paths). */
  providerOf(userId: number, applicant: ApplicantRow | undefined): Promise<KycProvider>;
  /**
   * The announcements' sources and, with `identities` (obtain_current), the verified identities, from
   * kyc-info's rows (D117); `wrappedKey` (the person's, read with them) opens a vendor check's id number.
   */
  infoFrom(
    userId: number,
    rows: KycInfoPathRows,
    options: { identities: boolean; wrappedKey: Buffer | null },
  ): KycPathsInfo;
}

/** kyc-info's questionnaire fields (docs/questionnaires.md "kyc-info fields"), from the questionnaire use-cases. */
export interface KycQuestionnaireSource {
  kycInfoFields(
    rows: KycInfoQuestionnaireRows,
    ctx: {
      site: string;
      level: number;
      custody: string;
      /** Level 1's stored state, already read by kyc-info (null: none yet). */
      level1: { status: string; updatedAt: number } | null;
      /** kyc-info's obtain_verification_process: without it inReview is []. */
      verificationProcess: boolean;
    },
  ): Promise<KycQuestionnaireFields>;
}

/** kyc-info's one statement (data/repositories/kyc-info-repo.ts), by user id or with the session's row. */
export interface KycInfoReader {
  byUser(userId: number, at: number): Promise<KycInfoReads | undefined>;
  bySession(
    sessionId: string,
    at: number,
  ): Promise<{ session: SessionRow | undefined; reads: KycInfoReads | undefined }>;
}

export function kycUseCases(
  repo: KycRepo,
  /** kyc-info's reads of a person when the session's read did not bring them (D117). */
  reader: KycInfoReader,
  sources?: KycInfoSources,
  questionnaires?: KycQuestionnaireSource,
  /** The country list in memory (domain/countries); without it every lookup reads the table. */
  countries: Pick<CountryCatalogue, 'all' | 'find'> = {
    all: () => repo.countries(true),
    find: (code) => repo.findCountry(code),
  },
  vendors?: VendorInfoSource,
) {
  /** The stored provider once chosen; else where traffic-diversion routes the person (verification-paths). */
  async function providerOf(userId: number, applicant: ApplicantRow | undefined): Promise<KycProvider> {
    return sources ? sources.providerOf(userId, applicant) : (applicant?.provider ?? 'default');
  }

  /** apiUrl and the flow names: the vendor's for a vendor provider, ours (spec §3) in-house. */
  function flowOfProvider(provider: KycProvider, level: number) {
    const vendor = vendors?.describe(provider, level);
    return {
      apiUrl: vendor?.apiUrl ?? '',
      current: vendor?.flowName ?? flowNameOf(level),
      second: vendors?.describe(provider, 2)?.flowName ?? secondFlowNameOf(level),
    };
  }

  /** The person's state, read in one statement (issue 14, D115): never kept between requests (D98). */
  async function snapshot(userId: number): Promise<KycSnapshot> {
    const person = await repo.person(userId);
    if (!person) throw notLoggedIn();
    return snapshotOf(person);
  }

  async function snapshotOf(person: KycPerson): Promise<KycSnapshot> {
    const { user, applicant, levelStates: rows, reverification, frozen } = person;
    const country = applicant?.country ? await countries.find(applicant.country) : undefined;
    const opened = (applicant?.kyc_opened ?? 1) === 1;
    const stored: [StoredStep | undefined, StoredStep | undefined] = [
      toStored(rows.find((r) => r.level === 1)),
      toStored(rows.find((r) => r.level === 2)),
    ];
    const steps = effectiveSteps({
      opened,
      memberTagKyc: user.member_tag_kyc,
      countryDisabled: country?.kycDisabled ?? false,
      level1: stored[0],
      level2: stored[1],
    });
    return {
      user,
      applicant,
      level: applicant?.level ?? 0,
      opened,
      country,
      steps,
      stored,
      reverification,
      stateRows: rows,
      frozen,
    };
  }

  /** The derived tags, QUICK_KYC_AVAILABLE while an offer is usable, less those dismissed since. */
  function bannerTags(
    s: KycSnapshot,
    poi: DisplayUpdatePoiStatus,
    limitation: string,
    paths: KycPathsInfo | undefined,
  ) {
    const tags = bannerTagsOf(s.steps, poi, limitation);
    if (!paths) return tags;
    const { quickKycSince, acknowledged } = paths;
    const level1 = s.steps[0].status;
    if (quickKycSince !== null && (level1 === 'ALLOW' || level1 === 'FAILED_AND_CAN_RETRY'))
      tags.push('QUICK_KYC_AVAILABLE');
    const latest = (statuses: readonly string[]) =>
      Math.max(0, ...s.stateRows.filter((r) => statuses.includes(r.status)).map((r) => Number(r.updated_at)));
    return visibleBannerTags(
      tags,
      {
        KYC_PENDING: latest(['PENDING']),
        KYC_REJECTED: latest(['FAILED_AND_CAN_RETRY', 'FAILED_AND_CAN_NOT_RETRY']),
        QUICK_KYC_AVAILABLE: quickKycSince ?? 0,
      },
      acknowledged,
    );
  }

  function displayUpdatePoiOf(s: KycSnapshot): DisplayUpdatePoi {
    const row = s.reverification;
    return {
      status: row?.status ?? 'DisplayUpdatePOIStatus_No',
      rejectReason: row?.reject_reason ?? '',
      deadline: row?.deadline ?? null,
      siteInfo: {
        site: row?.site || s.user.site,
        country: row?.country || (s.applicant?.country ?? ''),
      },
    };
  }

  /** kyc-info's reads made with the session's own lookup: one statement for a signed-in kyc-info (D117). */
  const infoJoin: SessionJoin<KycInfoReads> = {
    audience: 'user',
    async read(sessionId, now) {
      const { session, reads } = await reader.bySession(sessionId, now);
      return { session, joined: reads };
    },
  };

  return {
    /** The route's sessionJoin for kyc-info (http/auth.ts): `info`'s `joined`. */
    infoJoin,

    /**
     * POST kyc-info: spec §3 fields; each obtain_* flag set to false leaves its part out. `joined`: the
     * person's reads already made with the session's own (D117: kyc-info is then one statement); else
     * they are read here, in one statement, and never kept between requests (D98).
     */
    async info(userId: number, flags: KycInfoRequest, joined?: KycInfoReads): Promise<KycInfo> {
      const reads =
        joined && joined.person.user.id === userId ? joined : await reader.byUser(userId, Date.now());
      if (!reads) throw notLoggedIn();
      const s = await snapshotOf(reads.person);
      // Issue 18: a frozen account says so through the spec's limitation, never why (no tipping-off).
      const isFrozen = s.frozen;
      const limitation = isFrozen
        ? LIMITATION_ACCOUNT_FROZEN
        : (s.applicant?.limitation ?? LIMITATION_DEFAULT);
      const custody = s.applicant?.custody ?? 'CUSTODY_UNSPECIFIED';
      const poi = displayUpdatePoiOf(s);
      const level1 = s.stateRows.find((r) => r.level === 1);
      // Quotas, routes and template versions from memory (D98); the person's rows are all in `reads`.
      const [quotaRows, provider, q] = await Promise.all([
        repo.quotas(),
        providerOf(userId, s.applicant),
        questionnaires?.kycInfoFields(reads.questionnaires, {
          site: s.user.site,
          level: s.level,
          custody,
          level1: level1 ? { status: level1.status, updatedAt: Number(level1.updated_at) } : null,
          verificationProcess: flags.obtain_verification_process,
        }),
      ]);
      const paths = sources?.infoFrom(userId, reads.paths, {
        identities: flags.obtain_current,
        wrappedKey: reads.person.wrappedKey,
      });
      const tags = bannerTags(s, poi.status, limitation, paths);
      const identifies = paths?.identities ?? [];
      const quotas = quotasByLevel(quotaRows, 'KYC');
      const failed = [...s.steps].reverse().find((step) => step.status.startsWith('FAILED'));
      const pendingLevels = s.steps
        .map((step, i) => (step.status === 'PENDING' ? `LEVEL_${i + 1}` : ''))
        .filter((t) => t !== '');
      if (poi.status === 'DisplayUpdatePOIStatus_Pending') pendingLevels.push('REVERIFICATION');
      const state: KycStateEntry[] = s.steps.map((step, i) => ({
        level: i + 1,
        status: step.status,
        type: step.type,
        rejectReasonCode: step.rejectReasonCode,
        rejectReason: step.rejectReason,
      }));
      const nextLevel = Math.min(s.level + 1, 2);
      const flow = flowOfProvider(provider, nextLevel);
      const info: KycInfo = {
        apiUrl: flow.apiUrl,
        provider,
        flowNames: { current: flow.current, second: flow.second },
        opened: s.opened,
        limitation,
        limitationInfo:
          limitation === LIMITATION_DEFAULT
            ? null
            : { reason: isFrozen ? '' : (s.applicant?.limitation_reason ?? '') },
        errorNotify: failed !== undefined,
        second_identity_state: s.applicant?.second_identity_state ?? 'UNDEFINED',
        questionnaireStatus: q?.questionnaireStatus ?? 'UNDEFINED',
        mustQuestionnaire: q?.mustQuestionnaire ?? false,
        custody,
        custodyInfo: custody === 'CUSTODY_UNSPECIFIED' ? null : { custody },
        newSatosGray: q?.newSatosGray ?? false,
        additionalRejectReason: failed?.rejectReason ?? '',
        residenceCountry: s.applicant?.residence_country ?? '',
        bannerTags: tags,
        kybQuota:
          s.user.registered_member_type === 'institution'
            ? btcLimitOf(quotasByLevel(quotaRows, 'KYB'), s.level)
            : 0,
        displayControl: {
          displayHkgPoaAgreement: s.user.site === 'HKG' && s.level >= 1,
          isDisplayQuestionnaire: q?.isDisplayQuestionnaire ?? false,
          isDisplayP2pRights: q?.isDisplayP2pRights ?? s.level >= 1,
          isDisplayNewSatos: q?.isDisplayNewSatos ?? false,
          isDisplayNewRcOnboarding: q?.isDisplayNewRcOnboarding ?? false,
          displayUpdatePOI: poi,
        },
      };
      if (flags.obtain_current) {
        info.applicant = {
          country: s.applicant?.country ?? '',
          firstname: s.applicant?.first_name ?? '',
          lastname: s.applicant?.last_name ?? '',
          level: s.level,
          identifies,
        };
      }
      // The in-house provider needs no vendor token; a vendor answers its SDK token of the next level.
      if (flags.obtain_kyc_token)
        info.kycToken = vendors?.describe(provider, nextLevel)
          ? await vendors.token(userId, nextLevel === 2 ? 2 : 1)
          : null;
      if (flags.obtain_state) info.state = state;
      if (flags.obtain_quotas) {
        info.quotas = quotas;
        info.currentLevelQuota = btcLimitOf(quotas, s.level);
      }
      if (flags.obtain_aml_questionnaire)
        info.amlQuestionnaire = q?.amlQuestionnaire ?? { needQuestionnaire: false, templateCode: '' };
      if (flags.obtain_verification_process) {
        // KYC levels and re-verification under review, then questionnaires waiting for a reviewer.
        const tasks = [...pendingLevels, ...(q?.inReview ?? [])];
        info.verificationProcess = { isVerificationProcess: tasks.length > 0, tasks };
      }
      return info;
    },

    async provider(userId: number): Promise<KycProviderResult> {
      const s = await snapshot(userId);
      const provider = await providerOf(userId, s.applicant);
      const flow = flowOfProvider(provider, Math.min(s.level + 1, 2));
      return { provider, apiUrl: flow.apiUrl, flowName: flow.current };
    },

    /** The documents an issuing country offers; 30003 for an unknown or closed country. */
    async supportedDocumentTypes(country: string): Promise<SupportedDocumentTypeResult> {
      const found = await countries.find(country);
      if (!found)
        throw new AppError('KYC_COUNTRY_NOT_SUPPORTED', `country ${country} is not open to verification`);
      if (found.kycDisabled)
        throw new AppError(
          'KYC_COUNTRY_NOT_SUPPORTED',
          `country ${found.code} is closed: ${found.closedReason}`,
        );
      return { country: found.code, documentTypes: asDocuments(found.documentTypes) };
    },

    /** May the person submit the step of this level now? The answer the state machine would give. */
    async canVerify(userId: number, level: 1 | 2): Promise<CanVerifyResult> {
      const s = await snapshot(userId);
      const status = s.steps[level - 1]?.status ?? 'NOT_ALLOW';
      try {
        nextStepStatus(status, 'submit', {
          level,
          actor: 'user',
          countryDisabled: s.country?.kycDisabled ?? false,
          level1Status: s.steps[0].status,
        });
        return { level, canVerify: true, status, reason: '' };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { level, canVerify: false, status, reason: error.code };
      }
    },

    config(): KycConfigResult {
      return {
        defaultProvider: 'default',
        providers: [...KYC_PROVIDERS],
        levels: [
          { level: 0, name: 'LEVEL_DEFAULT', flowName: '' },
          { level: 1, name: 'LEVEL_1', flowName: flowNameOf(1) },
          { level: 2, name: 'LEVEL_2', flowName: flowNameOf(2) },
        ],
        documentTypes: [...DOCUMENT_TYPES],
        custodyKinds: [...CUSTODY_KINDS],
      };
    },

    /** countryCode: from the trusted proxy's header ('' when unknown); supported: open to verification. */
    async ipCountry(countryCode: string): Promise<IpCountryResult> {
      const codes = (await countries.all()).filter((c) => !c.kycDisabled).map((c) => c.code);
      return { countryCode, supported: codes.includes(countryCode), supportedCountryCodes: codes };
    },

    /** Every country with its state (is_disable=1), or the offered ones; docs/countries.md. */
    async countryList(includeDisabled: boolean): Promise<CountryEntry[]> {
      const list = (await countries.all()).filter((c) => includeDisabled || !c.kycDisabled);
      return list.map((c) => ({
        code: c.code,
        alpha3: c.alpha3,
        nameKey: c.nameKey,
        isDisabled: c.kycDisabled,
        state: c.kycDisabled ? 'closed' : 'offered',
        closedReason: c.kycDisabled && isCountryClosedReason(c.closedReason) ? c.closedReason : '',
        documentTypes: asDocuments(c.documentTypes),
      }));
    },
  };
}
export type KycUseCases = ReturnType<typeof kycUseCases>;
