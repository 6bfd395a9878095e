/**
 * What deciding an ID or address update shares (docs/backoffice.md "Decisions"): the named submission
 * must be this person's PENDING update (another user's id is answered like an unknown one, so nothing
 * about other cases leaks), and closing it writes the submission's status, the decision row, the
 * person's notice and the audit entry, with a compare-and-set against a concurrent decision. An update
 * decided already (or meanwhile) is 30081 (issue 14).
 */
import type { KycSubmissionRow } from '../../../../data/schema/index.ts';
import { AppError } from '../../../../lib/app-error.ts';
import { alreadyDecided } from '../../decision-conflicts.ts';
import type { DecisionContext } from './decision.ts';

/** The person's pending update submission `submissionId`, or the refusal the reviewer sees. */
export async function pendingUpdate(ctx: DecisionContext, submissionId: number): Promise<KycSubmissionRow> {
  const submission = await ctx.tx.submissions.findSubmission(ctx.userId, submissionId);
  if (!submission)
    throw new AppError('KYC_DOCUMENT_NOT_FOUND', 'submissionId: no such submission of this user');
  if (submission.kind !== 'update_id' && submission.kind !== 'update_poa')
    throw new AppError('KYC_ILLEGAL_TRANSITION', `submission ${submission.id} is not an update`);
  if (submission.status !== 'PENDING') throw alreadyDecided(`submission ${submission.id}`);
  return submission;
}

export interface UpdateOutcome {
  approved: boolean;
  reasonCode?: string;
  userMessage?: string;
}

/** Closes the update submission with its outcome. */
export async function closeUpdate(
  ctx: DecisionContext,
  submission: KycSubmissionRow,
  o: UpdateOutcome,
): Promise<void> {
  const { tx, userId, now } = ctx;
  const submissionId = Number(submission.id);
  const reasonCode = o.reasonCode ?? '';
  const userMessage = o.userMessage ?? '';
  const decided = await tx.submissions.decideSubmission(submissionId, {
    status: o.approved ? 'APPROVED' : 'REJECTED_RETRY',
    decidedAt: now,
    decidedBy: ctx.staff.id,
    reasonCode,
    reason: userMessage,
  });
  if (!decided) throw alreadyDecided(`submission ${submissionId}`);
  await tx.review.insertDecision(
    {
      userId,
      level: 0,
      decision: o.approved ? 'update_approved' : 'update_rejected',
      reasonCode,
      userMessage,
      staffId: ctx.staff.id,
      submissionId,
    },
    now,
  );
  await tx.notices.insert(
    { userId, kind: 'kyc_update', ref: submission.kind, outcome: o.approved ? 'approved' : 'rejected' },
    now,
  );
  await ctx.audit(`user:${userId}/submission:${submissionId}`, {
    kind: submission.kind,
    reasonCode,
    submissionId,
  });
}
