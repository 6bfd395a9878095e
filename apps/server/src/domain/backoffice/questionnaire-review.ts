/**
 * Back-office questionnaire review (docs/backoffice.md "Questionnaire review", docs/questionnaires.md
 * "Back office"): the queue of staff-reviewed questionnaires, declarations, EDD cases and SATOS deposit
 * verifications; one user's response to one template with the answers decrypted; evidence; decisions
 * through the questionnaire and EDD status machines; requests for information. Every decision changes
 * the state and writes its audit entry in ONE transaction; every view is audited.
 */
import {
  EDD_STATUSES,
  QUESTIONNAIRE_KINDS,
  QUESTIONNAIRE_STATUSES,
  SATOS_TEMPLATE_CODE,
  type EddStatus,
  type QuestionnaireAnswers,
  type QuestionnaireDecisionRequest,
  type QuestionnaireHistoryEntry,
  type QuestionnaireKind,
  type QuestionnaireQueueQuery,
  type QuestionnaireQueueResult,
  type QuestionnaireReviewCase,
  type QuestionnaireStatus,
  type QuestionnaireTemplate,
  type ReviewAnswer,
  type ReviewQuestionnaireSubmission,
  type RfiRequest,
  type RfiResult,
  type StaffMe,
} from '@kyc/contracts';
import type { Db } from '../../data/db.ts';
import { auditRepo } from '../../data/repositories/audit-repo.ts';
import { noticesRepo } from '../../data/repositories/notices-repo.ts';
import { questionnaireReviewRepo } from '../../data/repositories/questionnaire-review-repo.ts';
import { questionnairesRepo } from '../../data/repositories/questionnaires-repo.ts';
import { usersRepo } from '../../data/repositories/users-repo.ts';
import type { QuestionnaireSubmissionRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { decryptBlob, type MasterKeyring } from '../../lib/crypto/envelope.ts';
import type { BlobStore } from '../../lib/uploads/blob-store.ts';
import { userDataKey, type DataKeyStore } from '../kyc/data-keys.ts';
import {
  EDD_TEMPLATE_CODE,
  RFI_TEMPLATE_CODE,
  type QuestionnaireUseCases,
} from '../questionnaires/questionnaire-service.ts';
import {
  nextEddStatus,
  nextQuestionnaireStatus,
  type EddEvent,
  type QuestionnaireEvent,
  type ReviewActor,
} from '../questionnaires/status-machine.ts';
import { visibleQuestions } from '../questionnaires/engine.ts';
import { templateLoader } from '../questionnaires/template-loader.ts';
import { requirePermission } from './review.ts';
import { staffLabel } from './staff-label.ts';

export interface QuestionnaireReviewDeps {
  db: Db;
  /** The compliance tasks as the user sees them. */
  questionnaires: QuestionnaireUseCases;
  /** Where wrapped data keys live (the submissions repository). */
  keys: DataKeyStore;
  blobs: BlobStore;
  keyring: MasterKeyring;
}

/** A decrypted evidence document ready to stream: the stored MIME type, and the bytes. */
export interface EvidenceContent {
  id: string;
  mime: string;
  bytes: Buffer;
}

const HOUR_MS = 3_600_000;
/** The audit actions that are decisions (the case's history), as opposed to views. */
const DECISION_ACTION = 'questionnaire.decision';
const RFI_ACTION = 'questionnaire.rfi';

const asStatus = (v: string | null | undefined): QuestionnaireStatus =>
  (QUESTIONNAIRE_STATUSES as readonly string[]).includes(v ?? '') ? (v as QuestionnaireStatus) : 'UNDEFINED';
const asEdd = (v: string | null | undefined): EddStatus =>
  (EDD_STATUSES as readonly string[]).includes(v ?? '') ? (v as EddStatus) : 'Unknown';
const asKind = (v: string): QuestionnaireKind =>
  (QUESTIONNAIRE_KINDS as readonly string[]).includes(v) ? (v as QuestionnaireKind) : 'questionnaire';

/** The state machines' actor for a staff role: seniors and admins act as senior reviewers. */
function actorOf(staff: StaffMe): ReviewActor {
  return staff.role === 'reviewer' ? 'reviewer' : 'senior_reviewer';
}

/** What the history, the audit log and the decision share: the case of one user's template. */
const caseRefOf = (userId: number, code: string) => `user:${userId}/questionnaire:${code}`;

/** One answer for an unknown evidence id and another user's (or another template's). */
const noSuchEvidence = () => new AppError('PARAMS_ERROR', 'evidenceId: no such evidence', 404);
const changedMeanwhile = (what: string) =>
  new AppError('QUESTIONNAIRE_ILLEGAL_TRANSITION', `${what} changed meanwhile`);

export function questionnaireReviewUseCases(deps: QuestionnaireReviewDeps) {
  const { db, keys, blobs, keyring } = deps;
  const repo = questionnairesRepo(db);
  const load = templateLoader(repo);
  const reads = questionnaireReviewRepo(db);
  const audit = auditRepo(db);
  const users = usersRepo(db);

  async function versionsOf(code: string) {
    const versions = (await repo.templateVersions()).filter((t) => t.code === code);
    if (versions.length === 0)
      throw new AppError('QUESTIONNAIRE_TEMPLATE_NOT_FOUND', `no questionnaire ${code}`);
    return versions;
  }

  async function userOf(userId: number) {
    const user = await users.findById(userId);
    if (!user) throw new AppError('PARAMS_ERROR', 'userId: no such user', 404);
    return user;
  }

  /** A submission's answers, opened under the user's data key (bound to the submission's key). */
  async function answersOf(userId: number, row: QuestionnaireSubmissionRow): Promise<QuestionnaireAnswers> {
    const key = await userDataKey(keys, keyring, userId, Date.now());
    try {
      const plain = decryptBlob(key, Buffer.from(row.answers_enc), {
        userId,
        objectId: `questionnaire-answers:${row.idempotency_key}`,
      });
      return JSON.parse(plain.toString('utf8')) as QuestionnaireAnswers;
    } finally {
      key.fill(0);
    }
  }

  /** The answers in template order, visible questions only, with the label keys of question and options. */
  function reviewAnswers(template: QuestionnaireTemplate, answers: QuestionnaireAnswers): ReviewAnswer[] {
    const visible = new Set(visibleQuestions(template, answers).map((q) => q.id));
    const out: ReviewAnswer[] = [];
    for (const section of template.sections)
      for (const page of section.pages)
        for (const q of page.questions) {
          if (!visible.has(q.id)) continue;
          const value = answers[q.id] ?? null;
          let optionLabels: string[] = [];
          if (q.type === 'single_choice' || q.type === 'multiple_choice') {
            const chosen = Array.isArray(value) ? value.map(String) : value === null ? [] : [String(value)];
            optionLabels = q.options.filter((o) => chosen.includes(o.value)).map((o) => o.label);
          }
          out.push({
            questionId: q.id,
            type: q.type,
            label: q.label,
            section: section.title,
            page: page.title ?? null,
            value,
            optionLabels,
          });
        }
    return out;
  }

  function submissionHead(row: QuestionnaireSubmissionRow): Omit<ReviewQuestionnaireSubmission, 'answers'> {
    const scored = row.score !== null && row.max_score !== null;
    return {
      id: Number(row.id),
      templateVersion: Number(row.template_version),
      status: asStatus(row.status),
      score: scored
        ? {
            score: Number(row.score),
            max: Number(row.max_score),
            passed: row.passed === null ? null : Number(row.passed) === 1,
            band: row.band,
          }
        : null,
      submittedAt: Number(row.created_at),
      language: row.language,
      ipAddress: row.ip_address,
      userAgent: row.user_agent,
    };
  }

  async function fullSubmission(
    userId: number,
    row: QuestionnaireSubmissionRow,
  ): Promise<ReviewQuestionnaireSubmission> {
    const template = await load(row.template_code, Number(row.template_version));
    return { ...submissionHead(row), answers: reviewAnswers(template, await answersOf(userId, row)) };
  }

  /** The case as staff see it (no audit: view() and the decisions audit). */
  async function build(userId: number, code: string): Promise<QuestionnaireReviewCase> {
    const user = await userOf(userId);
    const versions = await versionsOf(code);
    const current = Math.max(...versions.filter((t) => t.retired_at === null).map((t) => t.version));
    const response = await repo.findResponse(userId, code);
    const template = await load(code, response?.template_version ?? current);
    const submissions = await reads.submissionsOf(userId, code);
    const last = response?.last_submission_id
      ? submissions.find((s) => Number(s.id) === Number(response.last_submission_id))
      : undefined;
    const evidence = await reads.evidenceOf(userId, code);
    const decisions = await reads.decisionsOf(userId, caseRefOf(userId, code), [DECISION_ACTION, RFI_ACTION]);
    const history: QuestionnaireHistoryEntry[] = [
      ...submissions.map((s) => ({
        at: Number(s.created_at),
        event: 'submit',
        actor: 'user' as const,
        staffId: null,
        staffName: null,
        text: '',
      })),
      ...decisions.map((d) => {
        const details = JSON.parse(d.details) as Record<string, unknown>;
        const text = [details.userMessage, details.requestText].find((t) => typeof t === 'string');
        return {
          at: Number(d.at),
          event: d.action === RFI_ACTION ? 'rfi' : String(details.decision ?? 'decision'),
          actor: 'staff' as const,
          staffId: Number(d.staff_id),
          staffName: staffLabel(d.staff_display_name, d.staff_email),
          text: typeof text === 'string' ? text : '',
        };
      }),
    ].sort((a, b) => a.at - b.at);
    // A system decision of an auto-reviewed template (a test's score) follows its submission.
    if (template.review === 'auto')
      for (const s of submissions)
        if (s.status === 'APPROVED' || s.status === 'REJECTED')
          history.push({
            at: Number(s.created_at),
            event: s.status === 'APPROVED' ? 'approve' : 'reject',
            actor: 'system',
            staffId: null,
            staffName: null,
            text: '',
          });
    history.sort((a, b) => a.at - b.at || (a.actor === 'user' ? -1 : 1));

    const edd = code === EDD_TEMPLATE_CODE ? await repo.findEddCase(userId) : undefined;
    const satos =
      code === SATOS_TEMPLATE_CODE
        ? await Promise.all(
            (await repo.satosOf(userId)).map(async (v) => {
              const row = await repo.findSubmission(userId, Number(v.submission_id));
              if (!row) throw new Error(`submission ${v.submission_id} of a SATOS verification is missing`);
              return {
                depositRef: v.deposit_ref,
                coin: v.coin,
                network: v.network,
                status: asStatus(v.status),
                reason: v.reject_reason,
                createdAt: Number(v.created_at),
                updatedAt: Number(v.updated_at),
                submission: await fullSubmission(userId, row),
              };
            }),
          )
        : [];
    return {
      userId,
      email: user.email,
      site: user.site,
      level: await reads.levelOf(userId),
      template: {
        code,
        version: template.version,
        kind: template.kind,
        review: template.review,
        title: template.title,
      },
      status: asStatus(response?.status),
      reason: response?.reject_reason ?? '',
      retryAfter:
        response?.retry_after === null || response === undefined ? null : Number(response.retry_after),
      submission: last ? await fullSubmission(userId, last) : null,
      submissions: submissions.map(submissionHead),
      evidence: evidence.map((e) => ({
        id: e.id,
        mime: e.mime,
        size: Number(e.size),
        sha256: e.sha256,
        createdAt: Number(e.created_at),
        submissionId: e.submission_id === null ? null : Number(e.submission_id),
      })),
      history,
      edd: edd
        ? {
            status: asEdd(edd.status),
            triggerReason: edd.trigger_reason,
            pep: Number(edd.pep) === 1,
            reason: edd.reason,
            decidedBy: edd.decided_by === null ? null : Number(edd.decided_by),
            decidedAt: edd.decided_at === null ? null : Number(edd.decided_at),
            updatedAt: Number(edd.updated_at),
          }
        : null,
      satos,
      tasks: await deps.questionnaires.tasks(userId),
    };
  }

  /** The EDD event a questionnaire decision on the `edd` template carries, if any. */
  const EDD_EVENT: Partial<Record<QuestionnaireDecisionRequest['decision'], EddEvent>> = {
    approve: 'pass',
    reject: 'reject',
    request_info: 'request_info',
  };

  /** The user-visible text of a decision ('' for lock, release, approve). */
  function textOf(request: QuestionnaireDecisionRequest): string {
    if (request.decision === 'reject') return request.userMessage;
    if (request.decision === 'request_info') return request.requestText;
    return '';
  }

  /** A SATOS deposit's decision (lock, release, approve, reject) through the questionnaire machine. */
  async function decideSatos(
    staff: StaffMe,
    userId: number,
    request: QuestionnaireDecisionRequest,
    at: number,
  ): Promise<void> {
    if (request.decision === 'request_info')
      throw new AppError(
        'QUESTIONNAIRE_ILLEGAL_TRANSITION',
        'a deposit verification is approved or rejected, not reopened',
      );
    const depositRef = request.depositRef;
    if (!depositRef) throw new AppError('PARAMS_ERROR', 'depositRef: required for satos-deposit', 400);
    const row = await repo.findSatos(userId, depositRef);
    if (!row) throw new AppError('PARAMS_ERROR', 'depositRef: no such deposit verification', 404);
    const from = asStatus(row.status);
    const reason = textOf(request);
    const to = nextQuestionnaireStatus(from, request.decision, {
      actor: actorOf(staff),
      review: 'staff',
      reason,
    });
    await db.transaction().execute(async (trx) => {
      const rejectReason = to === 'REJECTED' ? reason : to === 'APPROVED' ? '' : row.reject_reason;
      if (
        !(await questionnaireReviewRepo(trx).casSatosDecision(
          userId,
          depositRef,
          from,
          { status: to, rejectReason },
          at,
        ))
      )
        throw changedMeanwhile(`deposit ${depositRef}`);
      await auditRepo(trx).insert(
        {
          staffId: staff.id,
          action: DECISION_ACTION,
          subjectUserId: userId,
          caseRef: caseRefOf(userId, SATOS_TEMPLATE_CODE),
          details: {
            decision: `satos_${request.decision}`,
            templateCode: SATOS_TEMPLATE_CODE,
            depositRef,
            from,
            to,
            ...(request.decision === 'reject'
              ? { reasonCode: request.reasonCode, userMessage: request.userMessage }
              : {}),
          },
        },
        at,
      );
      if (to === 'APPROVED' || to === 'REJECTED')
        await noticesRepo(trx).insert(
          {
            userId,
            kind: 'questionnaire',
            ref: SATOS_TEMPLATE_CODE,
            outcome: to === 'APPROVED' ? 'approved' : 'rejected',
          },
          at,
        );
    });
  }

  return {
    /** The queue: PENDING and PENDING_NO_EDIT by default, oldest first ('view_cases'). */
    async queue(
      staff: StaffMe,
      q: QuestionnaireQueueQuery,
      now = Date.now(),
    ): Promise<QuestionnaireQueueResult> {
      requirePermission(staff, 'view_cases');
      const { rows, total } = await reads.queue({
        templateCode: q.templateCode,
        statuses: q.status ? [q.status] : ['PENDING', 'PENDING_NO_EDIT'],
        kind: q.kind,
        site: q.site,
        olderThan: q.minAgeHours !== undefined ? now - q.minAgeHours * HOUR_MS : undefined,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const titles = new Map<string, string>();
      for (const r of rows) {
        const id = `${r.template_code}.v${r.template_version}`;
        if (!titles.has(id)) titles.set(id, (await load(r.template_code, r.template_version)).title);
      }
      return {
        items: rows.map((r) => ({
          type: r.type === 'edd' ? 'edd' : r.type === 'satos' ? 'satos' : 'questionnaire',
          userId: r.user_id,
          email: r.email,
          site: r.site,
          templateCode: r.template_code,
          templateVersion: r.template_version,
          kind: asKind(r.kind),
          title: titles.get(`${r.template_code}.v${r.template_version}`) ?? '',
          status: asStatus(r.status),
          eddStatus: r.type === 'edd' ? asEdd(r.edd_status) : null,
          depositRef: r.deposit_ref,
          pendingSince: r.pending_since,
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /** One user's response to one template, answers decrypted; audited as 'questionnaire.view'. */
    async view(
      staff: StaffMe,
      userId: number,
      code: string,
      now = Date.now(),
    ): Promise<QuestionnaireReviewCase> {
      requirePermission(staff, 'view_cases');
      const result = await build(userId, code);
      await audit.insert(
        {
          staffId: staff.id,
          action: 'questionnaire.view',
          subjectUserId: userId,
          caseRef: caseRefOf(userId, code),
          details: { templateCode: code, submissionId: result.submission?.id ?? null },
        },
        now,
      );
      return result;
    },

    /**
     * One evidence document of this user's submissions of this template, decrypted (bound to the user
     * and the document id); audited as 'questionnaire.evidence.view' before the bytes leave. An unknown
     * id, another user's or another template's, is the same 404.
     */
    async evidence(
      staff: StaffMe,
      userId: number,
      code: string,
      evidenceId: string,
      now = Date.now(),
    ): Promise<EvidenceContent> {
      requirePermission(staff, 'view_cases');
      const row = (await reads.evidenceOf(userId, code)).find((e) => e.id === evidenceId);
      if (!row) throw noSuchEvidence();
      const blob = await blobs.get(row.blob_id);
      if (!blob) throw new Error(`blob of evidence ${row.id} is missing`);
      const key = await userDataKey(keys, keyring, userId, now);
      let bytes: Buffer;
      try {
        bytes = decryptBlob(key, blob, { userId, objectId: row.id });
      } finally {
        key.fill(0);
      }
      await audit.insert(
        {
          staffId: staff.id,
          action: 'questionnaire.evidence.view',
          subjectUserId: userId,
          caseRef: caseRefOf(userId, code),
          details: { templateCode: code, evidenceId: row.id, submissionId: Number(row.submission_id) },
        },
        now,
      );
      return { id: row.id, mime: row.mime, bytes };
    },

    /**
     * A decision ('decide'): the questionnaire machine (and for `edd` the EDD machine, for satos-deposit
     * the deposit's verification), the response by compare-and-set, a task for request_info, and the
     * audit entry, in one transaction. An event the status does not allow is 51001 and changes nothing.
     */
    async decide(
      staff: StaffMe,
      userId: number,
      code: string,
      request: QuestionnaireDecisionRequest,
      now = Date.now(),
    ): Promise<QuestionnaireReviewCase> {
      requirePermission(staff, 'decide');
      await userOf(userId);
      const versions = await versionsOf(code);
      if (code === SATOS_TEMPLATE_CODE) {
        await decideSatos(staff, userId, request, now);
        return build(userId, code);
      }
      if ('depositRef' in request && request.depositRef !== undefined)
        throw new AppError('PARAMS_ERROR', 'depositRef: only for satos-deposit', 400);
      const actor = actorOf(staff);
      const response = await repo.findResponse(userId, code);
      const from = asStatus(response?.status);
      const review = (await load(code, response?.template_version ?? versions[0]?.version ?? 1)).review;
      const text = textOf(request);
      const event: QuestionnaireEvent = request.decision;
      const to = nextQuestionnaireStatus(from, event, { actor, review, reason: text });
      // The EDD case moves with its questionnaire (pass needs a senior reviewer for a PEP).
      const eddEvent = code === EDD_TEMPLATE_CODE ? EDD_EVENT[request.decision] : undefined;
      const eddCase = eddEvent ? await repo.findEddCase(userId) : undefined;
      const eddFrom = asEdd(eddCase?.status);
      const eddTo = eddEvent
        ? nextEddStatus(eddFrom, eddEvent, { actor, reason: text, pep: Number(eddCase?.pep ?? 0) === 1 })
        : undefined;
      if (!response) throw new Error('a transition from UNDEFINED reached the decision');

      await db.transaction().execute(async (trx) => {
        const tx = questionnairesRepo(trx);
        const decided = to === 'APPROVED' || to === 'REJECTED';
        const changed = await tx.casResponse(
          userId,
          code,
          { status: from, updatedAt: response.updated_at },
          {
            status: to,
            templateVersion: response.template_version,
            updatedAt: Math.max(now, Number(response.updated_at) + 1),
            ...(to === 'REJECTED' || to === 'UNSUBMIT' ? { rejectReason: text } : {}),
            ...(to === 'APPROVED' ? { rejectReason: '' } : {}),
            ...(to === 'UNSUBMIT' ? { retryAfter: null } : {}),
            ...(decided ? { decidedBy: staff.id, decidedAt: now } : {}),
          },
        );
        if (!changed) throw changedMeanwhile(code);
        if (eddEvent && eddTo) {
          const ok = await tx.casEddStatus(
            userId,
            eddFrom,
            eddTo,
            { reason: eddTo === 'Pass' ? '' : text, decidedBy: staff.id },
            now,
          );
          if (!ok) throw changedMeanwhile('EDD case');
        }
        // A request for more is a task the user sees (the EDD case's own task shows for `edd`).
        let taskId: number | null = null;
        if (request.decision === 'request_info' && code !== EDD_TEMPLATE_CODE)
          taskId = await tx.insertTask({
            userId,
            kind: code === RFI_TEMPLATE_CODE ? 'rfi' : 'questionnaire',
            templateCode: code,
            requestText: text,
            createdBy: staff.id,
            createdAt: now,
          });
        await auditRepo(trx).insert(
          {
            staffId: staff.id,
            action: DECISION_ACTION,
            subjectUserId: userId,
            caseRef: caseRefOf(userId, code),
            details: {
              decision: eddEvent && eddTo ? `edd_${eddEvent}` : request.decision,
              templateCode: code,
              submissionId: response.last_submission_id === null ? null : Number(response.last_submission_id),
              from,
              to,
              ...(eddTo ? { eddFrom, eddTo } : {}),
              ...(request.decision === 'reject'
                ? { reasonCode: request.reasonCode, userMessage: request.userMessage }
                : {}),
              ...(request.decision === 'request_info' ? { requestText: request.requestText, taskId } : {}),
            },
          },
          now,
        );
        // The person's unread marker of the outcome (lock and release decide nothing for them).
        const outcome = to === 'APPROVED' ? 'approved' : to === 'REJECTED' ? 'rejected' : undefined;
        const noticed = request.decision === 'request_info' ? 'info_requested' : outcome;
        if (noticed)
          await noticesRepo(trx).insert({ userId, kind: 'questionnaire', ref: code, outcome: noticed }, now);
      });
      return build(userId, code);
    },

    /**
     * A request for information ('decide'): the `rfi` questionnaire required of the user (require from
     * UNDEFINED, request_info after a review; unchanged while the user is still answering), and an open
     * rfi task with the request text, audited, in one transaction. Answers the task as the user sees it.
     */
    async requestInformation(
      staff: StaffMe,
      userId: number,
      request: RfiRequest,
      now = Date.now(),
    ): Promise<RfiResult> {
      requirePermission(staff, 'decide');
      await userOf(userId);
      const code = request.templateCode === 'rfi' ? RFI_TEMPLATE_CODE : request.templateCode;
      const versions = await versionsOf(code);
      const current = Math.max(...versions.filter((t) => t.retired_at === null).map((t) => t.version));
      const response = await repo.findResponse(userId, code);
      const from = asStatus(response?.status);
      const event: QuestionnaireEvent | null =
        from === 'UNDEFINED'
          ? 'require'
          : from === 'PENDING_NO_EDIT' || from === 'APPROVED' || from === 'REJECTED'
            ? 'request_info'
            : null;
      const to = event
        ? nextQuestionnaireStatus(from, event, { actor: actorOf(staff), reason: request.requestText })
        : from;
      const taskId = await db.transaction().execute(async (trx) => {
        const tx = questionnairesRepo(trx);
        if (event) {
          await tx.ensureResponse(userId, code, current, now);
          const row = await tx.findResponse(userId, code);
          if (!row || asStatus(row.status) !== from) throw changedMeanwhile(code);
          const changed = await tx.casResponse(
            userId,
            code,
            { status: from, updatedAt: row.updated_at },
            {
              status: to,
              templateVersion: row.template_version,
              rejectReason: request.requestText,
              retryAfter: null,
              updatedAt: Math.max(now, Number(row.updated_at) + 1),
            },
          );
          if (!changed) throw changedMeanwhile(code);
        }
        const id = await tx.insertTask({
          userId,
          kind: 'rfi',
          templateCode: code,
          requestText: request.requestText,
          createdBy: staff.id,
          createdAt: now,
        });
        await auditRepo(trx).insert(
          {
            staffId: staff.id,
            action: RFI_ACTION,
            subjectUserId: userId,
            caseRef: caseRefOf(userId, code),
            details: { templateCode: code, taskId: id, from, to, requestText: request.requestText },
          },
          now,
        );
        await noticesRepo(trx).insert(
          { userId, kind: 'questionnaire', ref: code, outcome: 'info_requested' },
          now,
        );
        return id;
      });
      const task = (await deps.questionnaires.tasks(userId)).find((t) => t.id === String(taskId));
      if (!task) throw new Error(`task ${taskId} not listed`);
      return { task };
    },
  };
}
export type QuestionnaireReviewUseCases = ReturnType<typeof questionnaireReviewUseCases>;
