/**
 * POST kyc-info (spec §3, docs/kyc.md): everything the app shows of a person's verification in one
 * answer, each obtain_* flag leaving its part out when false. The person's rows come in one statement
 * (D115), with the session's own lookup when signed in (D117); quotas, routes and template versions from
 * memory (D98). A frozen account says so through the spec's limitation, never why (no tipping-off).
 */
import {
  LIMITATION_ACCOUNT_FROZEN,
  LIMITATION_DEFAULT,
  type KycInfo,
  type KycInfoRequest,
  type KycProvider,
  type KycStateEntry,
} from '@kyc/contracts';
import type { KycInfoReads } from '../../data/repositories/kyc-info-repo.ts';
import type { KycPerson, KycRepo } from '../../data/repositories/kyc-repo.ts';
import type { ApplicantRow } from '../../data/schema/index.ts';
import { notLoggedIn } from '../../lib/app-error.ts';
import type { SessionJoin } from '../sessions/session-service.ts';
import type {
  KycInfoReader,
  KycInfoSources,
  KycQuestionnaireSource,
  VendorInfoSource,
} from './kyc-read-sources.ts';
import {
  bannerTags,
  btcLimitOf,
  displayUpdatePoiOf,
  quotasByLevel,
  type KycSnapshot,
} from './kyc-snapshot.ts';

export interface KycInfoDeps {
  repo: KycRepo;
  reader: KycInfoReader;
  sources: KycInfoSources | undefined;
  questionnaires: KycQuestionnaireSource | undefined;
  vendors: VendorInfoSource | undefined;
  snapshotOf: (person: KycPerson) => Promise<KycSnapshot>;
  providerOf: (userId: number, applicant: ApplicantRow | undefined) => Promise<KycProvider>;
  flowOfProvider: (
    provider: KycProvider,
    level: number,
  ) => { apiUrl: string; current: string; second: string };
}

export function kycInfoUseCases(deps: KycInfoDeps) {
  const { repo, reader, sources, questionnaires, vendors, snapshotOf, providerOf, flowOfProvider } = deps;

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
  };
}
