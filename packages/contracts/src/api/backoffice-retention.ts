/**
 * Issue 20 (docs/data-lifecycle.md): retention policies per site and record kind (versioned), legal
 * holds, the erasure (redaction) job and its redaction records, as the back office reads and changes
 * them. The person's own copy and the closing of an account are another slice's.
 */
import { z } from 'zod';
import { SITE_CODES } from '../sites.ts';
import { cursorPageQuery, cursorPageResult } from './cursor-page.ts';

/**
 * The kinds of record a policy governs. The first six belong to a person as a whole (their clock is an
 * event of the person: the end of the relationship, their last decision, the account's creation, their
 * last activity); the last four are rolling (each row's own creation or last activity starts its clock).
 */
export const RETENTION_KINDS = [
  'identity_documents',
  'personal_data',
  'questionnaire_answers',
  'decisions_audit',
  'screening_results',
  'vendor_events',
  'partner_webhook_deliveries',
  'sessions_security_log',
  'unsubmitted_uploads',
  'drafts',
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** The kinds whose clock is an event of the person (erased person by person). */
export const PERSON_RETENTION_KINDS = [
  'identity_documents',
  'personal_data',
  'questionnaire_answers',
  'decisions_audit',
  'screening_results',
  'vendor_events',
] as const satisfies readonly RetentionKind[];
export type PersonRetentionKind = (typeof PERSON_RETENTION_KINDS)[number];

/** The event that starts a policy's clock. */
export const RETENTION_CLOCKS = ['relationship_end', 'decision', 'creation', 'last_activity'] as const;
export type RetentionClock = (typeof RETENTION_CLOCKS)[number];

/** What replaces a personal field that was redacted (clear text: it is no one's data). */
export const REDACTED_VALUE = '[redacted]';

/**
 * A period as an ISO 8601 duration of one unit: `P5Y`, `P6M`, `P30D` (1 to 9999). Added to the clock in
 * calendar terms (UTC), so five years are five years whatever the leap days.
 */
export const RETENTION_PERIOD_PATTERN = /^P([1-9][0-9]{0,3})([YMD])$/;

export const retentionPolicy = z.object({
  site: z.enum(SITE_CODES),
  kind: z.enum(RETENTION_KINDS),
  period: z.string().regex(RETENTION_PERIOD_PATTERN, 'a period such as P5Y, P6M or P30D'),
  clock: z.enum(RETENTION_CLOCKS),
  /** The legal source of the period (the law and article, or GDPR Art. 5(1)(e) storage limitation). */
  legalSource: z.string().trim().min(1).max(500),
});
export type RetentionPolicy = z.infer<typeof retentionPolicy>;

/** GET /backoffice/api/retention/policies: the version in force and every policy of it. */
export const retentionPolicySet = z.object({
  version: z.number().int(),
  createdAt: z.number().int(),
  /** Who made the version; null for the shipped defaults. */
  createdBy: z.number().int().nullable(),
  reason: z.string(),
  policies: z.array(retentionPolicy),
});
export type RetentionPolicySet = z.infer<typeof retentionPolicySet>;

/**
 * PUT /backoffice/api/retention/policies (admin): the whole set again (every site and kind once), over
 * the version read (`expectedVersion`, compare-and-set: 62004), with the reason of the change. Makes a
 * new version; the old ones are kept.
 */
export const retentionPolicyPut = z.strictObject({
  expectedVersion: z.number().int().positive(),
  reason: z.string().trim().min(3).max(500),
  policies: z.array(retentionPolicy).min(1).max(500),
});
export type RetentionPolicyPut = z.input<typeof retentionPolicyPut>;

export const LEGAL_HOLD_REASONS = ['investigation', 'suspicious_activity_report', 'court_order'] as const;
export type LegalHoldReason = (typeof LEGAL_HOLD_REASONS)[number];

/** POST /backoffice/api/retention/holds: a person (and optionally one case of theirs) on hold. */
export const legalHoldRequest = z.strictObject({
  userId: z.number().int().positive(),
  /** The case the hold is about, e.g. `user:12/level:1`; the whole person is held either way. */
  caseRef: z.string().trim().max(200).optional(),
  reason: z.enum(LEGAL_HOLD_REASONS),
  note: z.string().trim().min(3).max(1000),
  /** When the hold is to be reviewed (epoch ms), in the future and within two years. */
  reviewAt: z.number().int().positive(),
});
export type LegalHoldRequest = z.input<typeof legalHoldRequest>;

export const legalHoldLiftRequest = z.strictObject({
  reason: z.string().trim().min(3).max(1000),
});
export type LegalHoldLiftRequest = z.input<typeof legalHoldLiftRequest>;

export const legalHold = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  caseRef: z.string(),
  reason: z.enum(LEGAL_HOLD_REASONS),
  note: z.string(),
  reviewAt: z.number().int(),
  /** The review date has passed while the hold is active. */
  reviewOverdue: z.boolean(),
  createdBy: z.number().int(),
  createdAt: z.number().int(),
  liftedBy: z.number().int().nullable(),
  liftedAt: z.number().int().nullable(),
  liftReason: z.string().nullable(),
});
export type LegalHold = z.infer<typeof legalHold>;

/** GET /backoffice/api/retention/holds: newest first; `state` active (default), lifted or all. */
export const legalHoldsQuery = z.object({
  state: z.enum(['active', 'lifted', 'all']).default('active'),
  userId: z.coerce.number().int().positive().optional(),
  ...cursorPageQuery,
});
export type LegalHoldsQuery = z.infer<typeof legalHoldsQuery>;

export const legalHoldsResult = z.object({ items: z.array(legalHold), ...cursorPageResult });
export type LegalHoldsResult = z.infer<typeof legalHoldsResult>;

/** What one run of the erasure job did (POST /backoffice/api/retention/run). */
export const retentionRunResult = z.object({
  runId: z.number().int(),
  policyVersion: z.number().int(),
  startedAt: z.number().int(),
  /** False when the run stopped at its time budget: the `retention` job carries on within a minute. */
  complete: z.boolean(),
  /** People with at least one kind redacted by this run. */
  people: z.number().int(),
  /** Redaction records written, by kind (`data_key`: keys destroyed). */
  records: z.record(z.string(), z.number().int()),
  /** People due but held, left as they are. */
  held: z.number().int(),
  /** `verification.redacted` deliveries made for partners. */
  webhooks: z.number().int(),
});
export type RetentionRunResult = z.infer<typeof retentionRunResult>;

/** One redaction record: what went, when, under which policy version. */
export const redactionRecord = z.object({
  id: z.number().int(),
  /** The person; null for a batch of rolling records of several people. */
  userId: z.number().int().nullable(),
  /** A retention kind, or `data_key` for the destruction of the person's data key. */
  kind: z.string(),
  site: z.string(),
  policyVersion: z.number().int(),
  clock: z.string(),
  /** When the record became due (for a batch: the cut-off its rows were older than). */
  dueAt: z.number().int(),
  redactedAt: z.number().int(),
  runId: z.number().int(),
  /** What went, counted ({documents: 2, blobs: 2}). */
  counts: z.record(z.string(), z.number().int()),
});
export type RedactionRecord = z.infer<typeof redactionRecord>;

/** GET /backoffice/api/retention/redactions: newest first, narrowed to a person or a kind. */
export const redactionsQuery = z.object({
  userId: z.coerce.number().int().positive().optional(),
  kind: z.string().trim().min(1).max(64).optional(),
  ...cursorPageQuery,
});
export type RedactionsQuery = z.infer<typeof redactionsQuery>;

export const redactionsResult = z.object({ items: z.array(redactionRecord), ...cursorPageResult });
export type RedactionsResult = z.infer<typeof redactionsResult>;

// ---- The back office's pages and access after closure (issue 20, slice C; D78–D79) ------------------

/**
 * Where a view shows data of a person the erasure job redacted: which kind went, when, and under which
 * policy version (one per redaction record of the person), so a view says "redacted on … under policy
 * version N" instead of failing or showing an empty field.
 */
export const redactionMarker = z.object({
  /** A person-level retention kind, or `data_key`. */
  kind: z.string(),
  redactedAt: z.number().int(),
  policyVersion: z.number().int(),
});
export type RedactionMarker = z.infer<typeof redactionMarker>;

/** Opening a closed or held person's data is allowed this long after the reason is recorded (D79). */
export const CLOSED_ACCESS_GRANT_MS = 30 * 60_000;

/**
 * POST /backoffice/api/cases/:userId/closed-access (`view_cases` and `access_closed_accounts`): the
 * reason staff give to open a closed or held person's data; recorded in the audit log, and named by
 * every view of the person for the next 30 minutes.
 */
export const closedAccessRequest = z.strictObject({
  reason: z.string().trim().min(5).max(500),
});
export type ClosedAccessRequest = z.input<typeof closedAccessRequest>;

/** Why a person's data needs a reason (closed, held, or both), and the reason in force when given. */
export const closedAccess = z.object({
  userId: z.number().int(),
  /** When the account was closed; null when it is open (held only). */
  closedAt: z.number().int().nullable(),
  /** An active legal hold names the person. */
  held: z.boolean(),
  /** The erasure job has redacted every person-level kind of theirs. */
  erased: z.boolean(),
  /** The reason given by this staff member (null before one is given). */
  reason: z.string().nullable(),
  /** Until when the reason opens the person's data (null before one is given). */
  expiresAt: z.number().int().nullable(),
});
export type ClosedAccess = z.infer<typeof closedAccess>;

/**
 * GET /backoffice/api/people/lookup?q= (`manage_legal_holds`): a person by email or user id, for placing
 * a hold. Answers the id and what the hold dialog needs, never the person's name or email (a closed
 * person's data is opened only with a reason).
 */
export const personLookupQuery = z.object({
  /** An email or a user id (`12` or `#12`); empty finds nobody (62043). Optional so that a call without a session is 10007 first. */
  q: z.string().trim().max(320).default(''),
});
export type PersonLookupQuery = z.infer<typeof personLookupQuery>;

export const personLookupResult = z.object({
  userId: z.number().int(),
  site: z.string(),
  closedAt: z.number().int().nullable(),
  erased: z.boolean(),
  held: z.boolean(),
});
export type PersonLookupResult = z.infer<typeof personLookupResult>;

/** One change a policy version made over the version before it (null `from`: new in this version). */
export const policyChange = z.object({
  site: z.string(),
  kind: z.string(),
  from: z.object({ period: z.string(), clock: z.string(), legalSource: z.string() }).nullable(),
  to: z.object({ period: z.string(), clock: z.string(), legalSource: z.string() }),
});
export type PolicyChange = z.infer<typeof policyChange>;

/** GET /backoffice/api/retention/policies/versions (`read_retention`): newest first, by cursor. */
export const policyVersionsQuery = z.object({ ...cursorPageQuery });
export type PolicyVersionsQuery = z.infer<typeof policyVersionsQuery>;

export const policyVersionEntry = z.object({
  version: z.number().int(),
  createdAt: z.number().int(),
  /** Who saved it; null for the shipped defaults. */
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  reason: z.string(),
  /** What changed over the version before (version 1: nothing, it is the defaults). */
  changes: z.array(policyChange),
});
export type PolicyVersionEntry = z.infer<typeof policyVersionEntry>;

export const policyVersionsResult = z.object({ items: z.array(policyVersionEntry), ...cursorPageResult });
export type PolicyVersionsResult = z.infer<typeof policyVersionsResult>;
