/**
 * The EDD case moves with its questionnaire's decision (docs/questionnaires.md "EDD"): approve → pass,
 * reject → reject, request_info → request_info through the EDD machine, which lets only a senior
 * reviewer pass a PEP; compare-and-set on the case in the decision's transaction. The case shows its
 * own task, so a request for information adds none.
 */
import { nextEddStatus, type EddEvent } from '../../questionnaires/status-machine.ts';
import { EDD_TEMPLATE_CODE } from '../../questionnaires/template-versions.ts';
import type { EddStatus } from '@kyc/contracts';
import { asEdd, changedMeanwhile, type ReviewContext } from './review-context.ts';
import type { DecisionCompanion } from './response-decision.ts';

/** The EDD event a questionnaire decision carries (lock and release move nothing). */
const EDD_EVENT: Partial<Record<string, EddEvent>> = {
  approve: 'pass',
  reject: 'reject',
  request_info: 'request_info',
};

/** Where a staff decision leaves an EDD case that was Reviewing. */
const MOVED_BY_A_DECISION: readonly EddStatus[] = ['Pass', 'Reject', 'UnSubmit'];

export function eddDecisionCompanion(ctx: ReviewContext): DecisionCompanion {
  return {
    templateCode: EDD_TEMPLATE_CODE,
    ownTask: true,
    async prepare({ userId, actor, request, text }) {
      const event = EDD_EVENT[request.decision];
      if (!event) return undefined;
      const eddCase = await ctx.repos.questionnaires.findEddCase(userId);
      const from = asEdd(eddCase?.status);
      // The response was read held for review, so its case was Reviewing then: a case found decided or
      // sent back since was moved by a decision that committed between the two reads (30081, not 51001).
      if (MOVED_BY_A_DECISION.includes(from)) throw changedMeanwhile(`EDD case (${from})`);
      const to = nextEddStatus(from, event, { actor, reason: text, pep: Number(eddCase?.pep ?? 0) === 1 });
      return {
        decision: `edd_${event}`,
        details: { eddFrom: from, eddTo: to },
        async apply(tx, staffId, at) {
          const fields = { reason: to === 'Pass' ? '' : text, decidedBy: staffId };
          if (!(await tx.questionnaires.casEddStatus(userId, from, to, fields, at)))
            throw changedMeanwhile('EDD case');
        },
      };
    },
  };
}
