/**
 * Back-office questionnaire review API (/backoffice/api/questionnaires/*, /backoffice/api/users/:id/rfi;
 * docs/backoffice.md "Questionnaire review", docs/questionnaires.md "Back office"): the queue of staff-
 * reviewed questionnaires, EDD cases, investor declarations and SATOS deposit verifications, one user's
 * response to one template (answers decrypted, evidence, history, EDD case, tasks), decisions and
 * requests for information.
 */
import { z } from 'zod';
import { closedAccess, redactionMarker } from './backoffice-retention.ts';
import { caseAssignee } from './backoffice-work.ts';
import {
  EDD_STATUSES,
  QUESTIONNAIRE_KINDS,
  QUESTIONNAIRE_REVIEWS,
  QUESTIONNAIRE_STATUSES,
  QUESTIONNAIRE_QUESTION_TYPES,
  complianceTask,
  questionnaireScore,
  questionnaireAnswerValue,
} from './questionnaire.ts';
import { cursorPageQuery, cursorPageResult } from './cursor-page.ts';

const intParam = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const templateCodeParam = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a template code (kebab-case)');

/** What a queue item is: a questionnaire response, the EDD case (template `edd`), a SATOS deposit. */
export const QUESTIONNAIRE_QUEUE_TYPES = ['questionnaire', 'edd', 'satos'] as const;
export type QuestionnaireQueueType = (typeof QUESTIONNAIRE_QUEUE_TYPES)[number];

/** GET /backoffice/api/questionnaires/queue. Without `status`: PENDING and PENDING_NO_EDIT (to decide). */
export const questionnaireQueueQuery = z.object({
  templateCode: templateCodeParam.optional(),
  status: z.enum(QUESTIONNAIRE_STATUSES).optional(),
  /** The template's kind (questionnaire, declaration…). */
  kind: z.enum(QUESTIONNAIRE_KINDS).optional(),
  site: z
    .string()
    .regex(/^[A-Z]{2,8}$/)
    .optional(),
  /** Only items waiting at least this many hours. */
  minAgeHours: intParam(0, 24 * 365).optional(),
  /** Issue 17: `me`, the items whose case the signed-in member claimed or was assigned ("My cases"). */
  assignedTo: z.enum(['me']).optional(),
  ...cursorPageQuery,
});
export type QuestionnaireQueueQuery = z.infer<typeof questionnaireQueueQuery>;

export const questionnaireQueueItem = z.object({
  type: z.enum(QUESTIONNAIRE_QUEUE_TYPES),
  userId: z.number().int(),
  email: z.string(),
  site: z.string(),
  templateCode: z.string(),
  templateVersion: z.number().int(),
  kind: z.enum(QUESTIONNAIRE_KINDS),
  /** Translation key of the template's title (questionnaires namespace). */
  title: z.string(),
  status: z.enum(QUESTIONNAIRE_STATUSES),
  /** type 'edd': the case's status; null otherwise. */
  eddStatus: z.enum(EDD_STATUSES).nullable(),
  /** type 'satos': the deposit this verification is about; null otherwise. */
  depositRef: z.string().nullable(),
  /** Epoch ms of the submission waiting for a decision (oldest first in the queue). */
  pendingSince: z.number().int(),
  /**
   * Issue 20 (D86): the person's account is closed (or erased). Then the list shows no name, email or
   * text of theirs (empty strings) and the back office shows "Closed account #id" instead.
   */
  closed: z.boolean(),
  /** Issue 17 (D123): who holds the item's case (the user's template), null when nobody does. */
  assignee: caseAssignee.nullable(),
});
export type QuestionnaireQueueItem = z.infer<typeof questionnaireQueueItem>;

export const questionnaireQueueResult = z.object({
  items: z.array(questionnaireQueueItem),
  ...cursorPageResult,
});
export type QuestionnaireQueueResult = z.infer<typeof questionnaireQueueResult>;

/**
 * One answer of a submission, decrypted for staff, in template order (visible questions only). `label`
 * and `optionLabels` are translation keys of the questionnaires namespace; `value` is the answer as
 * stored (option values, text, number, date, country code, boolean, evidence ids).
 */
export const reviewAnswer = z.object({
  questionId: z.string(),
  type: z.enum(QUESTIONNAIRE_QUESTION_TYPES),
  label: z.string(),
  /** Section and page title keys, to group the answers as the user saw them. */
  section: z.string(),
  page: z.string().nullable(),
  value: questionnaireAnswerValue.nullable(),
  /** Choice questions: the label keys of the chosen options; [] otherwise. */
  optionLabels: z.array(z.string()),
});
export type ReviewAnswer = z.infer<typeof reviewAnswer>;

/** A submission: the version answered, the decrypted answers, the score (tests), who sent it from where. */
export const reviewQuestionnaireSubmission = z.object({
  id: z.number().int(),
  templateVersion: z.number().int(),
  status: z.enum(QUESTIONNAIRE_STATUSES),
  score: questionnaireScore.nullable(),
  submittedAt: z.number().int(),
  language: z.string(),
  ipAddress: z.string(),
  userAgent: z.string(),
  answers: z.array(reviewAnswer),
});
export type ReviewQuestionnaireSubmission = z.infer<typeof reviewQuestionnaireSubmission>;

/** An evidence upload (metadata); the bytes: GET …/questionnaires/:userId/:templateCode/evidence/:id. */
export const reviewEvidence = z.object({
  id: z.string(),
  mime: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: z.number().int(),
  submissionId: z.number().int().nullable(),
});
export type ReviewEvidence = z.infer<typeof reviewEvidence>;

/** One event of the response's life, oldest first: the user's submissions and the staff decisions. */
export const questionnaireHistoryEntry = z.object({
  at: z.number().int(),
  /** submit, lock, release, approve, reject, request_info, rfi, edd_pass, edd_reject, edd_request_info, satos_* */
  event: z.string(),
  actor: z.enum(['user', 'staff', 'system']),
  staffId: z.number().int().nullable(),
  /** The staff member's display name, else email; null for the user, the system or a removed member. */
  staffName: z.string().nullable(),
  /** The reason or request the user sees; '' when none. */
  text: z.string(),
});
export type QuestionnaireHistoryEntry = z.infer<typeof questionnaireHistoryEntry>;

export const reviewEddCase = z.object({
  status: z.enum(EDD_STATUSES),
  triggerReason: z.string(),
  /** A politically exposed person: only a senior reviewer (or an admin) may pass the case. */
  pep: z.boolean(),
  reason: z.string(),
  decidedBy: z.number().int().nullable(),
  decidedAt: z.number().int().nullable(),
  updatedAt: z.number().int(),
});
export type ReviewEddCase = z.infer<typeof reviewEddCase>;

/** A SATOS deposit verification (template satos-deposit), with its submission decrypted. */
export const reviewSatosVerification = z.object({
  depositRef: z.string(),
  coin: z.string(),
  network: z.string(),
  status: z.enum(QUESTIONNAIRE_STATUSES),
  reason: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  submission: reviewQuestionnaireSubmission,
});
export type ReviewSatosVerification = z.infer<typeof reviewSatosVerification>;

/** GET /backoffice/api/questionnaires/:userId/:templateCode (audited as 'questionnaire.view'). */
export const questionnaireReviewCase = z.object({
  userId: z.number().int(),
  email: z.string(),
  site: z.string(),
  /** The user's verified KYC level (0 when none). */
  level: z.number().int(),
  template: z.object({
    code: z.string(),
    /** The version the response is pinned to. */
    version: z.number().int(),
    kind: z.enum(QUESTIONNAIRE_KINDS),
    review: z.enum(QUESTIONNAIRE_REVIEWS),
    title: z.string(),
  }),
  status: z.enum(QUESTIONNAIRE_STATUSES),
  /** The reason of the last rejection or request for information ('' when none). */
  reason: z.string(),
  retryAfter: z.number().int().nullable(),
  /** The submission the status is about (the last one), or null before any. */
  submission: reviewQuestionnaireSubmission.nullable(),
  /** Every submission of this template by the user, newest first (without answers: see `submission`). */
  submissions: z.array(reviewQuestionnaireSubmission.omit({ answers: true })),
  evidence: z.array(reviewEvidence),
  history: z.array(questionnaireHistoryEntry),
  /** Template `edd` only: the case; null otherwise or when there is none. */
  edd: reviewEddCase.nullable(),
  /** Template satos-deposit only: the user's deposit verifications, newest first; [] otherwise. */
  satos: z.array(reviewSatosVerification),
  /** The user's compliance tasks (every template), as the user's task list shows them. */
  tasks: z.array(complianceTask),
  /** Issue 20: what the erasure job redacted of the person (kind, when, policy version). */
  redactions: z.array(redactionMarker).optional(),
  /** Issue 20: the person's account is closed or held, and the reason this view was opened with (D79). */
  closedAccess: closedAccess.nullable().optional(),
  /** Issue 17 (D123): who holds the case until when; null when nobody does. */
  assignee: caseAssignee.nullable(),
});
export type QuestionnaireReviewCase = z.infer<typeof questionnaireReviewCase>;

const reasonCode = z.string().trim().min(1).max(64);
const userMessage = z.string().trim().min(1).max(500);
const requestText = z.string().trim().min(1).max(1000);
const depositRef = z.string().regex(/^[A-Za-z0-9:_-]{6,128}$/, 'a deposit reference');

/**
 * POST /backoffice/api/questionnaires/:userId/:templateCode/decisions, through the questionnaire
 * status machine (an event its status does not allow: 51001):
 * - lock (PENDING → PENDING_NO_EDIT: the reviewer takes it, the user can no longer amend), release,
 *   approve and reject (from PENDING_NO_EDIT), request_info (the user answers again; an open task).
 * - Template `edd`: approve / reject / request_info also move the EDD case (pass / reject /
 *   request_info); a PEP's case is passed only by a senior reviewer or an admin (51001).
 * - Template satos-deposit: lock / release / approve / reject name the deposit (`depositRef`);
 *   request_info does not apply (51001).
 */
export const questionnaireDecisionRequest = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('lock'), depositRef: depositRef.optional() }),
  z.strictObject({ decision: z.literal('release'), depositRef: depositRef.optional() }),
  z.strictObject({ decision: z.literal('approve'), depositRef: depositRef.optional() }),
  z.strictObject({
    decision: z.literal('reject'),
    reasonCode,
    userMessage,
    depositRef: depositRef.optional(),
  }),
  z.strictObject({ decision: z.literal('request_info'), requestText }),
]);
export type QuestionnaireDecisionRequest = z.infer<typeof questionnaireDecisionRequest>;

/** POST /backoffice/api/users/:userId/rfi: a request for information (an rfiQuestion task for the user). */
export const rfiRequest = z.strictObject({
  templateCode: z.literal('rfi'),
  requestText,
});
export type RfiRequest = z.infer<typeof rfiRequest>;
export const rfiResult = z.object({ task: complianceTask });
export type RfiResult = z.infer<typeof rfiResult>;
