/**
 * What approving and rejecting a re-verification share (docs/backoffice.md "Decisions"): the
 * re-verification status moves by the state machine's event with a compare-and-set (a concurrent change
 * rolls the decision back), the pending `reverification` submission is closed with it, and the
 * decision row, the person's notice and the audit entry name that submission. A re-verification whose
 * latest proof was decided already, or that another decision moved meanwhile, is 30081 (issue 14).
 */
import { alreadyDecided } from '../../decision-conflicts.ts';
import { nextPoiStatus, type PoiEvent } from '../../../kyc/state-machine.ts';
import type { DecisionContext } from './decision.ts';

export interface ReverificationOutcome {
  event: Extract<PoiEvent, 'approve' | 'reject' | 'reject_daily'>;
  submissionStatus: 'APPROVED' | 'REJECTED_RETRY';
  decision: 'reverify_approved' | 'reverify_rejected' | 'reverify_rejected_daily';
  outcome: 'approved' | 'rejected';
  reasonCode?: string;
  userMessage?: string;
}

export async function decideReverification(ctx: DecisionContext, o: ReverificationOutcome): Promise<void> {
  const { tx, userId, now } = ctx;
  const reasonCode = o.reasonCode ?? '';
  const from = (await tx.kyc.findReverification(userId))?.status ?? 'DisplayUpdatePOIStatus_No';
  if (from !== 'DisplayUpdatePOIStatus_Pending' && (await latestProofDecided(ctx)))
    throw alreadyDecided(`the re-verification (${from})`);
  const to = nextPoiStatus(from, o.event, { actor: ctx.actor, reason: o.userMessage });
  if (!(await tx.submissions.casReverificationStatus(userId, from, to, now, o.userMessage ?? '')))
    throw alreadyDecided('the re-verification');
  const submission = await tx.submissions.pendingSubmission(userId, 'reverification');
  const closing = {
    status: o.submissionStatus,
    decidedAt: now,
    decidedBy: ctx.staff.id,
    reasonCode,
    reason: o.userMessage ?? '',
  };
  if (submission && !(await tx.submissions.decideSubmission(Number(submission.id), closing)))
    throw alreadyDecided(`submission ${submission.id}`);
  const submissionId = submission ? Number(submission.id) : null;
  await tx.review.insertDecision(
    {
      userId,
      level: 0,
      decision: o.decision,
      reasonCode,
      userMessage: o.userMessage ?? '',
      staffId: ctx.staff.id,
      submissionId,
    },
    now,
  );
  await tx.notices.insert({ userId, kind: 'reverification', ref: 'REVERIFICATION', outcome: o.outcome }, now);
  const caseRef =
    submissionId === null ? `user:${userId}/reverification` : `user:${userId}/submission:${submissionId}`;
  await ctx.audit(caseRef, { from, to, reasonCode, submissionId });
}

/** The person's latest proof of identity was decided (so a decision finding no Pending one came late). */
async function latestProofDecided(ctx: DecisionContext): Promise<boolean> {
  const proofs = (await ctx.tx.submissions.submissionsOf(ctx.userId)).filter(
    (s) => s.kind === 'reverification',
  );
  const latest = proofs.at(-1);
  return latest !== undefined && latest.status !== 'PENDING';
}
