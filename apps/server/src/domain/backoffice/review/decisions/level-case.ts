/**
 * What the four level decisions (approve, reject_retry, propose_final, confirm_final) share: the
 * level's current status and any final rejection awaiting confirmation, the rule that only a senior
 * reviewer may decide otherwise while one waits, and the closing of the level's pending submission
 * (document upload or vendor check) together with the level's state. A level already decided (or with
 * a final rejection proposed, for a reviewer) is 30081, and every change is a compare-and-set on the
 * status read: a decision that lost a race writes nothing (issue 14).
 */
import type { KycStepLevel, KycStepStatus } from '@kyc/contracts';
import type { LevelStateFields } from '../../../../data/repositories/kyc-repo.ts';
import type { KycDecisionRow } from '../../../../data/schema/index.ts';
import { alreadyDecided } from '../../decision-conflicts.ts';
import type { DecisionContext } from './decision.ts';

/** The submission kinds a level decision closes. */
export const LEVEL_KINDS = ['level', 'vendor'] as const;

/** The statuses only a decision on a PENDING level leads to: deciding again finds the case decided. */
const DECIDED: readonly KycStepStatus[] = ['SUCCESS', 'FAILED_AND_CAN_RETRY', 'FAILED_AND_CAN_NOT_RETRY'];

export interface LevelCase {
  level: KycStepLevel;
  from: KycStepStatus;
  /** The final rejection awaiting a senior reviewer's confirmation, if any. */
  proposal: KycDecisionRow | undefined;
}

/**
 * The level as it stands. While a final rejection waits for confirmation, only a senior reviewer may
 * decide otherwise (`confirm_final` passes: it checks its own rule).
 */
export async function levelCase(
  ctx: DecisionContext,
  level: KycStepLevel,
  confirming = false,
): Promise<LevelCase> {
  const from = ctx.statusOf(level);
  if (DECIDED.includes(from)) throw alreadyDecided(`LEVEL_${level} (${from})`);
  const latest = await ctx.tx.review.latestDecision(ctx.userId, level);
  const proposal = from === 'PENDING' && latest?.decision === 'reject_final_proposed' ? latest : undefined;
  if (proposal && !confirming && ctx.actor !== 'senior_reviewer')
    throw alreadyDecided(`LEVEL_${level}, a final rejection awaits a senior reviewer`);
  return { level, from, proposal };
}

/** Moves the level from the status read to `fields` (compare-and-set), or 30081 when it moved meanwhile. */
export async function moveLevel(
  ctx: DecisionContext,
  level: KycStepLevel,
  from: KycStepStatus,
  fields: LevelStateFields,
): Promise<void> {
  if (!(await ctx.tx.kyc.casLevelState(ctx.userId, level, from, fields, ctx.now)))
    throw alreadyDecided(`LEVEL_${level}`);
}

/** Closes the level's pending submission, if there is one, with the level's outcome. */
export async function closeLevelSubmission(
  ctx: DecisionContext,
  level: KycStepLevel,
  status: 'APPROVED' | 'REJECTED_RETRY' | 'REJECTED_FINAL',
  reasonCode = '',
  reason = '',
): Promise<void> {
  const submission = await ctx.tx.submissions.pendingSubmission(ctx.userId, LEVEL_KINDS, level);
  const decision = { status, decidedAt: ctx.now, decidedBy: ctx.staff.id, reasonCode, reason };
  if (submission && !(await ctx.tx.submissions.decideSubmission(Number(submission.id), decision)))
    throw alreadyDecided(`submission ${submission.id}`);
}

/** A rejection of the level: its state with the reason the person reads, its pending submission closed. */
export async function rejectLevel(
  ctx: DecisionContext,
  level: KycStepLevel,
  from: KycStepStatus,
  to: KycStepStatus,
  submissionStatus: 'REJECTED_RETRY' | 'REJECTED_FINAL',
  reasonCode: string,
  userMessage: string,
): Promise<void> {
  await moveLevel(ctx, level, from, { status: to, rejectReasonCode: reasonCode, rejectReason: userMessage });
  await closeLevelSubmission(ctx, level, submissionStatus, reasonCode, userMessage);
}

/** The level's audit reference. */
export const levelRef = (ctx: DecisionContext, level: number) => `user:${ctx.userId}/level:${level}`;

/** The person's notice of a level outcome (the portal's unread marker). */
export const notifyLevel = (ctx: DecisionContext, level: KycStepLevel, outcome: 'approved' | 'rejected') =>
  ctx.tx.notices.insert({ userId: ctx.userId, kind: 'kyc_level', ref: `LEVEL_${level}`, outcome }, ctx.now);
