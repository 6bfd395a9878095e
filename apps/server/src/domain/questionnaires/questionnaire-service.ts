/**
 * Questionnaires, tests, agreements, EDD, compliance tasks and SATOS deposit checks: the use-cases of the
 * issue-5 endpoints (docs/questionnaires.md "Endpoints"). Every call is scoped to the caller's own user
 * id; answers are judged by the engine against the pinned template version, stored sealed under the
 * user's data key, and nothing is acknowledged before it is committed.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  QUESTIONNAIRE_STATUSES,
  SATOS_TEMPLATE_CODE,
  isRegulatedSite,
  questionnaireTemplate,
  type AmlResult,
  type ComplianceTask,
  type CreateQuestionnaireRequest,
  type CreateQuestionnaireResult,
  type CreateSatosQuestionnaireRequest,
  type EddInfo,
  type EddStatus,
  type QuestionnaireAnswers,
  type QuestionnaireEvidenceResult,
  type QuestionnaireStatus,
  type QuestionnaireSubmissionResult,
  type QuestionnaireTemplate,
  type QuestionnaireTemplateDetail,
  type QuestionnaireTokenResult,
  type SatosQuestionnaireResult,
  type SubmitQuestionnaireRequest,
  TASK_DUE_DAYS,
} from '@kyc/contracts';
import type { KycRepo } from '../../data/repositories/kyc-repo.ts';
import type {
  QuestionnaireQueries,
  QuestionnairesRepo,
  TemplateVersionInfo,
} from '../../data/repositories/questionnaires-repo.ts';
import type { UsersRepo } from '../../data/repositories/users-repo.ts';
import type {
  ComplianceTaskRow,
  EddCaseRow,
  QuestionnaireResponseRow,
  QuestionnaireSubmissionRow,
} from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { decryptBlob, encryptBlob, type MasterKeyring } from '../../lib/crypto/envelope.ts';
import { hmac, safeEqual } from '../../lib/tokens.ts';
import type { BlobStore } from '../../lib/uploads/blob-store.ts';
import { inspectUpload } from '../../lib/uploads/inspect-upload.ts';
import { userDataKey, type DataKeyStore } from '../kyc/data-keys.ts';
import { idempotent } from '../kyc/idempotency.ts';
import {
  acceptAnswers,
  allQuestions,
  checkTemplateVersion,
  pinnedVersion,
  progress,
  score,
  wrongAnswers,
} from './engine.ts';
import {
  nextEddStatus,
  nextQuestionnaireStatus,
  questionnaireEditable,
  retryAfterOf,
  type ReviewActor,
} from './status-machine.ts';
import { templateLoader } from './template-loader.ts';

/** A questionnaire token lives an hour: long enough for the longest form, short enough to expire. */
export const QUESTIONNAIRE_TOKEN_TTL_MS = 60 * 60_000;
/** The AML questionnaire (spec §9: template code 200 in scene lookups). */
export const AML_TEMPLATE_CODE = 'aml-200';
export const EDD_TEMPLATE_CODE = 'edd';
export const RFI_TEMPLATE_CODE = 'rfi';

/**
 * Sites whose licence lets them offer peer-to-peer trading (and so the P2P trading rights agreement):
 * not Hong Kong (SFC-licensed platforms may not run P2P) nor the EU (MiCA CASP licence without P2P).
 */
export const P2P_SITES = ['GLOBAL', 'TUR', 'ARE', 'KAZ', 'GEO', 'IDN'] as const;

/** kyc-info's questionnaire fields (docs/questionnaires.md "kyc-info fields"). */
export interface KycQuestionnaireFields {
  questionnaireStatus: QuestionnaireStatus;
  mustQuestionnaire: boolean;
  amlQuestionnaire: { needQuestionnaire: boolean; templateCode: string };
  /** Submissions waiting for a reviewer: `QUESTIONNAIRE:<code>`, `SATOS:<depositRef>`. */
  inReview: string[];
  newSatosGray: boolean;
  isDisplayQuestionnaire: boolean;
  isDisplayNewSatos: boolean;
  isDisplayNewRcOnboarding: boolean;
  isDisplayP2pRights: boolean;
}

const DAY_MS = 86_400_000;

/** Statuses in which a required questionnaire is still a task to do. */
const TO_DO: ReadonlySet<QuestionnaireStatus> = new Set(['UNDEFINED', 'UNSUBMIT', 'REJECTED']);

export interface QuestionnaireDeps {
  repo: QuestionnairesRepo;
  /** Where wrapped data keys live (the submissions repository). */
  keys: DataKeyStore;
  kyc: KycRepo;
  users: UsersRepo;
  blobs: BlobStore;
  keyring: MasterKeyring;
  /** Signs questionnaire tokens (the session secret). */
  tokenSecret: string;
  now?: () => number;
}

/** Who is submitting, for the record (agreements keep time, address and language). */
export interface SubmitMeta {
  language: string;
  ipAddress: string;
  userAgent: string;
}

const asStatus = (v: string | undefined): QuestionnaireStatus =>
  (QUESTIONNAIRE_STATUSES as readonly string[]).includes(v ?? '') ? (v as QuestionnaireStatus) : 'UNDEFINED';

const today = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * Publishes every template file of `dir` (content/questionnaires) not yet in the database, parsed with
 * the contract (a bad file stops the start). Idempotent by code and version: a published version is
 * never edited; a file that differs from its published version is reported, not applied.
 *
 * Publishing a new version of an agreement renews it (docs/questionnaires.md "Renewal"): in the same
 * transaction as the template row, every user who accepted an older version goes APPROVED → UNSUBMIT
 * (`renew`, by the system) and gets an open task, so the new text is accepted before it applies.
 */
export async function seedQuestionnaireTemplates(
  repo: QuestionnairesRepo,
  dir: string,
  at: number,
): Promise<{ published: string[]; changed: string[]; renewed: number }> {
  const published: string[] = [];
  const changed: string[] = [];
  let renewed = 0;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const template = questionnaireTemplate.parse(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
    const name = `${template.code}.v${template.version}`;
    if (file !== `${name}.json`) throw new Error(`${file}: must be named ${name}.json`);
    const body = JSON.stringify(template);
    const inserted = await repo.transaction(async (tx) => {
      const fresh = await tx.insertTemplateIfAbsent({
        code: template.code,
        version: template.version,
        externalCode: template.externalCode ?? null,
        kind: template.kind,
        review: template.review,
        body,
        publishedAt: at,
      });
      if (fresh && template.kind === 'agreement') renewed += await renewAgreement(tx, template, at);
      return fresh;
    });
    if (inserted) published.push(name);
    else if ((await repo.templateBody(template.code, template.version)) !== body) changed.push(name);
  }
  return { published, changed, renewed };
}

/** `renew` for every acceptance of an older version of this agreement, with a task each; answers how many. */
async function renewAgreement(
  tx: QuestionnaireQueries,
  template: QuestionnaireTemplate,
  at: number,
): Promise<number> {
  const older = await tx.approvedBefore(template.code, template.version);
  for (const row of older) {
    const to = nextQuestionnaireStatus('APPROVED', 'renew', { actor: 'system' });
    const changed = await tx.casResponse(
      row.user_id,
      template.code,
      { status: 'APPROVED', updatedAt: row.updated_at },
      {
        status: to,
        templateVersion: template.version,
        draftEnc: null,
        pageIndex: 0,
        retryAfter: null,
        rejectReason: '',
        updatedAt: Math.max(at, Number(row.updated_at) + 1),
      },
    );
    if (!changed) throw new Error(`${template.code}: the response of user ${row.user_id} changed meanwhile`);
    await tx.insertTask({
      userId: row.user_id,
      kind: 'questionnaire',
      templateCode: template.code,
      requestText: '',
      createdBy: null,
      createdAt: at,
    });
  }
  return older.length;
}

interface TokenClaims {
  u: number;
  c: string;
  v: number;
  e: number;
}

export function questionnaireUseCases(deps: QuestionnaireDeps) {
  const { repo, keys, kyc, users, blobs, keyring, tokenSecret } = deps;
  const now = deps.now ?? Date.now;
  const load = templateLoader(repo);

  // Templates ------------------------------------------------------------------------------------

  /** The versions of one template by its code or external code (`200`), or 51004. */
  async function versionsOf(codeOrExternal: string): Promise<TemplateVersionInfo[]> {
    const all = await repo.templateVersions();
    const code = all.find((t) => t.code === codeOrExternal || t.external_code === codeOrExternal)?.code;
    const versions = all.filter((t) => t.code === code);
    if (versions.length === 0 || versions.every((t) => t.retired_at !== null))
      throw new AppError('QUESTIONNAIRE_TEMPLATE_NOT_FOUND', `no questionnaire ${codeOrExternal}`);
    return versions;
  }

  function currentOf(versions: readonly TemplateVersionInfo[]): number {
    return Math.max(...versions.filter((t) => t.retired_at === null).map((t) => t.version));
  }

  /** The version this user answers: their draft's while it is offered, else the current one. */
  function pinnedOf(
    versions: readonly TemplateVersionInfo[],
    response: QuestionnaireResponseRow | undefined,
  ) {
    const retired = versions.filter((t) => t.retired_at !== null).map((t) => t.version);
    const drafted = response?.draft_enc ? response.template_version : null;
    return pinnedVersion(drafted, currentOf(versions), retired);
  }

  /** A template the questionnaire endpoints serve (the SATOS one has its own). */
  async function answerable(codeOrExternal: string): Promise<TemplateVersionInfo[]> {
    const versions = await versionsOf(codeOrExternal);
    if (versions[0]?.code === SATOS_TEMPLATE_CODE)
      throw new AppError(
        'QUESTIONNAIRE_TEMPLATE_NOT_FOUND',
        `${SATOS_TEMPLATE_CODE} is answered per deposit (create-satos-questionnaire)`,
      );
    return versions;
  }

  async function countries(): Promise<ReadonlySet<string>> {
    return new Set((await kyc.countries(true)).map((c) => c.code));
  }

  // Sealing --------------------------------------------------------------------------------------

  async function seal(userId: number, objectId: string, value: unknown): Promise<Buffer> {
    const key = await userDataKey(keys, keyring, userId, now());
    try {
      return encryptBlob(key, Buffer.from(JSON.stringify(value), 'utf8'), { userId, objectId });
    } finally {
      key.fill(0);
    }
  }

  async function open<T>(userId: number, objectId: string, sealed: Buffer): Promise<T> {
    const key = await userDataKey(keys, keyring, userId, now());
    try {
      return JSON.parse(decryptBlob(key, Buffer.from(sealed), { userId, objectId }).toString('utf8')) as T;
    } finally {
      key.fill(0);
    }
  }

  const draftObject = (code: string) => `questionnaire-draft:${code}`;
  const answersObject = (idempotencyKey: string) => `questionnaire-answers:${idempotencyKey}`;

  interface StoredDraft {
    answers: QuestionnaireAnswers;
  }

  // Tokens ---------------------------------------------------------------------------------------

  function signToken(claims: TokenClaims): string {
    const payload = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
    return `qt1.${payload}.${hmac(tokenSecret, `questionnaire-token:${payload}`)}`;
  }

  /** The token must be this user's, for this template, unexpired (51006); its version is then checked. */
  function checkToken(token: string, userId: number, code: string, version: number): void {
    const [prefix, payload, mac] = token.split('.');
    const invalid = () =>
      new AppError('QUESTIONNAIRE_TOKEN_INVALID', 'questionnaire token invalid or expired');
    if (
      prefix !== 'qt1' ||
      !payload ||
      !mac ||
      !safeEqual(mac, hmac(tokenSecret, `questionnaire-token:${payload}`))
    )
      throw invalid();
    let claims: TokenClaims;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
    } catch {
      throw invalid();
    }
    if (claims.u !== userId || claims.c !== code || !(claims.e > now())) throw invalid();
    if (claims.v !== version)
      throw new AppError(
        'QUESTIONNAIRE_VERSION_MISMATCH',
        `${code}: the token is for version ${claims.v}, the answers for ${version}`,
      );
  }

  // Results --------------------------------------------------------------------------------------

  async function resultOf(row: QuestionnaireSubmissionRow): Promise<QuestionnaireSubmissionResult> {
    const template = await load(row.template_code, row.template_version);
    const scored = row.score !== null && row.max_score !== null;
    return {
      submissionId: String(row.id),
      templateCode: row.template_code,
      templateVersion: row.template_version,
      status: asStatus(row.status),
      score: scored
        ? {
            score: Number(row.score),
            max: Number(row.max_score),
            passed: row.passed === null ? null : row.passed === 1,
            band: row.band,
          }
        : null,
      retryAfter: row.passed === 0 ? retryAfterOf(row.created_at, template.retry?.coolDownHours) : null,
      submittedAt: row.created_at,
      // A failed test says which answers were wrong (ids only, never the right options).
      ...(row.passed === 0 && template.kind === 'test'
        ? {
            wrongQuestionIds: wrongAnswers(
              template,
              await open<QuestionnaireAnswers>(
                row.user_id,
                answersObject(row.idempotency_key),
                row.answers_enc,
              ),
            ),
          }
        : {}),
    };
  }

  /**
   * The evidence of the answers that still has to be attached: each id must be the caller's own upload,
   * either new (unattached) or submitted before with this same template — an answer sent again after a
   * rejection keeps its documents (the earlier submission keeps them too, as the history shows them).
   * Anything else — unknown, another user's, given twice, or submitted with another template — is 30011.
   */
  async function checkedEvidence(
    userId: number,
    template: QuestionnaireTemplate,
    answers: QuestionnaireAnswers,
  ): Promise<string[]> {
    const ids = allQuestions(template)
      .filter((q) => q.type === 'evidence_upload')
      .flatMap((q) => {
        const value = answers[q.id];
        return Array.isArray(value) ? value : [];
      });
    if (new Set(ids).size !== ids.length)
      throw new AppError('KYC_DOCUMENT_NOT_FOUND', 'an evidence document is given twice');
    const found = await repo.evidenceOf(userId, ids);
    if (
      found.length !== ids.length ||
      found.some((e) => e.submission_id !== null && e.template_code !== template.code)
    )
      throw new AppError('KYC_DOCUMENT_NOT_FOUND', 'an evidence document is unknown or submitted elsewhere');
    return found.filter((e) => e.submission_id === null).map((e) => e.id);
  }

  /**
   * One submission attempt (docs/questionnaires.md "Submit"): answers judged against the pinned version,
   * evidence checked, `submit` and (auto templates) the system's decision, then in one transaction the
   * keyed submission row, the response by compare-and-set, the evidence, the tasks and the EDD case.
   */
  async function attemptSubmit(
    userId: number,
    versions: readonly TemplateVersionInfo[],
    set: { templateCode: string; templateVersion: number; answers: QuestionnaireAnswers },
    idempotencyKey: string,
    meta: SubmitMeta,
  ): Promise<QuestionnaireSubmissionResult> {
    const code = versions[0]?.code ?? set.templateCode;
    const response = await repo.findResponse(userId, code);
    const from = asStatus(response?.status);
    const template = await load(code, pinnedOf(versions, response));
    const at = now();
    const answers = acceptAnswers(template, set, {
      partial: false,
      today: today(at),
      countries: await countries(),
    });
    const evidence = await checkedEvidence(userId, template, answers);
    let to = nextQuestionnaireStatus(from, 'submit', {
      actor: 'user',
      retryAfter: response?.retry_after ?? null,
      now: at,
    });
    const points = template.scoring ? score(template, answers) : null;
    let reason = '';
    let retryAfter: number | null = null;
    if (template.review === 'auto') {
      const passed = points?.passed ?? true;
      reason = passed
        ? ''
        : `score ${points?.score ?? 0} below the pass mark ${template.scoring?.passMark ?? 0}`;
      to = nextQuestionnaireStatus(to, passed ? 'approve' : 'reject', {
        actor: 'system',
        review: 'auto',
        reason,
      });
      if (!passed) retryAfter = retryAfterOf(at, template.retry?.coolDownHours);
    }
    const eddCase = code === EDD_TEMPLATE_CODE ? await repo.findEddCase(userId) : undefined;
    const answersEnc = await seal(userId, answersObject(idempotencyKey), answers);

    const submissionId = await repo.transaction(async (tx) => {
      // The unique (user, key) insert comes first: a concurrent twin waits here and then fails.
      const id = await tx.insertSubmission({
        userId,
        templateCode: code,
        templateVersion: template.version,
        answersEnc,
        score: points?.score ?? null,
        maxScore: points?.max ?? null,
        passed: points?.passed ?? null,
        band: points?.band ?? null,
        status: to,
        language: meta.language,
        ipAddress: meta.ipAddress,
        userAgent: meta.userAgent,
        idempotencyKey,
        createdAt: at,
      });
      await tx.ensureResponse(userId, code, template.version, at);
      const current = await tx.findResponse(userId, code);
      if (
        !current ||
        asStatus(current.status) !== from ||
        (response && current.updated_at !== response.updated_at)
      )
        throw new AppError('QUESTIONNAIRE_ILLEGAL_TRANSITION', `${code} changed meanwhile`);
      const changed = await tx.casResponse(
        userId,
        code,
        { status: from, updatedAt: current.updated_at },
        {
          status: to,
          templateVersion: template.version,
          draftEnc: null,
          pageIndex: 0,
          retryAfter,
          rejectReason: reason,
          decidedBy: null,
          decidedAt: template.review === 'auto' ? at : null,
          lastSubmissionId: id,
          updatedAt: Math.max(at, current.updated_at + 1),
        },
      );
      if (!changed) throw new AppError('QUESTIONNAIRE_ILLEGAL_TRANSITION', `${code} changed meanwhile`);
      if ((await tx.attachEvidence(userId, evidence, id)) !== evidence.length)
        throw new AppError('KYC_DOCUMENT_NOT_FOUND', 'an evidence document was submitted meanwhile');
      if (to !== 'REJECTED') await tx.closeTasks(userId, code, at);
      if (code === EDD_TEMPLATE_CODE) await submitEdd(tx, userId, eddCase?.status, at);
      return id;
    });
    const row = await repo.findSubmission(userId, submissionId);
    if (!row) throw new Error('submission not stored');
    return resultOf(row);
  }

  /**
   * The EDD case follows its questionnaire: UnSubmit → Reviewing (submit), Reject → Reviewing
   * (resubmit); a questionnaire sent without a case opens one (system start, "self-declared").
   */
  async function submitEdd(tx: QuestionnaireQueries, userId: number, status: string | undefined, at: number) {
    await tx.ensureEddCase(userId, at);
    let from = (status ?? 'Unknown') as EddStatus;
    if (from === 'Unknown' || from === 'Pass') {
      const started = nextEddStatus(from, 'start', { actor: 'system', reason: 'self-declared' });
      if (!(await tx.casEddStatus(userId, from, started, { triggerReason: 'self-declared', reason: '' }, at)))
        throw new AppError('QUESTIONNAIRE_ILLEGAL_TRANSITION', 'EDD case changed meanwhile');
      from = started;
    }
    const to = nextEddStatus(from, from === 'Reject' ? 'resubmit' : 'submit', { actor: 'user' });
    if (!(await tx.casEddStatus(userId, from, to, { reason: '' }, at)))
      throw new AppError('QUESTIONNAIRE_ILLEGAL_TRANSITION', 'EDD case changed meanwhile');
  }

  async function submitted(userId: number, response: QuestionnaireResponseRow | undefined) {
    if (!response?.last_submission_id) return null;
    const row = await repo.findSubmission(userId, response.last_submission_id);
    if (!row) return null;
    const result = await resultOf(row);
    const answers = await open<QuestionnaireAnswers>(
      userId,
      answersObject(row.idempotency_key),
      row.answers_enc,
    );
    return {
      submissionId: result.submissionId,
      templateVersion: row.template_version,
      answers,
      score: result.score,
      submittedAt: row.created_at,
      ...(result.wrongQuestionIds ? { wrongQuestionIds: result.wrongQuestionIds } : {}),
    };
  }

  /**
   * What the compliance tasks derive from (docs/questionnaires.md "Tasks"), read once: the responses,
   * the stored tasks, the EDD case, level 1's state (the caller's when it already read it) and the
   * template versions.
   */
  interface TaskSources {
    responses: QuestionnaireResponseRow[];
    stored: ComplianceTaskRow[];
    edd: EddCaseRow | undefined;
    level1: { status: string; updatedAt: number } | null;
    versions: TemplateVersionInfo[];
  }

  async function taskSources(
    userId: number,
    known?: { level1: { status: string; updatedAt: number } | null },
  ): Promise<TaskSources> {
    const [responses, stored, edd, versions, level1] = await Promise.all([
      repo.responsesOf(userId),
      repo.tasksOf(userId),
      repo.findEddCase(userId),
      repo.templateVersions(),
      known
        ? known.level1
        : kyc.levelStates(userId).then((rows) => {
            const row = rows.find((r) => r.level === 1);
            return row ? { status: row.status, updatedAt: Number(row.updated_at) } : null;
          }),
    ]);
    return { responses, stored, edd, versions, level1 };
  }

  /** Whether the AML questionnaire is required: level 1 verified, or a task asks for it. */
  function amlRequiredOf(s: Pick<TaskSources, 'level1' | 'stored'>): { required: boolean; since: number } {
    if (s.level1?.status === 'SUCCESS') return { required: true, since: s.level1.updatedAt };
    const task = s.stored.find((t) => t.template_code === AML_TEMPLATE_CODE);
    return task ? { required: true, since: task.created_at } : { required: false, since: 0 };
  }

  /** The first spec §2 screen of a template's newest version (the task's link). */
  async function screenOf(code: string, versions: readonly TemplateVersionInfo[]): Promise<string> {
    const v = versions.filter((t) => t.code === code).at(-1);
    if (!v) return code;
    return (await load(code, v.version)).screens[0] ?? code;
  }

  /** Every task of the user (docs/questionnaires.md "Compliance tasks"), open ones first, newest first. */
  async function tasksFrom(s: TaskSources): Promise<ComplianceTask[]> {
    const responses = new Map(s.responses.map((r) => [r.template_code, r]));
    const statusOf = (code: string) => asStatus(responses.get(code)?.status);
    const tasks: ComplianceTask[] = [];
    for (const t of s.stored) {
      if (t.status === 'cancelled') continue;
      const status = statusOf(t.template_code);
      tasks.push({
        id: String(t.id),
        kind: t.kind === 'rfi' ? 'rfi' : 'questionnaire',
        templateCode: t.template_code,
        screen: await screenOf(t.template_code, s.versions),
        status,
        open: t.status === 'open' && TO_DO.has(status),
        requestText: t.request_text,
        createdAt: t.created_at,
      });
    }
    const aml = amlRequiredOf(s);
    if (aml.required && !s.stored.some((t) => t.template_code === AML_TEMPLATE_CODE)) {
      const status = statusOf(AML_TEMPLATE_CODE);
      tasks.push({
        id: AML_TEMPLATE_CODE,
        kind: 'aml',
        templateCode: AML_TEMPLATE_CODE,
        screen: await screenOf(AML_TEMPLATE_CODE, s.versions),
        status,
        open: TO_DO.has(status),
        requestText: '',
        createdAt: aml.since,
      });
    }
    const { edd } = s;
    if (edd && edd.status !== 'Unknown') {
      tasks.push({
        id: EDD_TEMPLATE_CODE,
        kind: 'edd',
        templateCode: EDD_TEMPLATE_CODE,
        screen: await screenOf(EDD_TEMPLATE_CODE, s.versions),
        status: statusOf(EDD_TEMPLATE_CODE),
        open: edd.status === 'UnSubmit' || edd.status === 'Reject',
        requestText: edd.status === 'UnSubmit' || edd.status === 'Reject' ? edd.reason : '',
        createdAt: edd.created_at,
      });
    }
    return tasks
      .map((t) => ({ ...t, dueAt: t.open ? t.createdAt + TASK_DUE_DAYS * DAY_MS : null }))
      .sort((a, b) => Number(b.open) - Number(a.open) || b.createdAt - a.createdAt);
  }

  async function tasksOf(userId: number): Promise<ComplianceTask[]> {
    return tasksFrom(await taskSources(userId));
  }

  const URGENCY: Record<ComplianceTask['kind'], number> = { rfi: 0, edd: 1, aml: 2, questionnaire: 3 };

  return {
    /** A submission's sealed answers, opened under the person's data key (an accepted agreement's copy). */
    openAnswers(userId: number, idempotencyKey: string, sealed: Buffer): Promise<QuestionnaireAnswers> {
      return open<QuestionnaireAnswers>(userId, answersObject(idempotencyKey), sealed);
    },

    /** The template version the user answers, their draft or submitted answers, and the status. */
    async templateDetail(userId: number, templateCode: string): Promise<QuestionnaireTemplateDetail> {
      const versions = await versionsOf(templateCode);
      const code = versions[0]?.code ?? templateCode;
      const response = await repo.findResponse(userId, code);
      const status = asStatus(response?.status);
      const editable = questionnaireEditable(status);
      const last = await submitted(userId, response);
      // Read-only: the exact version the person answered; editable: the pinned version.
      const version = !editable && last ? last.templateVersion : pinnedOf(versions, response);
      const template = await load(code, version);
      let draft: QuestionnaireTemplateDetail['draft'] = null;
      if (response?.draft_enc && response.template_version === version) {
        const stored = await open<StoredDraft>(userId, draftObject(code), response.draft_enc);
        draft = {
          templateCode: code,
          templateVersion: version,
          answers: stored.answers,
          pageIndex: response.page_index,
          updatedAt: response.updated_at,
        };
      }
      const shown = draft?.answers ?? (last?.templateVersion === version ? last.answers : {});
      return {
        template,
        status,
        editable,
        draft,
        submitted: last,
        reason: response?.reject_reason ?? '',
        retryAfter: response?.retry_after ?? null,
        progress: progress(template, shown),
      };
    },

    /** A short-lived token binding the user, the template and the version they answer. */
    async token(userId: number, templateCode: string): Promise<QuestionnaireTokenResult> {
      const versions = await answerable(templateCode);
      const code = versions[0]?.code ?? templateCode;
      const version = pinnedOf(versions, await repo.findResponse(userId, code));
      const expiresAt = now() + QUESTIONNAIRE_TOKEN_TTL_MS;
      return {
        token: signToken({ u: userId, c: code, v: version, e: expiresAt }),
        templateCode: code,
        templateVersion: version,
        expiresAt,
      };
    },

    /**
     * Autosave (save_draft): partial validation against the pinned version (an answer to a hidden or
     * unknown question, of the wrong type or too long is refused), then the draft, sealed, written by
     * compare-and-set: a stale tab (baseUpdatedAt older than the stored draft) gets 51001 and reloads.
     */
    async saveDraft(userId: number, request: CreateQuestionnaireRequest): Promise<CreateQuestionnaireResult> {
      const versions = await answerable(request.templateCode);
      const code = versions[0]?.code ?? request.templateCode;
      checkToken(request.token, userId, code, request.templateVersion);
      const response = await repo.findResponse(userId, code);
      const from = asStatus(response?.status);
      const template = await load(code, pinnedOf(versions, response));
      const at = now();
      const answers = acceptAnswers(template, request, {
        partial: true,
        today: today(at),
        countries: await countries(),
      });
      const to = nextQuestionnaireStatus(from, 'save_draft', { actor: 'user' });
      if (
        response &&
        request.baseUpdatedAt !== undefined &&
        request.baseUpdatedAt !== null &&
        request.baseUpdatedAt !== response.updated_at
      )
        throw new AppError(
          'QUESTIONNAIRE_ILLEGAL_TRANSITION',
          `${code}: the draft was saved elsewhere; reload`,
        );
      const pageIndex = request.pageIndex ?? 0;
      const draftEnc = await seal(userId, draftObject(code), { answers } satisfies StoredDraft);
      const updatedAt = await repo.transaction(async (tx) => {
        await tx.ensureResponse(userId, code, template.version, at);
        const current = await tx.findResponse(userId, code);
        if (
          !current ||
          asStatus(current.status) !== from ||
          (response && current.updated_at !== response.updated_at)
        )
          throw new AppError('QUESTIONNAIRE_ILLEGAL_TRANSITION', `${code} changed meanwhile; reload`);
        const stamp = Math.max(at, current.updated_at + 1);
        const ok = await tx.casResponse(
          userId,
          code,
          { status: from, updatedAt: current.updated_at },
          { status: to, templateVersion: template.version, draftEnc, pageIndex, updatedAt: stamp },
        );
        if (!ok) throw new AppError('QUESTIONNAIRE_ILLEGAL_TRANSITION', `${code} changed meanwhile; reload`);
        return stamp;
      });
      return {
        status: to,
        draft: { templateCode: code, templateVersion: template.version, answers, pageIndex, updatedAt },
        progress: progress(template, answers),
      };
    },

    /** Submit with an Idempotency-Key: a key already used answers the first result and creates nothing. */
    async submit(
      userId: number,
      request: SubmitQuestionnaireRequest,
      idempotencyKey: string,
      meta: SubmitMeta,
    ): Promise<QuestionnaireSubmissionResult> {
      return idempotent({
        earlier: async () => {
          const row = await repo.findSubmissionByKey(userId, idempotencyKey);
          return row ? resultOf(row) : undefined;
        },
        attempt: async () => {
          const versions = await answerable(request.templateCode);
          const code = versions[0]?.code ?? request.templateCode;
          checkToken(request.token, userId, code, request.templateVersion);
          return attemptSubmit(userId, versions, { ...request, templateCode: code }, idempotencyKey, meta);
        },
        conflict: () => new AppError('QUESTIONNAIRE_ILLEGAL_TRANSITION', 'submitted meanwhile'),
      });
    },

    /**
     * Accepts an agreement (kind agreement) in the version shown: recorded with the version, time,
     * language and client address. Accepting the same version again answers the first acceptance.
     */
    async applyAgreement(
      userId: number,
      request: { templateCode: string; templateVersion: number; answers: QuestionnaireAnswers },
      meta: SubmitMeta,
    ): Promise<QuestionnaireSubmissionResult> {
      const versions = await answerable(request.templateCode);
      if (versions[0]?.kind !== 'agreement')
        throw new AppError('QUESTIONNAIRE_TEMPLATE_NOT_FOUND', `${request.templateCode} is not an agreement`);
      const code = versions[0].code;
      const key = `agreement-${code}-v${request.templateVersion}`;
      return idempotent({
        earlier: async () => {
          const row = await repo.findSubmissionByKey(userId, key);
          return row ? resultOf(row) : undefined;
        },
        attempt: () => attemptSubmit(userId, versions, { ...request, templateCode: code }, key, meta),
        conflict: () => new AppError('QUESTIONNAIRE_ILLEGAL_TRANSITION', 'accepted meanwhile'),
      });
    },

    /**
     * Evidence for an answer: the identity-document pipeline (content check, re-encoding, PDF allowed),
     * sealed under the user's data key bound to user and document id; a failed row removes the blob.
     */
    async uploadEvidence(userId: number, bytes: Buffer): Promise<QuestionnaireEvidenceResult> {
      const inspected = await inspectUpload(bytes, { allowPdf: true });
      const id = randomBytes(16).toString('hex');
      const key = await userDataKey(keys, keyring, userId, now());
      let blobId: string;
      try {
        blobId = await blobs.put(encryptBlob(key, inspected.bytes, { userId, objectId: id }));
      } finally {
        key.fill(0);
      }
      try {
        await repo.insertEvidence({
          id,
          userId,
          mime: inspected.mime,
          sha256: inspected.sha256,
          blobId,
          size: inspected.bytes.length,
          createdAt: now(),
        });
      } catch (error) {
        await blobs.delete(blobId).catch(() => undefined);
        throw error;
      }
      return { documentId: id, mime: inspected.mime, size: inspected.bytes.length, sha256: inspected.sha256 };
    },

    /** The AML questionnaire's state (get-aml-result): whether it is needed, its status and reason. */
    async amlResult(userId: number, sceneCode: string): Promise<AmlResult> {
      const response = await repo.findResponse(userId, AML_TEMPLATE_CODE);
      const status = asStatus(response?.status);
      const { required } = amlRequiredOf(await taskSources(userId));
      const last = response?.last_submission_id
        ? await repo.findSubmission(userId, response.last_submission_id)
        : undefined;
      const versions = await versionsOf(AML_TEMPLATE_CODE);
      return {
        sceneCode,
        templateCode: versions[0]?.external_code ?? AML_TEMPLATE_CODE,
        status,
        needQuestionnaire: required && TO_DO.has(status),
        reason: response?.reject_reason ?? '',
        submittedAt: last?.created_at ?? null,
      };
    },

    /** The EDD case (get-edd-info): Unknown without one. */
    async eddInfo(userId: number): Promise<EddInfo> {
      const edd = await repo.findEddCase(userId);
      const response = await repo.findResponse(userId, EDD_TEMPLATE_CODE);
      return {
        status: (edd?.status ?? 'Unknown') as EddStatus,
        reason: edd?.reason ?? '',
        templateCode: 'edd',
        questionnaireStatus: asStatus(response?.status),
        updatedAt: edd?.updated_at ?? null,
      };
    },

    tasks: tasksOf,

    /**
     * The questionnaire part of kyc-info (docs/questionnaires.md "kyc-info fields"), derived from the
     * responses, the tasks, the EDD case and the SATOS verifications of the user. `site`, `level` and
     * `custody` are kyc-info's own (the user's site, verified level, custody kind).
     */
    async kycInfoFields(
      userId: number,
      ctx: {
        site: string;
        level: number;
        custody: string;
        /** Level 1's state as kyc-info read it (null: none yet). */
        level1: { status: string; updatedAt: number } | null;
      },
    ): Promise<KycQuestionnaireFields> {
      const [sources, satos] = await Promise.all([
        taskSources(userId, { level1: ctx.level1 }),
        repo.satosOf(userId),
      ]);
      const { responses, versions } = sources;
      const statusOf = (code: string) => asStatus(responses.find((r) => r.template_code === code)?.status);
      const amlStatus = statusOf(AML_TEMPLATE_CODE);
      const aml = amlRequiredOf(sources);
      const needAml = aml.required && TO_DO.has(amlStatus);
      const tasks = await tasksFrom(sources);
      const openTasks = tasks.filter((t) => t.open);
      const amlExternal =
        versions.find((t) => t.code === AML_TEMPLATE_CODE)?.external_code ?? AML_TEMPLATE_CODE;
      const satosLive = versions.some((t) => t.code === SATOS_TEMPLATE_CODE && t.retired_at === null);
      // Submitted and waiting for a reviewer: the questionnaire side of "a verification in process".
      const staffReviewed = new Set(versions.filter((t) => t.review === 'staff').map((t) => t.code));
      const inReview = responses
        .filter(
          (r) =>
            staffReviewed.has(r.template_code) &&
            (r.status === 'PENDING' || r.status === 'PENDING_NO_EDIT') &&
            r.template_code !== SATOS_TEMPLATE_CODE,
        )
        .map((r) => `QUESTIONNAIRE:${r.template_code}`);
      for (const v of satos)
        if (v.status === 'PENDING' || v.status === 'PENDING_NO_EDIT') inReview.push(`SATOS:${v.deposit_ref}`);
      const newSatosGray = satosLive && ctx.custody === 'CUSTODY_SATOS';
      const rcOpen = openTasks.some(
        (t) => t.templateCode === AML_TEMPLATE_CODE || t.templateCode === EDD_TEMPLATE_CODE,
      );
      return {
        questionnaireStatus: amlStatus,
        mustQuestionnaire: openTasks.length > 0,
        amlQuestionnaire: { needQuestionnaire: needAml, templateCode: amlExternal },
        inReview,
        newSatosGray,
        isDisplayQuestionnaire: aml.required || tasks.length > 0,
        isDisplayNewSatos: newSatosGray && ctx.level >= 1,
        isDisplayNewRcOnboarding: isRegulatedSite(ctx.site) && rcOpen,
        isDisplayP2pRights: ctx.level >= 1 && (P2P_SITES as readonly string[]).includes(ctx.site),
      };
    },

    /** The task centre's page of tasks. */
    async taskList(userId: number, filter: { status: 'open' | 'all'; page: number; pageSize: number }) {
      const all = (await tasksOf(userId)).filter((t) => filter.status === 'all' || t.open);
      const start = (filter.page - 1) * filter.pageSize;
      return {
        list: all.slice(start, start + filter.pageSize),
        total: all.length,
        page: filter.page,
        pageSize: filter.pageSize,
      };
    },

    /** The user's site (task centre region) and how many tasks are open there. */
    async taskRegion(userId: number) {
      const user = await users.findById(userId);
      const open = (await tasksOf(userId)).filter((t) => t.open).length;
      return { region: user?.site ?? 'GLOBAL', openTasks: open };
    },

    /** The KYC task pop-up (kycpopupinfo bus_type=1): the most urgent open task, if any. */
    async popupInfo(userId: number) {
      const open = (await tasksOf(userId))
        .filter((t) => t.open)
        .sort((a, b) => URGENCY[a.kind] - URGENCY[b.kind]);
      return { show: open.length > 0, task: open[0] ?? null };
    },

    /**
     * Staff or the system require a questionnaire, or raise a request for information (rfi): a task
     * the user sees, and the questionnaire reopened (require from UNDEFINED; request_info after a
     * review, staff only, with the request as the reason the user sees).
     */
    async requireQuestionnaire(
      userId: number,
      templateCode: string,
      by: { actor: ReviewActor; staffId: number | null; requestText: string },
    ): Promise<number> {
      const versions = await answerable(templateCode);
      const code = versions[0]?.code ?? templateCode;
      if (code === RFI_TEMPLATE_CODE && !by.requestText.trim())
        throw new AppError('PARAMS_ERROR', 'requestText: required', 400);
      const response = await repo.findResponse(userId, code);
      const from = asStatus(response?.status);
      const event =
        from === 'UNDEFINED'
          ? ('require' as const)
          : from === 'PENDING_NO_EDIT' || from === 'APPROVED' || from === 'REJECTED'
            ? ('request_info' as const)
            : null;
      const to = event
        ? nextQuestionnaireStatus(from, event, { actor: by.actor, reason: by.requestText })
        : from;
      const at = now();
      return repo.transaction(async (tx) => {
        if (event) {
          await tx.ensureResponse(userId, code, currentOf(versions), at);
          const current = await tx.findResponse(userId, code);
          if (!current || asStatus(current.status) !== from)
            throw new AppError('QUESTIONNAIRE_ILLEGAL_TRANSITION', `${code} changed meanwhile`);
          await tx.casResponse(
            userId,
            code,
            { status: from, updatedAt: current.updated_at },
            {
              status: to,
              templateVersion: current.template_version,
              rejectReason: event === 'request_info' ? by.requestText : current.reject_reason,
              retryAfter: null,
              updatedAt: Math.max(at, current.updated_at + 1),
            },
          );
        }
        return tx.insertTask({
          userId,
          kind: code === RFI_TEMPLATE_CODE ? 'rfi' : 'questionnaire',
          templateCode: code,
          requestText: by.requestText,
          createdBy: by.staffId,
          createdAt: at,
        });
      });
    },

    /** Staff or the system open an EDD case (start: the trigger is the reason). */
    async startEdd(
      userId: number,
      by: { actor: ReviewActor; reason: string; pep: boolean },
    ): Promise<EddStatus> {
      const at = now();
      const from = ((await repo.findEddCase(userId))?.status ?? 'Unknown') as EddStatus;
      const to = nextEddStatus(from, 'start', { actor: by.actor, reason: by.reason });
      await repo.transaction(async (tx) => {
        await tx.ensureEddCase(userId, at);
        if (
          !(await tx.casEddStatus(
            userId,
            from,
            to,
            { triggerReason: by.reason, pep: by.pep, reason: '' },
            at,
          ))
        )
          throw new AppError('QUESTIONNAIRE_ILLEGAL_TRANSITION', 'EDD case changed meanwhile');
      });
      return to;
    },

    /**
     * SATOS: the travel-rule questionnaire of one incoming deposit, judged in full against the current
     * satos-deposit version; staff review it. A deposit has one verification: amended while PENDING,
     * resubmitted after a rejection, refused (51001) while a reviewer holds it or once approved.
     */
    async createSatos(
      userId: number,
      request: CreateSatosQuestionnaireRequest,
      meta: SubmitMeta,
    ): Promise<SatosQuestionnaireResult> {
      const versions = await versionsOf(SATOS_TEMPLATE_CODE);
      const template = await load(SATOS_TEMPLATE_CODE, currentOf(versions));
      checkTemplateVersion(template, {
        templateCode: SATOS_TEMPLATE_CODE,
        templateVersion: request.templateVersion,
      });
      const at = now();
      const answers = acceptAnswers(
        template,
        {
          templateCode: SATOS_TEMPLATE_CODE,
          templateVersion: request.templateVersion,
          answers: request.answers,
        },
        { partial: false, today: today(at), countries: await countries() },
      );
      const evidence = await checkedEvidence(userId, template, answers);
      const existing = await repo.findSatos(userId, request.depositRef);
      if (existing && existing.status !== 'PENDING' && existing.status !== 'REJECTED')
        throw new AppError(
          'QUESTIONNAIRE_ILLEGAL_TRANSITION',
          `deposit ${request.depositRef}: ${existing.status}, cannot be changed`,
        );
      const key = `satos-${request.depositRef}-${randomBytes(8).toString('hex')}`;
      const answersEnc = await seal(userId, answersObject(key), answers);
      await repo.transaction(async (tx) => {
        const submissionId = await tx.insertSubmission({
          userId,
          templateCode: SATOS_TEMPLATE_CODE,
          templateVersion: template.version,
          answersEnc,
          score: null,
          maxScore: null,
          passed: null,
          band: null,
          status: 'PENDING',
          language: meta.language,
          ipAddress: meta.ipAddress,
          userAgent: meta.userAgent,
          idempotencyKey: key,
          createdAt: at,
        });
        const target = { status: 'PENDING', submissionId, coin: request.coin, network: request.network };
        if (!existing)
          await tx.insertSatos({
            userId,
            depositRef: request.depositRef,
            coin: request.coin,
            network: request.network,
            status: 'PENDING',
            submissionId,
            at,
          });
        else if (!(await tx.casSatos(userId, request.depositRef, existing.status, target, at)))
          throw new AppError(
            'QUESTIONNAIRE_ILLEGAL_TRANSITION',
            `deposit ${request.depositRef} changed meanwhile`,
          );
        if ((await tx.attachEvidence(userId, evidence, submissionId)) !== evidence.length)
          throw new AppError('KYC_DOCUMENT_NOT_FOUND', 'an evidence document was submitted meanwhile');
      });
      return this.querySatos(userId, request.depositRef);
    },

    /** The verification of one deposit; UNDEFINED (with the version to answer) when none was sent. */
    async querySatos(userId: number, depositRef: string): Promise<SatosQuestionnaireResult> {
      const row = await repo.findSatos(userId, depositRef);
      if (!row) {
        const versions = await versionsOf(SATOS_TEMPLATE_CODE);
        return {
          depositRef,
          coin: '',
          network: '',
          status: 'UNDEFINED',
          templateCode: SATOS_TEMPLATE_CODE,
          templateVersion: currentOf(versions),
          reason: '',
          submittedAt: null,
        };
      }
      const submission = await repo.findSubmission(userId, row.submission_id);
      return {
        depositRef,
        coin: row.coin,
        network: row.network,
        status: asStatus(row.status),
        templateCode: SATOS_TEMPLATE_CODE,
        templateVersion: submission?.template_version ?? currentOf(await versionsOf(SATOS_TEMPLATE_CODE)),
        reason: row.reject_reason,
        submittedAt: row.updated_at,
      };
    },

    /** The deposit-verification pop-up's content (public): the SATOS template's title and description. */
    async satosPopUp() {
      const versions = await versionsOf(SATOS_TEMPLATE_CODE);
      const template = await load(SATOS_TEMPLATE_CODE, currentOf(versions));
      return {
        type: 'satos_deposit_verify',
        enabled: true,
        title: template.title,
        body: template.description ? [template.description] : [],
        templateCode: SATOS_TEMPLATE_CODE,
        templateVersion: template.version,
      };
    },
  };
}
export type QuestionnaireUseCases = ReturnType<typeof questionnaireUseCases>;
