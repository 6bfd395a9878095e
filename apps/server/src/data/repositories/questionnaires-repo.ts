import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db.ts';
import { fromJson, jsonRows } from '../json-rows.ts';
import { appendStatusEvent } from './status-outbox-repo.ts';
import { uploadedFiles, type NewUploadedFile } from './uploaded-files.ts';
import type {
  ComplianceTaskRow,
  EddCaseRow,
  QuestionnaireResponseRow,
  QuestionnaireSubmissionRow,
  QuestionnaireTemplateRow,
  SatosVerificationRow,
  Tables,
} from '../schema/index.ts';

/** What the compliance tasks derive from, of a response: its template and status. */
export type ResponseStatusRow = Pick<QuestionnaireResponseRow, 'template_code' | 'status'>;
/** What the compliance tasks derive from, of a stored task. */
export type TaskSourceRow = Pick<
  ComplianceTaskRow,
  'id' | 'kind' | 'template_code' | 'status' | 'request_text' | 'created_at'
>;
/** What the compliance tasks derive from, of the EDD case. */
export type EddStateRow = Pick<EddCaseRow, 'status' | 'reason' | 'created_at'>;
/** What kyc-info's verification process names of a SATOS deposit verification. */
export type SatosStateRow = Pick<SatosVerificationRow, 'deposit_ref' | 'status' | 'created_at'>;

/** kyc-info's questionnaire rows of one person, read with the rest of kyc-info in one statement (D117). */
export interface KycInfoQuestionnaireRows {
  /** By template code, as `responsesOf`. */
  responses: ResponseStatusRow[];
  /** Newest first, as `tasksOf`. */
  tasks: TaskSourceRow[];
  edd: EddStateRow | undefined;
  /** Newest first, as `satosOf`. */
  satos: SatosStateRow[];
}

const RESPONSE_STATUS_COLUMNS = ['template_code', 'status'] as const;
const TASK_SOURCE_COLUMNS = ['id', 'kind', 'template_code', 'status', 'request_text', 'created_at'] as const;
const EDD_STATE_COLUMNS = ['status', 'reason', 'created_at'] as const;
const SATOS_STATE_COLUMNS = ['deposit_ref', 'status', 'created_at'] as const;

/**
 * kyc-info's questionnaire columns, correlated with the outer `users` row: one JSON value per table
 * (D115). kyc-info runs them with the person's and the other paths' in one statement (kyc-info-repo.ts).
 */
export function kycInfoQuestionnaireSelections(db: Db, eb: ExpressionBuilder<Tables, 'users'>) {
  const json = jsonRows(db);
  return [
    json
      .array(
        eb
          .selectFrom('questionnaire_responses')
          .select(RESPONSE_STATUS_COLUMNS)
          .whereRef('user_id', '=', 'users.id'),
        RESPONSE_STATUS_COLUMNS,
        [['template_code', 'asc']],
      )
      .as('q_responses'),
    json
      .array(
        eb.selectFrom('compliance_tasks').select(TASK_SOURCE_COLUMNS).whereRef('user_id', '=', 'users.id'),
        TASK_SOURCE_COLUMNS,
        [
          ['created_at', 'desc'],
          ['id', 'desc'],
        ],
      )
      .as('q_tasks'),
    json
      .object(
        eb.selectFrom('edd_cases').select(EDD_STATE_COLUMNS).whereRef('user_id', '=', 'users.id'),
        EDD_STATE_COLUMNS,
      )
      .as('q_edd'),
    json
      .array(
        eb.selectFrom('satos_verifications').select(SATOS_STATE_COLUMNS).whereRef('user_id', '=', 'users.id'),
        SATOS_STATE_COLUMNS,
        [['created_at', 'desc']],
      )
      .as('q_satos'),
  ] as const;
}

/** What `kycInfoQuestionnaireSelections` answers, as the driver gives it. */
export interface KycInfoQuestionnaireColumns {
  q_responses: unknown;
  q_tasks: unknown;
  q_edd: unknown;
  q_satos: unknown;
}

/** The rows of a row of `kycInfoQuestionnaireSelections`. */
export function kycInfoQuestionnaireRowsOf(row: KycInfoQuestionnaireColumns): KycInfoQuestionnaireRows {
  return {
    responses: fromJson<ResponseStatusRow[]>(row.q_responses),
    tasks: fromJson<TaskSourceRow[]>(row.q_tasks),
    edd: fromJson<EddStateRow | null>(row.q_edd) ?? undefined,
    satos: fromJson<SatosStateRow[]>(row.q_satos),
  };
}

export interface NewTemplateVersion {
  code: string;
  version: number;
  externalCode: string | null;
  kind: string;
  review: string;
  body: string;
  publishedAt: number;
}

export interface NewQuestionnaireSubmission {
  userId: number;
  templateCode: string;
  templateVersion: number;
  answersEnc: Buffer;
  score: number | null;
  maxScore: number | null;
  passed: boolean | null;
  band: string | null;
  status: string;
  language: string;
  ipAddress: string;
  userAgent: string;
  idempotencyKey: string;
  createdAt: number;
}

/** The columns a status change writes on a response (draft cleared unless given). */
export interface ResponseUpdate {
  status: string;
  templateVersion: number;
  draftEnc?: Buffer | null;
  pageIndex?: number;
  retryAfter?: number | null;
  rejectReason?: string;
  decidedBy?: number | null;
  decidedAt?: number | null;
  lastSubmissionId?: number | null;
  updatedAt: number;
}

export interface NewComplianceTask {
  userId: number;
  kind: 'questionnaire' | 'rfi';
  templateCode: string;
  requestText: string;
  createdBy: number | null;
  createdAt: number;
}

export type TemplateVersionInfo = Omit<QuestionnaireTemplateRow, 'body'>;

/**
 * Templates, responses, submissions, evidence, EDD cases, tasks and SATOS checks (migration 008). Work
 * that commits together runs in the repository set's transaction (repositories/index.ts).
 */
export function questionnairesRepo(db: Db) {
  const evidence = uploadedFiles(db, 'questionnaire_evidence');
  return {
    // Templates ------------------------------------------------------------------------------------

    /** Publishes a version unless it exists (a published version is never edited). True if inserted. */
    async insertTemplateIfAbsent(t: NewTemplateVersion): Promise<boolean> {
      const result = await db
        .insertInto('questionnaire_templates')
        .values({
          code: t.code,
          version: t.version,
          external_code: t.externalCode,
          kind: t.kind,
          review: t.review,
          body: t.body,
          published_at: t.publishedAt,
          retired_at: null,
        })
        .onConflict((oc) => oc.columns(['code', 'version']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Every published version without its body, by code then version. */
    async templateVersions(): Promise<TemplateVersionInfo[]> {
      return db
        .selectFrom('questionnaire_templates')
        .select(['code', 'version', 'external_code', 'kind', 'review', 'published_at', 'retired_at'])
        .orderBy('code')
        .orderBy('version')
        .execute();
    },

    async templateBody(code: string, version: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('questionnaire_templates')
        .select('body')
        .where('code', '=', code)
        .where('version', '=', version)
        .executeTakeFirst();
      return row?.body;
    },

    async retireTemplate(code: string, version: number, at: number): Promise<void> {
      await db
        .updateTable('questionnaire_templates')
        .set({ retired_at: at })
        .where('code', '=', code)
        .where('version', '=', version)
        .where('retired_at', 'is', null)
        .execute();
    },

    // Responses ------------------------------------------------------------------------------------

    async findResponse(userId: number, templateCode: string): Promise<QuestionnaireResponseRow | undefined> {
      return db
        .selectFrom('questionnaire_responses')
        .selectAll()
        .where('user_id', '=', userId)
        .where('template_code', '=', templateCode)
        .executeTakeFirst();
    },

    /** Every response approved on a version older than `version` (an agreement to renew). */
    async approvedBefore(templateCode: string, version: number): Promise<QuestionnaireResponseRow[]> {
      return db
        .selectFrom('questionnaire_responses')
        .selectAll()
        .where('template_code', '=', templateCode)
        .where('status', '=', 'APPROVED')
        .where('template_version', '<', version)
        .orderBy('user_id')
        .execute();
    },

    /**
     * kyc-info's questionnaire rows in one statement (issue 14, D115), where `responsesOf`, `tasksOf`,
     * `findEddCase` and `satosOf` took four round trips: only the columns the tasks and kyc-info's fields
     * derive from. `satos`: read the SATOS verifications too (only the verification process names them).
     */
    async responsesOf(userId: number): Promise<QuestionnaireResponseRow[]> {
      return db
        .selectFrom('questionnaire_responses')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('template_code')
        .execute();
    },

    /** The UNDEFINED row a first change starts from; a concurrent first insert wins, both re-read. */
    async ensureResponse(userId: number, templateCode: string, version: number, at: number): Promise<void> {
      await db
        .insertInto('questionnaire_responses')
        .values({
          user_id: userId,
          template_code: templateCode,
          status: 'UNDEFINED',
          template_version: version,
          draft_enc: null,
          retry_after: null,
          decided_by: null,
          decided_at: null,
          last_submission_id: null,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.columns(['user_id', 'template_code']).doNothing())
        .execute();
    },

    /**
     * Compare-and-set on (status, updated_at): a stale tab or a concurrent change updates nothing
     * (false), so newer answers or a reviewer's lock are never overwritten.
     */
    async casResponse(
      userId: number,
      templateCode: string,
      expected: { status: string; updatedAt: number },
      update: ResponseUpdate,
    ): Promise<boolean> {
      const result = await db
        .updateTable('questionnaire_responses')
        .set({
          status: update.status,
          template_version: update.templateVersion,
          updated_at: update.updatedAt,
          ...(update.draftEnc !== undefined ? { draft_enc: update.draftEnc } : {}),
          ...(update.pageIndex !== undefined ? { page_index: update.pageIndex } : {}),
          ...(update.retryAfter !== undefined ? { retry_after: update.retryAfter } : {}),
          ...(update.rejectReason !== undefined ? { reject_reason: update.rejectReason } : {}),
          ...(update.decidedBy !== undefined ? { decided_by: update.decidedBy } : {}),
          ...(update.decidedAt !== undefined ? { decided_at: update.decidedAt } : {}),
          ...(update.lastSubmissionId !== undefined ? { last_submission_id: update.lastSubmissionId } : {}),
        })
        .where('user_id', '=', userId)
        .where('template_code', '=', templateCode)
        .where('status', '=', expected.status)
        .where('updated_at', '=', expected.updatedAt)
        .executeTakeFirst();
      const changed = Number(result.numUpdatedRows) === 1;
      // The partners' outbox (D45), in the caller's transaction; a draft saved keeps its status.
      if (changed && update.status !== expected.status)
        await appendStatusEvent(
          db,
          { userId, kind: 'questionnaire', ref: templateCode, status: update.status },
          update.updatedAt,
        );
      return changed;
    },

    // Submissions ----------------------------------------------------------------------------------

    async insertSubmission(s: NewQuestionnaireSubmission): Promise<number> {
      const row = await db
        .insertInto('questionnaire_submissions')
        .values({
          user_id: s.userId,
          template_code: s.templateCode,
          template_version: s.templateVersion,
          answers_enc: s.answersEnc,
          score: s.score,
          max_score: s.maxScore,
          passed: s.passed === null ? null : s.passed ? 1 : 0,
          band: s.band,
          status: s.status,
          language: s.language,
          ip_address: s.ipAddress,
          user_agent: s.userAgent,
          idempotency_key: s.idempotencyKey,
          created_at: s.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async setSubmissionStatus(id: number, status: string): Promise<void> {
      await db.updateTable('questionnaire_submissions').set({ status }).where('id', '=', id).execute();
    },

    async findSubmissionByKey(
      userId: number,
      idempotencyKey: string,
    ): Promise<QuestionnaireSubmissionRow | undefined> {
      return db
        .selectFrom('questionnaire_submissions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
    },

    async findSubmission(userId: number, id: number): Promise<QuestionnaireSubmissionRow | undefined> {
      return db
        .selectFrom('questionnaire_submissions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** The person's latest APPROVED submission of a template (an accepted agreement's record). */
    async latestApproved(
      userId: number,
      templateCode: string,
    ): Promise<QuestionnaireSubmissionRow | undefined> {
      return db
        .selectFrom('questionnaire_submissions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('template_code', '=', templateCode)
        .where('status', '=', 'APPROVED')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    // Evidence -------------------------------------------------------------------------------------

    /** Records an uploaded evidence file (the one document store, uploaded-files.ts). */
    async insertEvidence(file: NewUploadedFile): Promise<void> {
      await evidence.insert(file);
    },

    /**
     * The caller's evidence among these ids (another user's ids are simply not found), with the template
     * of the submission each was first attached to (null while unattached).
     */
    async evidenceOf(userId: number, ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('questionnaire_evidence as e')
        .leftJoin('questionnaire_submissions as s', 's.id', 'e.submission_id')
        .select(['e.id', 'e.submission_id', 's.template_code'])
        .where('e.user_id', '=', userId)
        .where('e.id', 'in', [...ids])
        .execute();
    },

    /** Attaches the caller's unattached evidence to a submission; answers how many rows changed. */
    attachEvidence: evidence.attach,

    // EDD ------------------------------------------------------------------------------------------

    async findEddCase(userId: number): Promise<EddCaseRow | undefined> {
      return db.selectFrom('edd_cases').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    async ensureEddCase(userId: number, at: number): Promise<void> {
      await db
        .insertInto('edd_cases')
        .values({
          user_id: userId,
          status: 'Unknown',
          decided_by: null,
          decided_at: null,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    /** Compare-and-set on the EDD status; false when it changed meanwhile. */
    async casEddStatus(
      userId: number,
      from: string,
      to: string,
      fields: { reason?: string; triggerReason?: string; pep?: boolean; decidedBy?: number | null },
      at: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('edd_cases')
        .set({
          status: to,
          updated_at: at,
          ...(fields.reason !== undefined ? { reason: fields.reason } : {}),
          ...(fields.triggerReason !== undefined ? { trigger_reason: fields.triggerReason } : {}),
          ...(fields.pep !== undefined ? { pep: fields.pep ? 1 : 0 } : {}),
          ...(fields.decidedBy !== undefined ? { decided_by: fields.decidedBy, decided_at: at } : {}),
        })
        .where('user_id', '=', userId)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    // Compliance tasks -----------------------------------------------------------------------------

    async insertTask(t: NewComplianceTask): Promise<number> {
      const row = await db
        .insertInto('compliance_tasks')
        .values({
          user_id: t.userId,
          kind: t.kind,
          template_code: t.templateCode,
          status: 'open',
          request_text: t.requestText,
          created_by: t.createdBy,
          created_at: t.createdAt,
          closed_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async tasksOf(userId: number): Promise<ComplianceTaskRow[]> {
      return db
        .selectFrom('compliance_tasks')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Closes the user's open tasks on a template (the questionnaire was submitted). */
    async closeTasks(userId: number, templateCode: string, at: number): Promise<void> {
      await db
        .updateTable('compliance_tasks')
        .set({ status: 'done', closed_at: at })
        .where('user_id', '=', userId)
        .where('template_code', '=', templateCode)
        .where('status', '=', 'open')
        .execute();
    },

    // SATOS ----------------------------------------------------------------------------------------

    async findSatos(userId: number, depositRef: string): Promise<SatosVerificationRow | undefined> {
      return db
        .selectFrom('satos_verifications')
        .selectAll()
        .where('user_id', '=', userId)
        .where('deposit_ref', '=', depositRef)
        .executeTakeFirst();
    },

    async satosOf(userId: number): Promise<SatosVerificationRow[]> {
      return db
        .selectFrom('satos_verifications')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute();
    },

    async insertSatos(s: {
      userId: number;
      depositRef: string;
      coin: string;
      network: string;
      status: string;
      submissionId: number;
      at: number;
    }): Promise<void> {
      await db
        .insertInto('satos_verifications')
        .values({
          user_id: s.userId,
          deposit_ref: s.depositRef,
          coin: s.coin,
          network: s.network,
          status: s.status,
          submission_id: s.submissionId,
          created_at: s.at,
          updated_at: s.at,
        })
        .execute();
    },

    /** A resubmission after a rejection: compare-and-set on the status. */
    async casSatos(
      userId: number,
      depositRef: string,
      from: string,
      to: { status: string; submissionId: number; coin: string; network: string },
      at: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('satos_verifications')
        .set({
          status: to.status,
          submission_id: to.submissionId,
          coin: to.coin,
          network: to.network,
          reject_reason: '',
          updated_at: at,
        })
        .where('user_id', '=', userId)
        .where('deposit_ref', '=', depositRef)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type QuestionnairesRepo = ReturnType<typeof questionnairesRepo>;
