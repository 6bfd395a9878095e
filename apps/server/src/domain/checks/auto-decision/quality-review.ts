/**
 * The quality review of the in-house provider's automatic approvals (issue 19 "Automatic decisions";
 * docs/backoffice.md "Quality review of automatic decisions", D103). A share of approvals is sampled
 * into the queue when decided (auto-decide.ts). A reviewer marks each `reviewed` (the approval stands)
 * or proposes its reversal with a reason from the catalogue; a senior reviewer other than the proposer
 * confirms it (four eyes, as a final rejection): level 1 goes from SUCCESS to FAILED_AND_CAN_RETRY by
 * the state machine's `reverse_auto_approval`, level 2 is locked again when it was only unlocked, the
 * person's notice and the partners' outbox follow as for any decision. Each step is a compare-and-set on
 * the item's review state in one transaction with its audit entry: of two at once, one wins (63008).
 */
import type {
  AutoDecisionEvidence,
  AutoReviewAction,
  AutoReviewItem,
  AutoReviewQuery,
  AutoReviewResult,
  AuditAction,
  StaffMe,
} from '@kyc/contracts';
import type { Repositories, TxRepositories } from '../../../data/repositories/index.ts';
import type { AutoDecisionRow, AutoReviewStateColumn } from '../../../data/schema/index.ts';
import type { AutoDecisionWithStaff } from '../../../data/repositories/auto-decisions-repo.ts';
import { decodeCursor, keysetPage } from '../../../data/keyset.ts';
import type { ListLimits } from '../../../data/list-limits.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { MasterKeyring } from '../../../lib/crypto/envelope.ts';
import { decisionTransaction } from '../../backoffice/decision-conflicts.ts';
import { requirePermission } from '../../backoffice/permissions.ts';
import { staffLabel } from '../../backoffice/staff-label.ts';
import { nextStepStatus } from '../../kyc/state-machine.ts';

const notWaiting = (id: number) =>
  new AppError('AUTO_REVIEW_NOT_WAITING', `automatic decision ${id}: moved meanwhile; reload`, 409);

function itemOf(r: AutoDecisionWithStaff): AutoReviewItem {
  return {
    id: r.id,
    userId: r.user_id,
    submissionId: r.submission_id,
    decidedAt: r.decided_at,
    evidence: JSON.parse(r.evidence) as AutoDecisionEvidence,
    state: r.review_state ?? 'waiting',
    reviewedBy: r.reviewed_by,
    reviewedByName: r.reviewed_by === null ? null : staffLabel(r.reviewer_display_name, r.reviewer_email),
    reviewedAt: r.reviewed_at,
    reversalReasonCode: r.reversal_reason_code,
    reversedBy: r.reversed_by,
    reversedByName: r.reversed_by === null ? null : staffLabel(r.reverser_display_name, r.reverser_email),
  };
}

export function autoReviewUseCases(deps: { repos: Repositories; keyring: MasterKeyring }) {
  const { repos } = deps;

  async function list(
    staff: StaffMe,
    query: AutoReviewQuery,
    limits: ListLimits = {},
  ): Promise<AutoReviewResult> {
    requirePermission(staff, 'view_cases');
    const after = decodeCursor(query.cursor, ['number']);
    const found = await repos.autoDecisions.listReviews(
      { state: query.state, afterId: after?.[0] as number | undefined, limit: query.limit },
      limits,
    );
    const page = keysetPage(found.rows, query.limit, (r) => [r.id]);
    return {
      items: page.rows.map(itemOf),
      nextCursor: page.nextCursor,
      total: found.total,
      totalCapped: found.totalCapped,
    };
  }

  /** One step of an item, in its transaction: the compare-and-set, what follows, the audit entry last. */
  async function step(
    staff: StaffMe,
    id: number,
    action: AuditAction,
    work: (tx: TxRepositories, item: AutoDecisionRow) => Promise<Record<string, unknown>>,
  ): Promise<void> {
    const now = Date.now();
    await decisionTransaction(repos, async (tx) => {
      const found = await tx.autoDecisions.find(id);
      if (!found || found.review_state === null)
        throw new AppError('AUTO_REVIEW_NOT_FOUND', `automatic decision ${id}: not in the queue`, 404);
      await tx.review.lockCase(found.user_id);
      const item = (await tx.autoDecisions.find(id)) as AutoDecisionRow;
      const details = await work(tx, item);
      await tx.audit.insert(
        {
          staffId: staff.id,
          action,
          subjectUserId: item.user_id,
          caseRef: `user:${item.user_id}/level:1`,
          details: { autoDecisionId: id, ...details },
        },
        now,
      );
    });
  }

  const move = async (
    tx: TxRepositories,
    item: AutoDecisionRow,
    from: AutoReviewStateColumn,
    to: AutoReviewStateColumn,
    fields: Parameters<Repositories['autoDecisions']['moveReview']>[3],
  ) => {
    if (item.review_state !== from || !(await tx.autoDecisions.moveReview(item.id, from, to, fields)))
      throw notWaiting(item.id);
  };

  /** Confirms a proposed reversal: level 1 back to FAILED_AND_CAN_RETRY with the proposer's reason. */
  async function reverse(tx: TxRepositories, staff: StaffMe, item: AutoDecisionRow, now: number) {
    if (item.review_state !== 'reversal_proposed') throw notWaiting(item.id);
    const userId = item.user_id;
    const proposedBy = item.reviewed_by ?? 0;
    const reasonCode = item.reversal_reason_code ?? '';
    const userMessage = item.reversal_message ?? '';
    const states = await tx.kyc.levelStates(userId);
    const statusOf = (level: number) => states.find((s) => s.level === level)?.status;
    if (statusOf(1) !== 'SUCCESS')
      throw new AppError('AUTO_REVERSAL_LEVEL_MOVED', `user ${userId}: level 1 is ${statusOf(1)}`, 409);
    const to = nextStepStatus('SUCCESS', 'reverse_auto_approval', {
      level: 1,
      actor: 'senior_reviewer',
      reasonCode,
      proposedBy,
      confirmedBy: staff.id,
    });
    await move(tx, item, 'reversal_proposed', 'reversed', { reversedBy: staff.id, reversedAt: now });
    const fields = { status: to, rejectReasonCode: reasonCode, rejectReason: userMessage };
    if (!(await tx.kyc.casLevelState(userId, 1, 'SUCCESS', fields, now)))
      throw new AppError('AUTO_REVERSAL_LEVEL_MOVED', `user ${userId}: level 1 moved meanwhile`, 409);
    // Level 2 was unlocked by the approval: locked again while it is only unlocked (not yet submitted).
    if (statusOf(2) === 'ALLOW') await tx.kyc.casLevelState(userId, 2, 'ALLOW', { status: 'NOT_ALLOW' }, now);
    await tx.kyc.upsertApplicant(userId, { level: 0 }, now);
    await tx.review.insertDecision(
      {
        userId,
        level: 1,
        decision: 'reject_retry',
        reasonCode,
        userMessage,
        staffId: proposedBy,
        confirmedBy: staff.id,
        submissionId: item.submission_id,
        comment: 'reversal of an automatic approval',
      },
      now,
    );
    await tx.notices.insert({ userId, kind: 'kyc_level', ref: 'LEVEL_1', outcome: 'rejected' }, now);
    return { from: 'SUCCESS', to, reasonCode, proposedBy };
  }

  async function act(staff: StaffMe, id: number, request: AutoReviewAction): Promise<void> {
    const now = Date.now();
    switch (request.action) {
      case 'reviewed':
        requirePermission(staff, 'decide');
        return step(staff, id, 'auto_decision.reviewed', async (tx, item) => {
          await move(tx, item, 'waiting', 'reviewed', { reviewedBy: staff.id, reviewedAt: now });
          return {};
        });
      case 'propose_reversal':
        requirePermission(staff, 'decide');
        return step(staff, id, 'auto_decision.reversal_proposed', async (tx, item) => {
          await move(tx, item, 'waiting', 'reversal_proposed', {
            reviewedBy: staff.id,
            reviewedAt: now,
            reversalReasonCode: request.reasonCode,
            reversalMessage: request.userMessage,
          });
          return { reasonCode: request.reasonCode };
        });
      case 'withdraw_reversal':
        requirePermission(staff, 'decide');
        return step(staff, id, 'auto_decision.reversal_withdrawn', async (tx, item) => {
          await move(tx, item, 'reversal_proposed', 'waiting', {
            reviewedBy: null,
            reviewedAt: null,
            reversalReasonCode: null,
            reversalMessage: null,
          });
          return {};
        });
      case 'confirm_reversal':
        requirePermission(staff, 'confirm_final');
        return step(staff, id, 'auto_decision.reversed', (tx, item) => reverse(tx, staff, item, now));
    }
  }

  return { list, act };
}
export type AutoReviewUseCases = ReturnType<typeof autoReviewUseCases>;
