/**
 * What a vendor's outcome does to a person's level (docs/providers.md "Outcomes"), inside the caller's
 * transaction. Every status change is a compare-and-set on the status just read, so an outcome racing a
 * reviewer or another event either wins whole or rolls back whole. An outcome the state machine does not
 * allow from the current status (a late "pending" after "approved") changes nothing and says so.
 *
 * - pending / on_hold: the person finished the vendor's flow; ALLOW or FAILED_AND_CAN_RETRY → PENDING with
 *   a kind 'level' submission (no documents of ours: they are at the vendor).
 * - approved: → SUCCESS (through PENDING when the vendor answered at once), the applicant's level rises,
 *   level 2 unlocks after level 1; the decision row names the vendor (staff 0). Held at PENDING instead
 *   when the account is frozen or a screening hit is open (issue 18, D105): a reviewer decides.
 * - rejected_retry: → FAILED_AND_CAN_RETRY with our reason code and the vendor's comment to the person.
 * - rejected_final: proposed as final; the person keeps seeing PENDING until a senior reviewer confirms
 *   (confirm_final, four eyes: the vendor proposed, a person confirms).
 * - reset: PENDING or FAILED_AND_CAN_RETRY → ALLOW; the pending submission closes.
 */
import type { KycStepLevel, KycStepStatus } from '@kyc/contracts';
import type { TxRepositories } from '../../data/repositories/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MappedRejectReason, VendorName, VendorOutcome } from '../../providers/provider.ts';
import { initialStepStatus, nextStepStatus } from '../kyc/state-machine.ts';

/** The staff id of a decision no person took (the vendor's); `decided_by_provider` names the vendor. */
export const VENDOR_STAFF_ID = 0;
const LEVEL_KINDS = ['level', 'vendor'] as const;

/** held_…: a vendor's approval kept PENDING for a reviewer (issue 18, D105). */
export type OutcomeEffect = 'applied' | 'no_change' | 'held_frozen' | 'held_open_hit';

export interface OutcomeInput {
  userId: number;
  level: KycStepLevel;
  vendor: VendorName;
  outcome: VendorOutcome;
  /** Unique per event: the submission's idempotency key is derived from it. */
  eventKey: string;
  at: number;
  /**
   * Issue 18 (D105): asked before an approval moves anything, under the case lock it takes: a frozen
   * account or a screening hit still to resolve keeps the level PENDING for a reviewer.
   */
  holdApproval?:
    | ((tx: TxRepositories, userId: number) => Promise<'held_frozen' | 'held_open_hit' | undefined>)
    | undefined;
}

const changedMeanwhile = (level: number) =>
  new AppError('KYC_ILLEGAL_TRANSITION', `LEVEL_${level} changed meanwhile`);

/** The reasons as the person reads them: our first reason's code, and the vendor's comment. */
function reasonOf(reasons: readonly MappedRejectReason[]): string {
  return reasons[0]?.code ?? 'INCOMPLETE_DOCUMENTS';
}

export async function applyOutcome(tx: TxRepositories, input: OutcomeInput): Promise<OutcomeEffect> {
  const { userId, level, vendor, outcome, at } = input;
  if (outcome.kind === 'none') return 'no_change';
  await tx.submissions.ensureApplicant(userId, at);
  await tx.submissions.ensureLevelState(userId, level, initialStepStatus(level), at);
  const states = await tx.kyc.levelStates(userId);
  const statusOf = (l: number): KycStepStatus =>
    states.find((s) => s.level === l)?.status ?? initialStepStatus(l as KycStepLevel);
  let from = statusOf(level);

  /** ALLOW / FAILED_AND_CAN_RETRY → PENDING with its submission; false when the level is not there. */
  async function submitted(): Promise<boolean> {
    if (from === 'PENDING') return true;
    if (from !== 'ALLOW' && from !== 'FAILED_AND_CAN_RETRY') return false;
    const to = nextStepStatus(from, 'submit', {
      level,
      actor: 'vendor',
      countryDisabled: false,
      level1Status: statusOf(1),
    });
    if (!(await tx.submissions.casLevelStatus(userId, level, from, to, at))) throw changedMeanwhile(level);
    await tx.submissions.insertSubmission({
      userId,
      level,
      documentType: '',
      issuingCountry: '',
      status: 'PENDING',
      idempotencyKey: `vendor:${vendor}:${input.eventKey}`.slice(0, 200),
      createdAt: at,
      kind: 'level',
      detailsEnc: null,
    });
    from = to;
    return true;
  }

  async function close(status: 'APPROVED' | 'REJECTED_RETRY', reasonCode = '', reason = ''): Promise<void> {
    const pending = await tx.submissions.pendingSubmission(userId, LEVEL_KINDS, level);
    if (pending)
      await tx.submissions.decideSubmission(Number(pending.id), {
        status,
        decidedAt: at,
        decidedBy: VENDOR_STAFF_ID,
        reasonCode,
        reason,
      });
  }

  switch (outcome.kind) {
    case 'pending':
    case 'on_hold': {
      if (from === 'PENDING') return 'no_change';
      return (await submitted()) ? 'applied' : 'no_change';
    }
    case 'approved': {
      // The case lock first (as decisions take it), then the level: never the other order.
      const held = await input.holdApproval?.(tx, userId);
      if (!(await submitted())) return 'no_change';
      if (held) return held; // PENDING, in the review queue: a reviewer approves once the hit is resolved
      const to = nextStepStatus(from, 'approve', { level, actor: 'vendor' });
      if (!(await tx.kyc.casLevelState(userId, level, from, { status: to }, at)))
        throw changedMeanwhile(level);
      const applicant = await tx.kyc.findApplicant(userId);
      await tx.kyc.upsertApplicant(userId, { level: Math.max(applicant?.level ?? 0, level) }, at);
      if (level === 1 && statusOf(2) === 'NOT_ALLOW') {
        const next = nextStepStatus('NOT_ALLOW', 'unlock', { level: 2, actor: 'system', level1Status: to });
        await tx.kyc.setLevelState(userId, 2, { status: next }, at);
      }
      await close('APPROVED');
      await tx.review.insertDecision(
        { userId, level, decision: 'approve', staffId: VENDOR_STAFF_ID, decidedByProvider: vendor },
        at,
      );
      await tx.notices.insert({ userId, kind: 'kyc_level', ref: `LEVEL_${level}`, outcome: 'approved' }, at);
      return 'applied';
    }
    case 'rejected_retry': {
      if (!(await submitted())) return 'no_change';
      const reasonCode = reasonOf(outcome.reasons);
      const to = nextStepStatus(from, 'reject_retry', { level, actor: 'vendor', reasonCode });
      const changed = await tx.kyc.casLevelState(
        userId,
        level,
        from,
        { status: to, rejectReasonCode: reasonCode, rejectReason: outcome.userMessage },
        at,
      );
      if (!changed) throw changedMeanwhile(level);
      await close('REJECTED_RETRY', reasonCode, outcome.userMessage);
      await tx.review.insertDecision(
        {
          userId,
          level,
          decision: 'reject_retry',
          reasonCode,
          userMessage: outcome.userMessage,
          staffId: VENDOR_STAFF_ID,
          decidedByProvider: vendor,
          comment: outcome.reviewerNote,
        },
        at,
      );
      await tx.notices.insert({ userId, kind: 'kyc_level', ref: `LEVEL_${level}`, outcome: 'rejected' }, at);
      return 'applied';
    }
    case 'rejected_final': {
      if (!(await submitted())) return 'no_change';
      const pending = await tx.submissions.pendingSubmission(userId, LEVEL_KINDS, level);
      // Already proposed (by a reviewer or an earlier event): nothing more to propose.
      if (!pending || !(await tx.submissions.markFinalProposed(Number(pending.id), at))) return 'no_change';
      await tx.review.insertDecision(
        {
          userId,
          level,
          decision: 'reject_final_proposed',
          reasonCode: reasonOf(outcome.reasons),
          userMessage: outcome.userMessage,
          staffId: VENDOR_STAFF_ID,
          decidedByProvider: vendor,
          comment: outcome.reviewerNote,
        },
        at,
      );
      return 'applied';
    }
    case 'reset': {
      if (from !== 'PENDING' && from !== 'FAILED_AND_CAN_RETRY') return 'no_change';
      const to = nextStepStatus(from, 'vendor_reset', { level, actor: 'vendor' });
      if (!(await tx.kyc.casLevelState(userId, level, from, { status: to }, at)))
        throw changedMeanwhile(level);
      await close('REJECTED_RETRY', '', 'reset by the verification vendor');
      return 'applied';
    }
  }
}
