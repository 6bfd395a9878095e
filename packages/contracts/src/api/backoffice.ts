/** Back-office review API (/backoffice/api/*, docs/backoffice.md): requests and answers. */
import { z } from 'zod';
import { autoDecisionEvidence } from './backoffice-auto-decisions.ts';
import { credentialsRequest, staffMe } from './account.ts';
import { KYC_STEP_STATUSES } from './kyc.ts';
import { DOCUMENT_SIDES, SUBMISSION_KINDS } from './kyc-submit.ts';
import { VERIFICATION_VENDORS, reviewVendorPanel } from './backoffice-vendors.ts';
import { cursorPageQuery, cursorPageResult } from './cursor-page.ts';
import { caseAssignee } from './backoffice-work.ts';
import { closedAccess, redactionMarker } from './backoffice-retention.ts';
import { caseRisk } from './backoffice-risk.ts';
import { caseCheck, caseChecksRun } from './backoffice-checks.ts';
import { caseCheckCorrection } from './document-correction.ts';

/**
 * POST /backoffice/api/login: the password, and the 6-digit TOTP code once enrolled. To confirm an
 * enrolment, the first code goes with the `totpEnrolmentToken` of the enrolment answer.
 */
export const staffLoginRequest = credentialsRequest.extend({
  totpCode: z.string().max(16).optional(),
  totpEnrolmentToken: z.string().max(512).optional(),
  /** A one-time recovery code instead of the TOTP code (issue 11); separators and case are ignored. */
  recoveryCode: z.string().max(32).optional(),
});
export type StaffLoginRequest = z.infer<typeof staffLoginRequest>;

/**
 * A member without a second factor who gave the right password gets a new TOTP secret to add to an
 * authenticator app, and no session yet: signing in again with its first code and `enrolmentToken`
 * (the secret sealed for this member, valid 10 minutes) stores it and signs in.
 */
export const staffTotpEnrolment = z.object({
  otpauthUri: z.string(),
  secret: z.string(),
  enrolmentToken: z.string(),
});
export type StaffTotpEnrolment = z.infer<typeof staffTotpEnrolment>;

/**
 * Signed in (`StaffMe`), or an enrolment to confirm (no session yet). A confirmed enrolment also answers
 * the member's new recovery codes (shown once, never again); a sign-in with a recovery code answers how
 * many are left.
 */
export const staffLoginResult = z.union([
  z.object({ totpEnrolment: staffTotpEnrolment }),
  staffMe.extend({
    recoveryCodes: z.array(z.string()).optional(),
    recoveryCodesRemaining: z.number().int().optional(),
  }),
]);
export type StaffLoginResult = z.infer<typeof staffLoginResult>;

const intParam = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const page = cursorPageQuery;

export const reviewQueueQuery = z.object({
  level: z.coerce.number().int().min(1).max(2).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  site: z
    .string()
    .regex(/^[A-Z]{2,8}$/)
    .optional(),
  minAgeHours: intParam(0, 24 * 365).optional(),
  kind: z.enum(SUBMISSION_KINDS).optional(),
  /** `true`: only cases whose final rejection waits for a senior reviewer's confirmation. */
  pendingFinal: z.enum(['true']).optional(),
  /** Issue 17: `me`, the cases claimed by or assigned to the signed-in member ("My cases"). */
  assignedTo: z.enum(['me']).optional(),
  /** Issue 17: `true`, only items past their service level's due time. */
  breached: z.enum(['true']).optional(),
  ...page,
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuery>;

export const reviewQueueItem = z.object({
  userId: z.number().int(),
  email: z.string(),
  site: z.string(),
  level: z.number().int(),
  country: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  pendingSince: z.number().int(),
  /** The pending submission this item is about (one item per pending submission). */
  submissionId: z.number().int(),
  kind: z.enum(SUBMISSION_KINDS),
  /** A final rejection of this submission is proposed and waits for a senior reviewer (badge). */
  finalProposed: z.boolean(),
  /** Issue 17: who works the case (claimed or assigned), null when nobody does. */
  assignee: caseAssignee.nullable(),
  /** Issue 17: when a decision is due (pending since + the kind's service level), and whether it is late. */
  dueAt: z.number().int(),
  breached: z.boolean(),
  /**
   * Issue 20 (D86): the person's account is closed (or erased). Then the list shows no name, email or
   * text of theirs (empty strings) and the back office shows "Closed account #id" instead.
   */
  closed: z.boolean(),
});
export const reviewQueueResult = z.object({
  items: z.array(reviewQueueItem),
  ...cursorPageResult,
});
export type ReviewQueueResult = z.infer<typeof reviewQueueResult>;

export const DECISION_KINDS = [
  'approve',
  'reject_retry',
  'reject_final_proposed',
  'reject_final_confirmed',
  'reverify_requested',
  'reverify_approved',
  'reverify_rejected',
  'reverify_rejected_daily',
  'update_approved',
  'update_rejected',
] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

export const decisionEntry = z.object({
  id: z.number().int(),
  level: z.number().int(),
  decision: z.enum(DECISION_KINDS),
  reasonCode: z.string(),
  userMessage: z.string(),
  staffId: z.number().int(),
  /** Who `staffId` is: the member's display name, else their email; null when no such member exists. */
  staffName: z.string().nullable(),
  confirmedBy: z.number().int().nullable(),
  /** Who `confirmedBy` is, as `staffName`; null when nobody confirmed or no such member exists. */
  confirmedByName: z.string().nullable(),
  /**
   * The vendor that took this decision automatically (staffId 0; `staffName` then reads e.g. "Sumsub
   * (automatic)"); null for a staff member's decision. A vendor's `reject_final_proposed` waits for a
   * senior reviewer's confirm_final like a reviewer's.
   */
  decidedByProvider: z.enum(VERIFICATION_VENDORS).nullable(),
  /**
   * Issue 19 (D102): the in-house provider took this decision itself (staffId 0): approved because every
   * check was clean, or rejected by a hard rule, with the evidence; absent or null for anyone else's.
   */
  automatic: autoDecisionEvidence.nullable().optional(),
  at: z.number().int(),
  /** The reviewer's optional comment (an approval's); internal, never shown to the person. */
  comment: z.string(),
});

/**
 * A document the user uploaded (metadata only). `submissionId` is null while it is not part of a
 * submission; `sha256` and `size` are of the stored (re-encoded) bytes the download answers.
 */
export const reviewDocument = z.object({
  id: z.string(),
  side: z.enum(DOCUMENT_SIDES),
  mime: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: z.number().int(),
  submissionId: z.number().int().nullable(),
});
export type ReviewDocument = z.infer<typeof reviewDocument>;

/** Statuses of a submission row: waiting, or how it was decided. */
/** WITHDRAWN (issue 20, migration 032): still pending when the account was closed, so never decided. */
export const SUBMISSION_STATUSES = [
  'PENDING',
  'APPROVED',
  'REJECTED_RETRY',
  'REJECTED_FINAL',
  'WITHDRAWN',
] as const;

/**
 * One submission of the user (every kind), newest first. `details` are the submission's encrypted
 * details decrypted for staff (e.g. the names, birth date and expiry of an ID update).
 */
export const reviewSubmission = z.object({
  id: z.number().int(),
  kind: z.enum(SUBMISSION_KINDS),
  level: z.number().int(),
  documentType: z.string(),
  issuingCountry: z.string(),
  status: z.enum(SUBMISSION_STATUSES),
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
  reasonCode: z.string(),
  userMessage: z.string(),
  documentIds: z.array(z.string()),
  details: z.record(z.string(), z.string()),
  /** The consent and declaration given before an ID and selfie were submitted (issue 10); null if none. */
  consent: z.object({ version: z.string(), language: z.string(), at: z.number().int() }).nullable(),
  /** When a final rejection of this pending submission was proposed (waiting for a senior); else null. */
  finalProposedAt: z.number().int().nullable(),
});
export type ReviewSubmission = z.infer<typeof reviewSubmission>;

/** Issue 18: how a person stands against the sanctions, PEP and internal lists (docs/screening.md). */
export const SCREENING_STATUSES = ['clear', 'open_hit', 'true_match', 'not_screened'] as const;
export type ScreeningStatus = (typeof SCREENING_STATUSES)[number];
/**
 * open → pending_confirmation (a sanctions false positive marked by one reviewer, waiting for another:
 * four eyes) → confirmed_false_positive; open → cleared (a PEP or internal false positive, one reviewer);
 * open or pending_confirmation → true_match (the account is frozen). Slice 3, docs/screening.md.
 */
export const SCREENING_HIT_STATES = [
  'open',
  'pending_confirmation',
  'cleared',
  'confirmed_false_positive',
  'true_match',
] as const;
export type ScreeningHitState = (typeof SCREENING_HIT_STATES)[number];
/** What raised or lowered a hit's score (domain/screening/matching/adjustments.ts). */
export const SCREENING_ADJUSTMENTS = [
  'weak_alias',
  'dob_same_date',
  'dob_same_year',
  'dob_year_apart',
  'dob_different_year',
  'nationality_same',
  'nationality_different',
] as const;
export const SCREENING_TOKEN_METHODS = ['exact', 'jaro-winkler', 'phonetic', 'initial', 'joined'] as const;

/** Why a hit scored what it did: the token pairs, the base score and each adjustment. */
export const screeningExplanation = z.object({
  /** Whether the list's alias that matched is weak (low quality), and its script when not Latin. */
  matchedNameWeak: z.boolean(),
  matchedNameScript: z.string().nullable(),
  tokens: z.array(
    z.object({
      ours: z.string(),
      theirs: z.string(),
      method: z.enum(SCREENING_TOKEN_METHODS),
      score: z.number(),
    }),
  ),
  unmatchedOurs: z.array(z.string()),
  unmatchedTheirs: z.array(z.string()),
  /** The names' score before the adjustments. */
  baseScore: z.number(),
  adjustments: z.array(
    z.object({
      code: z.enum(SCREENING_ADJUSTMENTS),
      delta: z.number(),
      /** The engine's English wording with the values compared (e.g. both dates of birth). */
      detail: z.string(),
    }),
  ),
  threshold: z.number(),
  /** The entry's programmes (RUSSIA-EO14024, …) and the list's category. */
  programmes: z.array(z.string()),
  category: z.enum(['sanctions', 'pep', 'internal']),
  /** The whole explanation in one English line (exports, the audit). */
  summary: z.string(),
});
export type ScreeningExplanation = z.infer<typeof screeningExplanation>;

export const SCREENING_CATEGORIES = ['sanctions', 'pep', 'internal'] as const;
export type ScreeningCategory = (typeof SCREENING_CATEGORIES)[number];

/** A staff member's part in a hit's resolution. */
export const screeningActor = z.object({
  staffId: z.number().int(),
  /** Display name, else email; null when no such member exists. */
  name: z.string().nullable(),
  at: z.number().int(),
});

export const screeningHit = z.object({
  id: z.number().int(),
  /** The list's name (its file name). */
  list: z.string(),
  listEntryId: z.string(),
  /** The list's alias that matched. */
  matchedName: z.string(),
  /** Our name that matched (as typed, or as on the document once the document checks read it). */
  ourName: z.string(),
  /** Which of our names matched: as typed, or as the document's MRZ gives it (D104). */
  ourNameSource: z.enum(['typed', 'document']),
  score: z.number(),
  state: z.enum(SCREENING_HIT_STATES),
  /** Why it was resolved as it was ('' while open). */
  reason: z.string(),
  explanation: screeningExplanation,
  /** The list's category (sanctions need four eyes to clear; pep and internal one reviewer). */
  category: z.enum(SCREENING_CATEGORIES),
  /** The hit as read: pass it back to resolve it (compare-and-set; 61004 when it changed). */
  version: z.number().int(),
  /** Who marked a sanctions hit a false positive (waiting for, or given, a second reviewer's word). */
  proposedBy: screeningActor.nullable(),
  /** Who resolved it (cleared, confirmed, or declared a true match), and when. */
  resolvedBy: screeningActor.nullable(),
  /**
   * When its list entry was found no longer on the list (delisted, or the list removed from
   * SCREENING_LISTS); null while it is there. The hit is kept as it was: a reviewer decides.
   */
  entryRemovedAt: z.number().int().nullable(),
});
export type ScreeningHitView = z.infer<typeof screeningHit>;

export const caseScreening = z.object({
  status: z.enum(SCREENING_STATUSES),
  /** When the latest finished screening ran; null before the first. */
  screenedAt: z.number().int().nullable(),
  /** The lists that screening used, with the publication date each file gives (null when none). */
  lists: z.array(z.object({ name: z.string(), published: z.string().nullable() })),
  /** Every hit of the person, best first, whatever its state. */
  hits: z.array(screeningHit),
  /** Slice 3: the account frozen by a true match (no submission, no approval); null when not frozen. */
  frozen: z
    .object({
      at: z.number().int(),
      hitId: z.number().int(),
      /** The suspicious-activity export made then: GET /backoffice/api/cases/:userId/screening-export. */
      exportId: z.number().int().nullable(),
      /** Who froze it: they cannot lift it (four eyes, 61011). */
      frozenBy: z.number().int(),
    })
    .nullable(),
});
export type CaseScreening = z.infer<typeof caseScreening>;

/**
 * POST /backoffice/api/screening/hits/:hitId/resolution (`decide`), over the hit as read
 * (`expectedVersion`): `false_positive` (a reason; a sanctions hit then waits for another reviewer),
 * `confirm` (that other reviewer), `send_back` (a reason; the hit is open again), `true_match` (a reason;
 * the account is frozen, the export made and compliance mailed). Answers the case as it now stands.
 */
const resolutionReason = z.string().trim().min(1).max(1000);
export const hitResolutionRequest = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('false_positive'),
    reason: resolutionReason,
    expectedVersion: z.number().int(),
  }),
  z.object({ action: z.literal('confirm'), expectedVersion: z.number().int() }),
  z.object({ action: z.literal('send_back'), reason: resolutionReason, expectedVersion: z.number().int() }),
  z.object({ action: z.literal('true_match'), reason: resolutionReason, expectedVersion: z.number().int() }),
]);
export type HitResolutionRequest = z.infer<typeof hitResolutionRequest>;

/**
 * POST /backoffice/api/cases/:userId/freeze/lift (docs/screening.md "Lifting a freeze"): a senior reviewer
 * or admin lifts the freeze a true match put on the account, when the match was wrong or the entry was
 * delisted; never the person who froze it (four eyes, 61011). The true match is cleared with the reason.
 */
export const liftFreezeRequest = z.strictObject({
  /** The true-match hit the freeze is for, as read: a freeze by another hit meanwhile answers 61012. */
  hitId: z.number().int().positive(),
  reason: z.string().trim().min(10).max(1000),
});
export type LiftFreezeRequest = z.infer<typeof liftFreezeRequest>;
export type HitResolutionAction = HitResolutionRequest['action'];

export const reviewCase = z.object({
  userId: z.number().int(),
  email: z.string(),
  site: z.string(),
  applicant: z.object({
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: z.string(),
    country: z.string(),
    residenceCountry: z.string(),
    level: z.number().int(),
  }),
  levels: z.array(
    z.object({
      level: z.number().int(),
      status: z.enum(KYC_STEP_STATUSES),
      rejectReasonCode: z.string(),
      rejectReason: z.string(),
      /** A final rejection proposed and waiting for a senior reviewer's confirmation. */
      finalRejectionProposed: z.boolean(),
    }),
  ),
  reverification: z.object({
    status: z.string(),
    deadline: z.number().int().nullable(),
    /** The reason shown to the user after a rejection ('' otherwise). */
    rejectReason: z.string(),
    site: z.string(),
    country: z.string(),
  }),
  decisions: z.array(decisionEntry),
  /** The user's uploaded documents, oldest first; the bytes: GET …/cases/:userId/documents/:id. */
  documents: z.array(reviewDocument),
  /** Every submission of the user (levels, re-verifications, updates, vendor checks), newest first. */
  submissions: z.array(reviewSubmission),
  /** The person's applicants at the verification vendors and the vendors' events (issue 13). */
  vendor: reviewVendorPanel,
  /** Issue 17: who works the case (claimed or assigned) until when; null when nobody does. */
  assignee: caseAssignee.nullable().optional(),
  /** Issue 18: the person's sanctions screening; an open hit blocks every approval (61001). */
  screening: caseScreening,
  /**
   * Issue 18 "Risk score": the person's current risk assessment (level, points, every factor with its
   * points and source); null before the first. Always present in the server's answer.
   */
  risk: caseRisk.optional(),
  /**
   * Issue 19: the document checks of the level-1 submission under review ([] without one; each not_run
   * while the job has not finished) and which submission they are of. Always present in the server's answer.
   */
  checks: z.array(caseCheck).optional(),
  checksRun: caseChecksRun.optional(),
  /** Issue 19: the person's answers to the correction step, oldest first (what was first typed, what changed). */
  checkCorrections: z.array(caseCheckCorrection).optional(),
  /** Issue 20: what the erasure job redacted of the person (kind, when, policy version); [] when nothing. */
  redactions: z.array(redactionMarker).optional(),
  /** Issue 20: the person's account is closed or held, and the reason this view was opened with (D79). */
  closedAccess: closedAccess.nullable().optional(),
});
export type ReviewCase = z.infer<typeof reviewCase>;

const level = z.union([z.literal(1), z.literal(2)]);
const reasonCode = z.string().trim().min(1).max(64);
const userMessage = z.string().trim().min(1).max(500);

export const decisionRequest = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('approve'),
    level,
    /** Optional, internal: recorded in the decision history and the audit entry (issue 10). */
    comment: z.string().trim().max(1000).optional(),
  }),
  z.object({ decision: z.literal('reject_retry'), level, reasonCode, userMessage }),
  z.object({ decision: z.literal('propose_final'), level, reasonCode, userMessage }),
  z.object({ decision: z.literal('confirm_final'), level }),
  z.object({
    decision: z.literal('request_reverification'),
    /** Epoch milliseconds, in the future. */
    deadline: z.number().int().positive(),
  }),
  z.object({ decision: z.literal('approve_reverification') }),
  z.object({
    decision: z.literal('reject_reverification'),
    reasonCode,
    userMessage,
    /** The day's attempts are used up: Rejected_Daily (no resubmission until the next day). */
    daily: z.boolean().optional(),
  }),
  z.object({ decision: z.literal('approve_update'), submissionId: z.number().int().positive() }),
  z.object({
    decision: z.literal('reject_update'),
    submissionId: z.number().int().positive(),
    reasonCode,
    userMessage,
  }),
]);
export type DecisionRequest = z.infer<typeof decisionRequest>;

/**
 * Every action the audit log records (docs/backoffice.md "Audit log"): the server's audit repository
 * accepts only these, and the audit page translates and filters by them.
 */
export const AUDIT_ACTIONS = [
  'case.view',
  'document.view',
  'decision.approve',
  'decision.reject_retry',
  'decision.propose_final',
  'decision.confirm_final',
  'decision.request_reverification',
  'decision.approve_reverification',
  'decision.reject_reverification',
  'decision.approve_update',
  'decision.reject_update',
  'questionnaire.view',
  'questionnaire.evidence.view',
  'questionnaire.decision',
  'questionnaire.rfi',
  'quotas.view',
  'quotas.update',
  'countries.update',
  'support.view',
  'support.answer',
  'staff.sign_in',
  'staff.sign_in_failed',
  'staff.locked_out',
  'staff.second_factor_failed',
  'staff.second_factor_enrolled',
  'staff.recovery_code_used',
  'staff.recovery_codes_regenerated',
  'staff.second_factor_reset',
  // Issue 17 (D121): the sites a member works, for the automatic case assignment.
  'staff.sites.update',
  'partners.create',
  'partners.update',
  'partners.secret_rotated',
  'partners.secret_revoked',
  'partners.webhook_changed',
  'partners.webhook_redelivered',
  'provider_routes.update',
  'provider_routes.delete',
  'case.claim',
  'case.assign',
  'case.release',
  'service_levels.update',
  // Identity transfer (issue 15, docs/identity-transfer.md).
  'identity_transfer.approve',
  'identity_transfer.reject',
  'identity_transfer.complete',
  // Issue 20 (D85): an open transfer cancelled because one of its accounts closed.
  'identity_transfer.cancel',
  // Sanctions and PEP screening, slice 3 (docs/screening.md "Resolving a hit").
  'screening.false_positive',
  'screening.confirm',
  'screening.send_back',
  'screening.true_match',
  'screening.freeze.lift',
  'screening.export.download',
  'screening.alert.assign',
  // Risk score (issue 18, docs/screening.md "Risk score").
  'risk.weights.update',
  'risk.country_lists.update',
  // Refreshing lists (issue 18, docs/screening.md "Refreshing lists").
  'screening.lists.refresh',
  // A delta re-screening ended because its list left SCREENING_LISTS (D111; by the system, staff 0).
  'screening.delta.abandon',
  // Data lifecycle (issue 20, docs/data-lifecycle.md).
  'retention.policies.update',
  'retention.run',
  'retention.hold.place',
  'retention.hold.lift',
  // The person's copy of their data for a subject access request (issue 20, docs/data-export.md).
  'data_export.request',
  'data_export.link',
  'data_export.download',
  // Closing an account (issue 20, docs/data-lifecycle.md "Closing an account").
  'account.close',
  // Issue 20, slice C (D79): a closed or held person's data opened with a reason.
  'case.closed_access',
  // Issue 17: the dashboard's CSV of a figure, and a CSV of an audit-log range (data exports by staff).
  'dashboard.export',
  'audit.export',
  // Issue 19 (D103): the quality review of the in-house provider's automatic approvals.
  'auto_decision.reviewed',
  'auto_decision.reversal_proposed',
  'auto_decision.reversal_withdrawn',
  'auto_decision.reversed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditQuery = z.object({
  staffId: z.coerce.number().int().positive().optional(),
  subjectUserId: z.coerce.number().int().positive().optional(),
  action: z.string().max(64).optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  ...page,
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.number().int(),
  staffId: z.number().int(),
  /** The member's display name, else email; null when no such member exists. */
  staffName: z.string().nullable(),
  action: z.string(),
  subjectUserId: z.number().int().nullable(),
  caseRef: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export const auditResult = z.object({
  items: z.array(auditEntry),
  ...cursorPageResult,
});
export type AuditResult = z.infer<typeof auditResult>;

/** How an audit chain break came to be (docs/security.md "Tamper-evident audit log"). */
export const AUDIT_CHAIN_BREAKS = ['edited', 'deleted', 'inserted', 'reordered'] as const;
export type AuditChainBreak = (typeof AUDIT_CHAIN_BREAKS)[number];

/**
 * GET /backoffice/api/audit/chain (read_audit): how far the audit log's hash chain is verified.
 * `verified`: intact up to entry `verifiedThroughId`, checked at `verifiedAt`; `pending` entries written
 * since wait for the next check. `broken`: the first entry where it breaks, and how.
 */
export const auditChainStatus = z.object({
  state: z.enum(['verified', 'broken']),
  verifiedThroughId: z.number().int(),
  verifiedAt: z.number().int().nullable(),
  pending: z.number().int(),
  broken: z
    .object({ id: z.number().int(), kind: z.enum(AUDIT_CHAIN_BREAKS), foundAt: z.number().int() })
    .nullable(),
});
export type AuditChainStatus = z.infer<typeof auditChainStatus>;

/** PATCH /backoffice/api/quotas (admin): daily withdrawal limits, as decimal strings. */
export const quotaPatchRequest = z.object({
  quotas: z
    .array(
      z.object({
        scope: z.enum(['KYC', 'KYB']).default('KYC'),
        level: z.number().int().min(0).max(2),
        coin: z.string().regex(/^[A-Z0-9]{2,10}$/),
        limit: z.string().regex(/^\d{1,18}(\.\d{1,8})?$/),
      }),
    )
    .min(1)
    .max(50),
});
export type QuotaPatchRequest = z.infer<typeof quotaPatchRequest>;

/** One daily withdrawal limit as stored: scope, verification level, coin and the amount. */
export const quotaEntry = z.object({
  scope: z.string(),
  level: z.number().int(),
  coin: z.string(),
  limit: z.number(),
});
export type QuotaEntry = z.infer<typeof quotaEntry>;

/** GET and PATCH /backoffice/api/quotas answer every limit, by scope, level and coin. */
export const quotaList = z.array(quotaEntry);
export type QuotaList = z.infer<typeof quotaList>;
