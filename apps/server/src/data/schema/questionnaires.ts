/**
 * Migration 008, questionnaires (docs/questionnaires.md "Tables"): templates, responses, submissions, evidence, EDD cases, compliance tasks and SATOS
 * verifications (docs/questionnaires.md).
 */
import type { Generated, Selectable } from 'kysely';

/** A published template version; `body` is the template JSON (contract questionnaireTemplate). */
export interface QuestionnaireTemplatesTable {
  code: string;
  version: number;
  external_code: string | null;
  kind: string;
  review: string;
  body: string;
  published_at: number;
  /** Withdrawn: drafts on it restart on the current version (pinnedVersion). */
  retired_at: number | null;
}

/** One per user and template: status (spec §4), pinned version, the draft sealed under the data key. */
export interface QuestionnaireResponsesTable {
  id: Generated<number>;
  user_id: number;
  template_code: string;
  status: string;
  template_version: number;
  draft_enc: Buffer | null;
  page_index: Generated<number>;
  retry_after: number | null;
  reject_reason: Generated<string>;
  decided_by: number | null;
  decided_at: number | null;
  last_submission_id: number | null;
  created_at: number;
  updated_at: number;
}

/** An immutable submission: normalized answers sealed under the user's data key, score, who and where. */
export interface QuestionnaireSubmissionsTable {
  id: Generated<number>;
  user_id: number;
  template_code: string;
  template_version: number;
  answers_enc: Buffer;
  score: number | null;
  max_score: number | null;
  passed: number | null;
  band: string | null;
  status: string;
  language: Generated<string>;
  ip_address: Generated<string>;
  user_agent: Generated<string>;
  idempotency_key: string;
  created_at: number;
}

/** An evidence upload (encrypted blob, like kyc_documents); attached to one submission at most. */
export interface QuestionnaireEvidenceTable {
  id: string;
  user_id: number;
  submission_id: number | null;
  mime: string;
  sha256: string;
  blob_id: string;
  size: number;
  created_at: number;
}

/** The enhanced due diligence case of a user (spec §4 EDD status). */
export interface EddCasesTable {
  user_id: number;
  status: string;
  trigger_reason: Generated<string>;
  pep: Generated<number>;
  reason: Generated<string>;
  decided_by: number | null;
  decided_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A questionnaire staff or the system require, or a request for information (rfi). */
export interface ComplianceTasksTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  template_code: string;
  status: string;
  request_text: Generated<string>;
  created_by: number | null;
  created_at: number;
  closed_at: number | null;
}

/** A SATOS deposit verification: the satos-deposit questionnaire answered for one deposit. */
export interface SatosVerificationsTable {
  id: Generated<number>;
  user_id: number;
  deposit_ref: string;
  coin: string;
  network: string;
  status: string;
  submission_id: number;
  reject_reason: Generated<string>;
  created_at: number;
  updated_at: number;
}

/**
 * Migration 025 (issue 17): the questionnaire review queue, one row per staff-reviewed response and SATOS
 * verification, written by triggers in the transaction of each change; read only by the queue.
 */
export interface QuestionnaireQueueTable {
  item_key: number;
  response_id: number | null;
  satos_id: number | null;
  type: string;
  user_id: number;
  site: string;
  template_code: string;
  template_version: number;
  kind: string;
  status: string;
  /** 1 while PENDING or PENDING_NO_EDIT. */
  waiting: number;
  deposit_ref: string | null;
  pending_since: number;
}

export interface QuestionnairesTables {
  questionnaire_queue: QuestionnaireQueueTable;
  questionnaire_templates: QuestionnaireTemplatesTable;
  questionnaire_responses: QuestionnaireResponsesTable;
  questionnaire_submissions: QuestionnaireSubmissionsTable;
  questionnaire_evidence: QuestionnaireEvidenceTable;
  edd_cases: EddCasesTable;
  compliance_tasks: ComplianceTasksTable;
  satos_verifications: SatosVerificationsTable;
}

export type QuestionnaireResponseRow = Selectable<QuestionnaireResponsesTable>;
export type QuestionnaireSubmissionRow = Selectable<QuestionnaireSubmissionsTable>;
export type QuestionnaireTemplateRow = Selectable<QuestionnaireTemplatesTable>;
export type ComplianceTaskRow = Selectable<ComplianceTasksTable>;
export type EddCaseRow = Selectable<EddCasesTable>;
export type SatosVerificationRow = Selectable<SatosVerificationsTable>;
