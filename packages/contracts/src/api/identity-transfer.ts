/**
 * Identity transfer between two accounts of one person, issue 15 (docs/identity-transfer.md). Spec §3:
 * roles source and target, country codes NL and CN, card type 'card'; §4: verify status UNDEFINED,
 * PENDING, COMPLETE and outcome success, pending; §7: /v1/kyc/identity, /v1/kyc/transfer/verify,
 * /v1/kyc/transfer/status.
 */
import { z } from 'zod';

/** YYYY-MM-DD, as the date of birth everywhere else. */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

export const TRANSFER_ROLES = ['source', 'target'] as const;
export type TransferRole = (typeof TRANSFER_ROLES)[number];

export const TRANSFER_VERIFY_STATUSES = ['UNDEFINED', 'PENDING', 'COMPLETE'] as const;
export type TransferVerifyStatus = (typeof TRANSFER_VERIFY_STATUSES)[number];

export const TRANSFER_OUTCOMES = ['success', 'pending'] as const;
export type TransferOutcome = (typeof TRANSFER_OUTCOMES)[number];

/** Spec §3 country codes NL and CN: residents are refused a transfer (regulatory). */
export const TRANSFER_REFUSED_COUNTRIES = ['NL', 'CN'] as const;
/** Spec §3 card type 'card': an open card keeps the verification on its account. */
export const CARD_PRODUCT = 'card';

/** The steps behind PENDING, for the screens and the back office. */
export const TRANSFER_STAGES = [
  'awaiting_source',
  'in_review',
  'approved',
  'completed',
  'rejected',
  'cancelled',
] as const;
export type TransferStage = (typeof TRANSFER_STAGES)[number];

export const transferView = z.object({
  id: z.number().int(),
  role: z.enum(TRANSFER_ROLES),
  stage: z.enum(TRANSFER_STAGES),
  status: z.enum(TRANSFER_VERIFY_STATUSES),
  outcome: z.enum(TRANSFER_OUTCOMES).nullable(),
  /** The other account's email, masked. */
  otherAccount: z.string(),
  level: z.number().int(),
  createdAt: z.number().int(),
  coolingOffUntil: z.number().int().nullable(),
  rejectReason: z.string(),
});
export type TransferView = z.infer<typeof transferView>;

/** POST /v1/kyc/identity: what this account can transfer or receive, and its transfer if any. */
export const identityResult = z.object({
  level: z.number().int(),
  /** As a target: may this account start a transfer (level 0, nothing under review). */
  canReceive: z.boolean(),
  transfer: transferView.nullable(),
});
export type IdentityResult = z.infer<typeof identityResult>;

/** POST /v1/kyc/transfer/verify: the target starts (30030) or the source consents (30031). */
export const transferVerifyRequest = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('target'),
    sourceEmail: z.string().trim().toLowerCase().email().max(320),
    firstName: z.string().trim().min(1).max(100),
    lastName: z.string().trim().min(1).max(100),
    dateOfBirth: isoDate,
  }),
  z.object({ role: z.literal('source'), transferId: z.number().int().positive() }),
]);
export type TransferVerifyRequest = z.infer<typeof transferVerifyRequest>;

export const transferStatusRequest = z.object({ transferId: z.number().int().positive().optional() });
export const transferCancelRequest = z.object({ transferId: z.number().int().positive() });

export const transferStatusResult = z.object({
  status: z.enum(TRANSFER_VERIFY_STATUSES),
  outcome: z.enum(TRANSFER_OUTCOMES).nullable(),
  transfer: transferView.nullable(),
});
export type TransferStatusResult = z.infer<typeof transferStatusResult>;

// ── back office ───────────────────────────────────────────────────────────────────────────────────
export const transferQueueQuery = z.object({
  status: z.enum(TRANSFER_STAGES).default('in_review'),
  cursor: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const transferQueueItem = z.object({
  id: z.number().int(),
  stage: z.enum(TRANSFER_STAGES),
  sourceEmail: z.string(),
  targetEmail: z.string(),
  level: z.number().int(),
  createdAt: z.number().int(),
  coolingOffUntil: z.number().int().nullable(),
  firstApprovedBy: z.number().int().nullable(),
  /**
   * Issue 20 (D86): the source's / target's account is closed (or erased). In the queue its email is then
   * empty and the back office shows "Closed account #id" instead; the case (gated) shows it.
   */
  sourceUserId: z.number().int(),
  targetUserId: z.number().int(),
  sourceClosed: z.boolean(),
  targetClosed: z.boolean(),
});
export const transferQueueResult = z.object({
  items: z.array(transferQueueItem),
  /** Null at the end of the list. */
  nextCursor: z.string().nullable(),
});
export type TransferQueueResult = z.infer<typeof transferQueueResult>;

const account = z.object({
  userId: z.number().int(),
  email: z.string(),
  level: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  country: z.string(),
  residenceCountry: z.string(),
  states: z.array(z.object({ level: z.number().int(), status: z.string() })),
});
export const transferCase = z.object({
  transfer: transferQueueItem.extend({
    rejectReason: z.string(),
    sourceConsentAt: z.number().int().nullable(),
    targetConsentAt: z.number().int(),
    completedAt: z.number().int().nullable(),
    /**
     * The history's names (display name, else email; null when no such staff member exists) and times
     * (null on transfers decided before they were recorded, migration 039).
     */
    firstApprovedByName: z.string().nullable(),
    firstApprovedAt: z.number().int().nullable(),
    secondApprovedBy: z.number().int().nullable(),
    secondApprovedByName: z.string().nullable(),
    secondApprovedAt: z.number().int().nullable(),
    /** Who made the final decision (the approval that ended the review, or the rejection) and when. */
    decidedBy: z.number().int().nullable(),
    decidedByName: z.string().nullable(),
    decidedAt: z.number().int().nullable(),
    /** A second, different senior reviewer must approve (four eyes at or above the configured level). */
    needsSecondApproval: z.boolean(),
  }),
  /** Both accounts side by side: the target's details as the person gave them at the start. */
  source: account,
  target: account,
});
export type TransferCase = z.infer<typeof transferCase>;

export const transferDecisionRequest = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), selfieReviewed: z.boolean() }),
  z.object({ decision: z.literal('reject'), reason: z.string().trim().min(3).max(500) }),
]);
export type TransferDecisionRequest = z.infer<typeof transferDecisionRequest>;
