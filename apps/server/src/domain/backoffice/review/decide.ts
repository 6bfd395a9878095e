/**
 * Deciding a case (docs/backoffice.md "Decisions"): the kind's module (decisions/) names the permission
 * and applies its rule and transition. Everything it writes — the decision row, the state change, the
 * person's notice and the audit entry — commits in ONE transaction or not at all; the answer is the case
 * as it now stands. The transaction first locks the case, and every state change in it is a
 * compare-and-set on the state read: of two decisions at the same moment one commits, the other is
 * 30081 (409) and writes nothing (issue 14, D46). The in-house provider's automatic decisions (issue 19,
 * D102) run the same transaction through `applyDecision`.
 */
import type { DecisionRequest, ReviewCase, StaffMe, StaffRole } from '@kyc/contracts';
import type { Repositories, TxRepositories } from '../../../data/repositories/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { decisionTransaction } from '../decision-conflicts.ts';
import type { MasterKeyring } from '../../../lib/crypto/envelope.ts';
import type { KycActor } from '../../kyc/state-machine.ts';
import type { ApprovalScreening } from '../../screening/screening-service.ts';
import { closedAccessGate } from '../../retention/closed-access.ts';
import { sealFreeTexts } from '../../audit/sealed-text.ts';
import { requirePermission } from '../permissions.ts';
import { assertMayDecide } from '../work/assignment.ts';
import { auditActionOf, type DecisionContext } from './decisions/decision.ts';
import { decisionOf } from './decisions/index.ts';

/** The state machine's actor for a staff role: seniors and admins act as senior reviewers. */
function actorOf(role: StaffRole): KycActor {
  return role === 'reviewer' ? 'reviewer' : 'senior_reviewer';
}

type ViewCase = (staff: StaffMe, userId: number, now: number) => Promise<ReviewCase>;

/**
 * Who takes a decision: a staff member (decideUseCase), or the in-house provider itself (issue 19,
 * D102: domain/checks/auto-decision/), which goes through the same transaction, lock and
 * compare-and-sets, as staff id 0 with the state machine's `vendor` actor.
 */
export interface Decider {
  staff: StaffMe;
  actor: KycActor;
  /** A staff member's claim is respected (55013); the provider's automatic decision has no claim. */
  checkClaim: boolean;
  /** Added to the decision's audit entry (the provider's: actor 'system' and the evidence). */
  auditDetails?: Record<string, unknown>;
  /** The provider that decides (kyc_decisions.decided_by_provider), for an automatic decision. */
  decidedByProvider?: string;
  /** In the decision's transaction, just before its audit entry (the last write). */
  beforeAudit?: (tx: TxRepositories) => Promise<void>;
}

/** The free texts a decision kind may put in its audit entry (D110): sealed, never in clear. */
const DECISION_FREE_TEXTS = ['comment'] as const;

/** A decision's one transaction (after the permission and the screening before an approval). */
export async function applyDecision(
  repos: Repositories,
  keyring: MasterKeyring,
  decider: Decider,
  userId: number,
  request: DecisionRequest,
  now: number,
  screening?: ApprovalScreening,
): Promise<void> {
  const decision = decisionOf(request);
  const { staff } = decider;
  await decisionTransaction(repos, async (tx) => {
    await tx.review.lockCase(userId);
    const user = await tx.users.findById(userId);
    if (!user) throw new AppError('PARAMS_ERROR', 'userId: no such applicant', 404);
    // Issue 17: while a claim lasts, only its assignee decides (55013).
    if (decider.checkClaim) await assertMayDecide(tx, staff, userId, now);
    // Issue 18: after the case lock, which a screening takes to write its hits: a hit committed
    // before this point is seen here, one written after waits for this decision (61001 / 61002).
    if (decision.approves) await screening?.assertApprovable(tx, userId);
    const applicant = await tx.kyc.findApplicant(userId);
    const states = await tx.kyc.levelStates(userId);
    const ctx: DecisionContext = {
      tx,
      staff,
      actor: decider.actor,
      userId,
      user,
      applicant,
      keyring,
      now,
      ...(decider.decidedByProvider ? { decidedByProvider: decider.decidedByProvider } : {}),
      statusOf: (level) =>
        states.find((s) => s.level === level)?.status ?? (level === 1 ? 'ALLOW' : 'NOT_ALLOW'),
      async audit(caseRef, details) {
        await decider.beforeAudit?.(tx);
        // D110: the reviewer's comment is about the person; the entry keeps it sealed under their key.
        const sealed = await sealFreeTexts(
          tx.submissions,
          keyring,
          userId,
          now,
          details,
          DECISION_FREE_TEXTS,
        );
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: auditActionOf(request.decision),
            subjectUserId: userId,
            caseRef,
            details: { ...sealed, ...decider.auditDetails },
          },
          now,
        );
      },
    };
    await decision.apply(ctx, request);
  });
}

export function decideUseCase(
  repos: Repositories,
  keyring: MasterKeyring,
  viewCase: ViewCase,
  screening?: ApprovalScreening,
) {
  const gate = closedAccessGate(repos, keyring);
  return async function decide(
    staff: StaffMe,
    userId: number,
    request: DecisionRequest,
    now = Date.now(),
  ): Promise<ReviewCase> {
    const decision = decisionOf(request);
    requirePermission(staff, decision.permission);
    // Issue 20 (D79): a closed or held person's case is decided only with the member's recorded reason.
    await gate.require(staff, userId, now);
    // Issue 18: lists changed since the person's last screening (or none yet): screened again first.
    if (decision.approves) await screening?.beforeApproval(userId);
    const decider = { staff, actor: actorOf(staff.role), checkClaim: true };
    await applyDecision(repos, keyring, decider, userId, request, now, screening);
    return viewCase(staff, userId, now);
  };
}
