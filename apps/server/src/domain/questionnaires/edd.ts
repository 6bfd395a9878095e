/**
 * Enhanced due diligence (docs/questionnaires.md "EDD"): the case staff or the system open, the state
 * the user reads (get-edd-info), and the case following its questionnaire — UnSubmit → Reviewing on
 * submit, Reject → Reviewing on a resubmission; a questionnaire sent without a case opens one (system
 * start, "self-declared"). Every change is a compare-and-set on the case's status.
 */
import type { EddInfo, EddStatus } from '@kyc/contracts';
import type { TxRepositories } from '../../data/repositories/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { QuestionnaireContext } from './questionnaire-context.ts';
import { nextEddStatus, type ReviewActor } from './status-machine.ts';
import type { SubmitFollowUp } from './submit.ts';
import { asStatus, EDD_TEMPLATE_CODE } from './template-versions.ts';

const changedMeanwhile = () => new AppError('QUESTIONNAIRE_ILLEGAL_TRANSITION', 'EDD case changed meanwhile');

/** The case's moves when its questionnaire is submitted, in the submission's transaction. */
async function submitEdd(tx: TxRepositories, userId: number, status: string | undefined, at: number) {
  const cases = tx.questionnaires;
  await cases.ensureEddCase(userId, at);
  let from = (status ?? 'Unknown') as EddStatus;
  if (from === 'Unknown' || from === 'Pass') {
    const started = nextEddStatus(from, 'start', { actor: 'system', reason: 'self-declared' });
    if (
      !(await cases.casEddStatus(userId, from, started, { triggerReason: 'self-declared', reason: '' }, at))
    )
      throw changedMeanwhile();
    from = started;
  }
  const to = nextEddStatus(from, from === 'Reject' ? 'resubmit' : 'submit', { actor: 'user' });
  if (!(await cases.casEddStatus(userId, from, to, { reason: '' }, at))) throw changedMeanwhile();
}

/** The EDD questionnaire's follow-up: the case's status is read first, moved in the transaction. */
export function eddSubmitFollowUp(ctx: QuestionnaireContext): SubmitFollowUp {
  return {
    templateCode: EDD_TEMPLATE_CODE,
    async prepare(userId) {
      const status = (await ctx.repos.questionnaires.findEddCase(userId))?.status;
      return (tx, at) => submitEdd(tx, userId, status, at);
    },
  };
}

export function eddUseCases(ctx: QuestionnaireContext) {
  const { repos, now } = ctx;
  return {
    /** The EDD case (get-edd-info): Unknown without one. */
    async eddInfo(userId: number): Promise<EddInfo> {
      const edd = await repos.questionnaires.findEddCase(userId);
      const response = await repos.questionnaires.findResponse(userId, EDD_TEMPLATE_CODE);
      return {
        status: (edd?.status ?? 'Unknown') as EddStatus,
        reason: edd?.reason ?? '',
        templateCode: EDD_TEMPLATE_CODE,
        questionnaireStatus: asStatus(response?.status),
        updatedAt: edd?.updated_at ?? null,
      };
    },

    /** Staff or the system open an EDD case (start: the trigger is the reason). */
    async startEdd(
      userId: number,
      by: { actor: ReviewActor; reason: string; pep: boolean },
    ): Promise<EddStatus> {
      const at = now();
      const from = ((await repos.questionnaires.findEddCase(userId))?.status ?? 'Unknown') as EddStatus;
      const to = nextEddStatus(from, 'start', { actor: by.actor, reason: by.reason });
      await repos.transaction(async (tx) => {
        await tx.questionnaires.ensureEddCase(userId, at);
        const fields = { triggerReason: by.reason, pep: by.pep, reason: '' };
        if (!(await tx.questionnaires.casEddStatus(userId, from, to, fields, at))) throw changedMeanwhile();
      });
      return to;
    },
  };
}
