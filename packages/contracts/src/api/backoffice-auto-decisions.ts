/**
 * Issue 19 "Automatic decisions" (docs/checks.md "Automatic decisions", D102–D103): what the in-house
 * provider decided without a person, with its evidence, and the quality-review queue a share of its
 * approvals goes to (docs/backoffice.md "Quality review of automatic decisions").
 */
import { z } from 'zod';
import { CHECK_NAMES, CHECK_OUTCOMES } from './backoffice-checks.ts';
import { cursorPageQuery, cursorPageResult } from './cursor-page.ts';
import { KYC_REJECT_REASON_CODES } from '../reject-reasons.ts';

/** Why the provider decided: every check clean (an approval), or a hard rule (a rejection). */
export const AUTO_DECISION_RULES = ['clean', 'expired_document', 'unreadable_image'] as const;
export type AutoDecisionRule = (typeof AUTO_DECISION_RULES)[number];

/** The evidence of an automatic decision: the checks as they stood, the screening and the risk level. */
export const autoDecisionEvidence = z.object({
  rule: z.enum(AUTO_DECISION_RULES),
  checks: z.array(z.object({ name: z.enum(CHECK_NAMES), outcome: z.enum(CHECK_OUTCOMES) })),
  /** The screening status read in the decision's transaction ('clear' for every approval). */
  screening: z.enum(['clear', 'open_hit', 'true_match', 'not_screened']),
  /** The risk level recomputed just before ('low' for every approval); null when not needed (a hard rule). */
  risk: z.enum(['low', 'medium', 'high']).nullable(),
  /**
   * Issue 19 (D112): the zone's lines were typed by the person in the correction step (their check
   * digits passed), not read by OCR. Absent when OCR read them.
   */
  zoneTyped: z.boolean().optional(),
});
export type AutoDecisionEvidence = z.infer<typeof autoDecisionEvidence>;

/**
 * Where a sampled automatic approval stands in the quality-review queue: waiting, reviewed (kept), a
 * reversal proposed (a second senior reviewer confirms it: four eyes), reversed.
 */
export const AUTO_REVIEW_STATES = ['waiting', 'reviewed', 'reversal_proposed', 'reversed'] as const;
export type AutoReviewState = (typeof AUTO_REVIEW_STATES)[number];

export const autoReviewItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  submissionId: z.number().int(),
  decidedAt: z.number().int(),
  evidence: autoDecisionEvidence,
  state: z.enum(AUTO_REVIEW_STATES),
  /** Who reviewed it or proposed its reversal, and when (null while waiting). */
  reviewedBy: z.number().int().nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.number().int().nullable(),
  /** The proposed (or confirmed) reversal's reason, from the reject-reason catalogue. */
  reversalReasonCode: z.string().nullable(),
  /** Who confirmed the reversal (a senior reviewer other than the proposer). */
  reversedBy: z.number().int().nullable(),
  reversedByName: z.string().nullable(),
});
export type AutoReviewItem = z.infer<typeof autoReviewItem>;

/** GET /backoffice/api/auto-decisions/reviews: oldest first within a state (waiting by default). */
export const autoReviewQuery = z.object({
  state: z.enum(AUTO_REVIEW_STATES).default('waiting'),
  ...cursorPageQuery,
});
export type AutoReviewQuery = z.infer<typeof autoReviewQuery>;

export const autoReviewResult = z.object({ items: z.array(autoReviewItem), ...cursorPageResult });
export type AutoReviewResult = z.infer<typeof autoReviewResult>;

/**
 * POST /backoffice/api/auto-decisions/reviews/:id: `reviewed` keeps the approval; `propose_reversal`
 * asks for it to be reversed (level 1 back to FAILED_AND_CAN_RETRY with the reason the person reads);
 * `confirm_reversal` by another senior reviewer reverses it; `withdraw_reversal` sends it back to waiting.
 */
export const autoReviewAction = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('reviewed') }),
  z.strictObject({
    action: z.literal('propose_reversal'),
    reasonCode: z.enum(KYC_REJECT_REASON_CODES),
    userMessage: z.string().trim().max(500).default(''),
  }),
  z.strictObject({ action: z.literal('confirm_reversal') }),
  z.strictObject({ action: z.literal('withdraw_reversal') }),
]);
export type AutoReviewAction = z.infer<typeof autoReviewAction>;
