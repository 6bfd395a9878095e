/**
 * KYC read side (docs/kyc.md): what a person sees of their verification, and the reference data the
 * screens need. Every read is scoped to the caller's own user id (session or SDK token). Composed here:
 * kyc-info (kyc-info.ts) over the person's snapshot (kyc-snapshot.ts), the provider and whether a step
 * may be submitted now, and the reference data (reference-data.ts).
 */
import {
  flowNameOf,
  secondFlowNameOf,
  type CanVerifyResult,
  type KycProvider,
  type KycProviderResult,
} from '@kyc/contracts';
import type { KycRepo } from '../../data/repositories/kyc-repo.ts';
import type { ApplicantRow } from '../../data/schema/index.ts';
import { AppError, notLoggedIn } from '../../lib/app-error.ts';
import type { CountryCatalogue } from '../countries/country-catalogue.ts';
import { kycInfoUseCases } from './kyc-info.ts';
import type {
  KycInfoReader,
  KycInfoSources,
  KycQuestionnaireSource,
  VendorInfoSource,
} from './kyc-read-sources.ts';
import { kycSnapshots, type KycSnapshot } from './kyc-snapshot.ts';
import { kycReferenceUseCases } from './reference-data.ts';
import { nextStepStatus } from './state-machine.ts';

export type {
  KycInfoReader,
  KycInfoSources,
  KycPathsInfo,
  KycQuestionnaireSource,
  VendorInfoSource,
} from './kyc-read-sources.ts';
export { btcLimitOf } from './kyc-snapshot.ts';

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

  const snapshotOf = kycSnapshots(countries);

  /** The person's state, read in one statement (issue 14, D115): never kept between requests (D98). */
  async function snapshot(userId: number): Promise<KycSnapshot> {
    const person = await repo.person(userId);
    if (!person) throw notLoggedIn();
    return snapshotOf(person);
  }

  return {
    ...kycInfoUseCases({
      repo,
      reader,
      sources,
      questionnaires,
      vendors,
      snapshotOf,
      providerOf,
      flowOfProvider,
    }),

    async provider(userId: number): Promise<KycProviderResult> {
      const s = await snapshot(userId);
      const provider = await providerOf(userId, s.applicant);
      const flow = flowOfProvider(provider, Math.min(s.level + 1, 2));
      return { provider, apiUrl: flow.apiUrl, flowName: flow.current };
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

    ...kycReferenceUseCases(countries),
  };
}
export type KycUseCases = ReturnType<typeof kycUseCases>;
