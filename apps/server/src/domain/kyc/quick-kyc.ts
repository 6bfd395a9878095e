/**
 * Quick KYC (docs/kyc.md "Quick KYC"): a person whose identity a linked entity already verified may,
 * with their consent, have level 1 succeed from that identity. can-quick-kyc says whether it would work
 * now; do-quick-kyc consumes the offer and moves level 1 (and unlocks level 2) in one transaction.
 */
import type { CanQuickKycResult, DoQuickKycResult, KycStepStatus } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { initialStepStatus, nextStepStatus } from './state-machine.ts';

export interface QuickKycDeps {
  repos: Repositories;
  now: () => number;
  /** The person's LEVEL_1 and LEVEL_2 statuses as stored (their initial ones when there is no row). */
  levelStatuses: (userId: number) => Promise<[KycStepStatus, KycStepStatus]>;
}

const noQuickKyc: CanQuickKycResult = { canQuickKyc: false, source: '', level: 0 };

export function quickKycUseCases({ repos, now, levelStatuses }: QuickKycDeps) {
  const { verificationPaths: paths, kyc } = repos;

  return {
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
      if (!consent)
        throw new AppError(
          'PARAMS_ERROR',
          'consent: the person must agree to reuse the shared identity',
          400,
        );
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
      await repos.transaction(async (tx) => {
        if (!(await tx.verificationPaths.consumeQuickKycOffer(Number(offer.id), at)))
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
  };
}
