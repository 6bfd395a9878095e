/**
 * The in-house provider deciding level 1 itself (issue 19 "Automatic decisions"; docs/checks.md
 * "Automatic decisions", D102). Called once a submission's check results are stored (check-runs.ts):
 * reads the results, screens the person first when the lists changed (as an approval by a reviewer
 * does), recomputes the risk, and asks the rule (eligibility.ts). An approval or a hard-rule rejection
 * then goes through the reviewers' own decision transaction (review/decide.ts `applyDecision`): the
 * case lock, the screening check after it, and the compare-and-set on the level's status — so a reviewer
 * deciding the same case at the same moment and the provider never both win; the loser writes nothing.
 * Called again after each answer of the person's correction step (D112): a corrected field leaves the
 * case to a person, a typed zone that agrees may be approved. The decision row names staff 0 and the provider `default`; the audit entry names the system as actor
 * with the evidence; the `auto_decisions` row (with the quality-review sample) commits with them. The
 * person's notice and the partners' outbox are written by the decision itself, as for a reviewer's.
 */
import type { CheckDetail, CheckName, DecisionRequest, StaffMe } from '@kyc/contracts';
import type { Repositories } from '../../../data/repositories/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { MasterKeyring } from '../../../lib/crypto/envelope.ts';
import { applyDecision } from '../../backoffice/review/decide.ts';
import type { ApprovalScreening } from '../../screening/screening-service.ts';
import type { RiskLevel } from '../../risk/assess.ts';
import { judge, type Judgement, type StoredCheck } from './eligibility.ts';
import { isVendorSubmission } from '../vendor/vendor-checks.ts';

/** The staff id of a decision no person took (as a vendor's, apply-outcome.ts). */
export const SYSTEM_STAFF_ID = 0;
/** The provider named on the decision row: the in-house one. */
export const IN_HOUSE_PROVIDER = 'default';

/** Who the provider is to the decision transaction: staff 0, the state machine's `vendor` actor. */
const SYSTEM: StaffMe = { id: SYSTEM_STAFF_ID, email: '', display_name: 'in-house checks', role: 'reviewer' };

export interface AutoDecisionSettings {
  /** AUTO_DECISION_SITES: the sites on which the provider decides. */
  sites: readonly string[];
  /** AUTO_DECISION_REVIEW_PERCENT: the share of approvals sent to the quality-review queue. */
  reviewPercent: number;
  /** AUTO_DECISION_LIVENESS (D116): required, or only a challenge that ran must pass (the default). */
  livenessRequired?: boolean;
}

export interface AutoDecisionOptions {
  repos: Repositories;
  keyring: MasterKeyring;
  settings: AutoDecisionSettings;
  screening: ApprovalScreening & { enabled: boolean };
  risk: { recompute(userId: number, trigger: 'level_1_submitted'): Promise<{ level: RiskLevel }> };
  /** [0, 1): whether an approval is sampled for review (tests inject it). */
  random?: () => number;
  now?: () => number;
}

/** What happened: the decision taken, left to a person (why), or lost to a decision taken meanwhile. */
export type AutoOutcome =
  | { outcome: 'approved' | 'rejected'; sampled: boolean }
  | { outcome: 'person'; reasons: Extract<Judgement, { kind: 'person' }>['reasons'] }
  | { outcome: 'not_applicable' | 'lost' };

/** Refusals that mean someone or something else decided or blocked first: nothing was written. */
const LOST: readonly string[] = [
  'CASE_ALREADY_DECIDED',
  'KYC_ILLEGAL_TRANSITION',
  'SCREENING_OPEN_HIT',
  'SCREENING_NOT_DONE',
  'ACCOUNT_FROZEN',
];

function parsed(detail: string): CheckDetail | null {
  try {
    return JSON.parse(detail) as CheckDetail;
  } catch {
    return null;
  }
}

export function autoDecisionUseCases(options: AutoDecisionOptions) {
  const { repos, keyring, settings, screening, risk } = options;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;

  /** The person's screening status as an approval would find it (the lists loaded now, no open hit). */
  async function screeningOf(userId: number) {
    if (!screening.enabled) return 'not_screened' as const;
    if (await repos.screening.freezeOf(userId)) return 'true_match' as const;
    try {
      await screening.beforeApproval(userId);
    } catch {
      return 'not_screened' as const;
    }
    if ((await repos.screening.unresolvedHitCount(userId)) > 0) return 'open_hit' as const;
    // A screening still to finish (the names as on the document, D104, whose run failed and waits for
    // the job) leaves the person not screened: clear means every run asked for has ended without a hit.
    if (await repos.screening.hasUnfinishedRun(userId)) return 'not_screened' as const;
    return (await repos.screening.latestDoneRun(userId)) ? ('clear' as const) : ('not_screened' as const);
  }

  /** After the checks of `submissionId` are stored: decide it if the rule and the site allow. */
  async function afterChecks(submissionId: number, userId: number): Promise<AutoOutcome> {
    const submission = await repos.submissions.findSubmission(userId, submissionId);
    if (
      !submission ||
      submission.kind !== 'level' ||
      submission.level !== 1 ||
      submission.status !== 'PENDING' ||
      isVendorSubmission(submission)
    )
      return { outcome: 'not_applicable' };
    const user = await repos.users.findById(userId);
    const siteAllows = user !== undefined && settings.sites.includes(user.site);
    const checks: StoredCheck[] = (await repos.documentChecks.resultsOf(submissionId)).map((r) => ({
      name: r.name as CheckName,
      outcome: r.outcome,
      score: r.score === null ? null : Number(r.score),
      threshold: r.threshold === null ? null : Number(r.threshold),
      detail: parsed(r.detail),
    }));
    // D112: the fields the person corrected in the correction step (their word, not the document's).
    const corrected = (await repos.documentCorrections.answersOf(submissionId)).flatMap((a) =>
      (JSON.parse(a.fields) as { field: string; action: string }[])
        .filter((f) => f.action === 'correct')
        .map((f) => f.field),
    );
    const judged = siteAllows
      ? judge({
          checks,
          corrected,
          siteAllows,
          livenessRequired: settings.livenessRequired ?? false,
          screening: await screeningOf(userId),
          risk: (await risk.recompute(userId, 'level_1_submitted')).level,
        })
      : judge({ checks, siteAllows, screening: 'not_screened', risk: null });
    if (judged.kind === 'person') return { outcome: 'person', reasons: judged.reasons };

    const at = now();
    const sampled = judged.kind === 'approve' && random() * 100 < settings.reviewPercent;
    const request: DecisionRequest =
      judged.kind === 'approve'
        ? { decision: 'approve', level: 1 }
        : { decision: 'reject_retry', level: 1, reasonCode: judged.reasonCode, userMessage: '' };
    try {
      await applyDecision(
        repos,
        keyring,
        {
          staff: SYSTEM,
          actor: 'vendor',
          checkClaim: false,
          decidedByProvider: IN_HOUSE_PROVIDER,
          auditDetails: { actor: 'system', automatic: judged.evidence, submissionId },
          async beforeAudit(tx) {
            const decision = await tx.review.latestDecision(userId, 1);
            if (!decision) throw new Error('the automatic decision wrote no decision row');
            await tx.autoDecisions.insert(
              {
                userId,
                submissionId,
                decisionId: Number(decision.id),
                outcome: judged.kind === 'approve' ? 'approved' : 'rejected',
                evidence: JSON.stringify(judged.evidence),
                reviewState: sampled ? 'waiting' : null,
              },
              at,
            );
          },
        },
        userId,
        request,
        at,
        judged.kind === 'approve' ? screening : undefined,
      );
    } catch (error) {
      if (error instanceof AppError && LOST.includes(error.code)) return { outcome: 'lost' };
      throw error;
    }
    return { outcome: judged.kind === 'approve' ? 'approved' : 'rejected', sampled };
  }

  return { afterChecks };
}
export type AutoDecisionUseCases = ReturnType<typeof autoDecisionUseCases>;
