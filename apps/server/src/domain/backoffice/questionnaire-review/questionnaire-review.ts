/**
 * Back-office questionnaire review (docs/backoffice.md "Questionnaire review", docs/questionnaires.md
 * "Back office"), composed from one module per use-case: the queue of staff-reviewed questionnaires,
 * declarations, EDD cases and SATOS deposit verifications; one user's case with the answers decrypted;
 * evidence; decisions, each kind a module with its rule and its transition; requests for information;
 * claims on a case (issue 17: while one lasts only its assignee decides).
 * Every decision changes the state and writes its audit entry in ONE transaction; every view is audited.
 */
import type { QuestionnaireDecisionRequest, QuestionnaireReviewCase, StaffMe } from '@kyc/contracts';
import { closedAccessGate } from '../../retention/closed-access.ts';
import { requirePermission } from '../permissions.ts';
import { caseViewUseCases, reviewCase } from './case-view.ts';
import { claimUseCases } from './claims.ts';
import type { DecisionKind } from './decision.ts';
import { eddDecisionCompanion } from './edd-decision.ts';
import { evidenceViewUseCases } from './evidence-view.ts';
import { queueUseCases } from './queue.ts';
import { requestInformationUseCases } from './request-information.ts';
import { responseDecision } from './response-decision.ts';
import { reviewContext, userOf, versionsOf, type QuestionnaireReviewDeps } from './review-context.ts';
import { satosDecision } from './satos-decision.ts';
import { RISK_TEMPLATES } from '../../risk/risk-service.ts';

export function questionnaireReviewUseCases(deps: QuestionnaireReviewDeps) {
  const ctx = reviewContext(deps);
  // The kinds that claim a template, then the decision on a response that covers every other one.
  const kinds: DecisionKind[] = [satosDecision(ctx)];
  const onResponse = responseDecision(ctx, [eddDecisionCompanion(ctx)]);

  return {
    ...queueUseCases(ctx),
    ...caseViewUseCases(ctx),
    ...evidenceViewUseCases(ctx),
    ...requestInformationUseCases(ctx),
    // Issue 17 (D123): claims on questionnaire cases, lasting CASE_CLAIM_MINUTES.
    ...claimUseCases(ctx, deps.claimMinutes === undefined ? undefined : { claimMinutes: deps.claimMinutes }),

    /** A decision ('decide') by the kind that covers the template; answers the case as it now is. */
    async decide(
      staff: StaffMe,
      userId: number,
      code: string,
      request: QuestionnaireDecisionRequest,
      now = Date.now(),
    ): Promise<QuestionnaireReviewCase> {
      requirePermission(staff, 'decide');
      await userOf(ctx, userId);
      // Issue 20 (D79): a closed or held person's questionnaire is decided only with a recorded reason.
      await closedAccessGate(ctx.repos, ctx.files.keyring).require(staff, userId, now);
      const versions = await versionsOf(ctx, code);
      const kind = kinds.find((k) => k.templateCode === code) ?? onResponse;
      await kind.decide({ staff, userId, code, versions, request, at: now });
      if ((RISK_TEMPLATES as readonly string[]).includes(code))
        deps.risk?.soon(userId, 'questionnaire_decided');
      return reviewCase(ctx, userId, code, now);
    },
  };
}
export type QuestionnaireReviewUseCases = ReturnType<typeof questionnaireReviewUseCases>;
