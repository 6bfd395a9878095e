import { z } from 'zod';
import { QUESTIONNAIRE_LIMITS, QUESTIONNAIRE_TEXT_PATTERNS } from '../questionnaire-rules.ts';

/**
 * Questionnaires, tests, agreements and declarations (issue 5) on the wire and on disk: the template
 * format of content/questionnaires/*.json, answers, drafts, submission results, and the statuses of
 * spec §4 (questionnaire status, enhanced due diligence status). Design: docs/questionnaires.md.
 * The engine that interprets a template is ../questionnaire-engine.ts (exported as questionnaireEngine).
 */

/** spec §4 questionnaire status. */
export const QUESTIONNAIRE_STATUSES = [
  'UNDEFINED',
  'UNSUBMIT',
  'PENDING',
  'PENDING_NO_EDIT',
  'APPROVED',
  'REJECTED',
] as const;
export type QuestionnaireStatus = (typeof QUESTIONNAIRE_STATUSES)[number];

/** spec §4 enhanced due diligence status. */
export const EDD_STATUSES = ['Unknown', 'UnSubmit', 'Reviewing', 'Pass', 'Reject'] as const;
export type EddStatus = (typeof EDD_STATUSES)[number];

/** What a template is: a questionnaire, a scored test, an agreement to accept, a declaration to review. */
export const QUESTIONNAIRE_KINDS = ['questionnaire', 'test', 'agreement', 'declaration'] as const;
export type QuestionnaireKind = (typeof QUESTIONNAIRE_KINDS)[number];

/** Who decides a submission: a back-office reviewer, or the system at once (tests by score, agreements). */
export const QUESTIONNAIRE_REVIEWS = ['staff', 'auto'] as const;
export type QuestionnaireReview = (typeof QUESTIONNAIRE_REVIEWS)[number];

export const QUESTIONNAIRE_QUESTION_TYPES = [
  'single_choice',
  'multiple_choice',
  'text',
  'number',
  'date',
  'country',
  'yes_no',
  'declaration',
  'evidence_upload',
] as const;
export type QuestionnaireQuestionType = (typeof QUESTIONNAIRE_QUESTION_TYPES)[number];

export type QuestionnaireTextPattern = keyof typeof QUESTIONNAIRE_TEXT_PATTERNS;
const TEXT_PATTERN_NAMES = Object.keys(QUESTIONNAIRE_TEXT_PATTERNS) as [
  QuestionnaireTextPattern,
  ...QuestionnaireTextPattern[],
];

/** A key of the questionnaires namespace (locales/questionnaires/<lng>.json), e.g. `edd.title`. */
const translationKey = z.string().regex(/^[a-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/, 'a translation key');

const questionId = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'a question id (snake_case)');
const optionValue = z.string().regex(/^[a-z0-9][a-z0-9_]{0,63}$/, 'an option value (snake_case)');

/**
 * An absolute calendar date `YYYY-MM-DD`, or one relative to the day of validation: `today`,
 * `today-18y`, `today+30d`.
 */
const dateBound = z
  .string()
  .regex(/^(\d{4}-\d{2}-\d{2}|today([+-]\d{1,3}[dmy])?)$/, 'YYYY-MM-DD or today±N(d|m|y)');

/**
 * One answer: a choice value, text, number, date string, yes/no, declaration tick, or a list (choices,
 * document ids).
 */
const answerValue = z.union([
  z.string().max(QUESTIONNAIRE_LIMITS.textMaxLength * 2),
  z.number(),
  z.boolean(),
  z.array(z.string().max(128)).max(QUESTIONNAIRE_LIMITS.maxSelections),
]);
export type QuestionnaireAnswerValue = z.infer<typeof answerValue>;

/** Answers by question id. Absent, null and '' mean "not answered". */
const answers = z.record(questionId, answerValue.nullable());
export type QuestionnaireAnswers = z.infer<typeof answers>;

// Conditional display -------------------------------------------------------------------------------

const scalar = z.union([z.string(), z.number(), z.boolean()]);

/**
 * `showWhen`: one leaf on an earlier question, or `all` / `any` of conditions (nested freely). A leaf on a
 * multiple-choice question tests membership: `equals: v` is "v is selected", `in` is "one of these is
 * selected". A hidden question counts as unanswered.
 */
export type ShowWhenCondition =
  | { questionId: string; equals: string | number | boolean }
  | { questionId: string; notEquals: string | number | boolean }
  | { questionId: string; in: (string | number | boolean)[] }
  | { questionId: string; answered: boolean }
  | { all: ShowWhenCondition[] }
  | { any: ShowWhenCondition[] };

// Recursive, so it carries a name: the OpenAPI document lists it once under components/schemas and
// refers to it there (unnamed, the document held a $ref to a `schema0` that did not exist).
const condition: z.ZodType<ShowWhenCondition> = z
  .lazy(() =>
    z.union([
      z.strictObject({ questionId, equals: scalar }),
      z.strictObject({ questionId, notEquals: scalar }),
      z.strictObject({ questionId, in: z.array(scalar).min(1) }),
      z.strictObject({ questionId, answered: z.boolean() }),
      z.strictObject({ all: z.array(condition).min(1) }),
      z.strictObject({ any: z.array(condition).min(1) }),
    ]),
  )
  .meta({ id: 'ShowWhenCondition' });

// Questions -----------------------------------------------------------------------------------------

const questionOption = z.strictObject({
  value: optionValue,
  label: translationKey,
  /** Points for choosing it (tests; risk profiles). Absent: 0. */
  score: z.number().int().min(-100).max(100).optional(),
  /** Multiple choice: choosing it excludes every other option ("none of the above"). */
  exclusive: z.boolean().optional(),
});
export type QuestionnaireOption = z.infer<typeof questionOption>;

const questionBase = {
  id: questionId,
  label: translationKey,
  help: translationKey.optional(),
  required: z.boolean().default(true),
  showWhen: condition.optional(),
};

const choiceQuestion = z.strictObject({
  ...questionBase,
  type: z.literal('single_choice'),
  options: z.array(questionOption).min(2).max(QUESTIONNAIRE_LIMITS.maxSelections),
});
const multipleChoiceQuestion = z.strictObject({
  ...questionBase,
  type: z.literal('multiple_choice'),
  options: z.array(questionOption).min(2).max(QUESTIONNAIRE_LIMITS.maxSelections),
  minSelections: z.number().int().min(1).optional(),
  maxSelections: z.number().int().min(1).max(QUESTIONNAIRE_LIMITS.maxSelections).optional(),
});
const textQuestion = z.strictObject({
  ...questionBase,
  type: z.literal('text'),
  minLength: z.number().int().min(1).optional(),
  maxLength: z.number().int().min(1).max(QUESTIONNAIRE_LIMITS.textMaxLength).optional(),
  multiline: z.boolean().optional(),
  pattern: z.enum(TEXT_PATTERN_NAMES).optional(),
});
const numberQuestion = z.strictObject({
  ...questionBase,
  type: z.literal('number'),
  min: z.number().optional(),
  max: z.number().optional(),
  integer: z.boolean().optional(),
  /** Display unit, e.g. a currency code or `years`; a translation key. */
  unit: translationKey.optional(),
});
const dateQuestion = z.strictObject({
  ...questionBase,
  type: z.literal('date'),
  minDate: dateBound.optional(),
  maxDate: dateBound.optional(),
});
const countryQuestion = z.strictObject({ ...questionBase, type: z.literal('country') });
const yesNoQuestion = z.strictObject({
  ...questionBase,
  type: z.literal('yes_no'),
  /** Scored yes/no (tests): points for each answer. */
  scores: z.strictObject({ yes: z.number().int(), no: z.number().int() }).optional(),
});
/** A tick box the person must tick to go on when required (an agreement clause, a truthfulness statement). */
const declarationQuestion = z.strictObject({ ...questionBase, type: z.literal('declaration') });
/**
 * Evidence: the answer is a list of document ids of the user's uploads (same hygiene and encryption as
 * identity documents).
 */
const evidenceQuestion = z.strictObject({
  ...questionBase,
  type: z.literal('evidence_upload'),
  minFiles: z.number().int().min(1).optional(),
  maxFiles: z.number().int().min(1).max(QUESTIONNAIRE_LIMITS.evidenceMaxFiles).optional(),
});

const question = z.discriminatedUnion('type', [
  choiceQuestion,
  multipleChoiceQuestion,
  textQuestion,
  numberQuestion,
  dateQuestion,
  countryQuestion,
  yesNoQuestion,
  declarationQuestion,
  evidenceQuestion,
]);
export type QuestionnaireQuestion = z.infer<typeof question>;
export type QuestionnaireQuestionOf<T extends QuestionnaireQuestionType> = Extract<
  QuestionnaireQuestion,
  { type: T }
>;

export const questionnairePage = z.strictObject({
  id: questionId,
  title: translationKey.optional(),
  /** Paragraphs shown above the questions (an agreement's clauses, an explanation). */
  body: z.array(translationKey).optional(),
  questions: z.array(question).min(1),
});
export type QuestionnairePage = z.infer<typeof questionnairePage>;

export const questionnaireSection = z.strictObject({
  id: questionId,
  title: translationKey,
  pages: z.array(questionnairePage).min(1),
});
export type QuestionnaireSection = z.infer<typeof questionnaireSection>;

const scoreBand = z.strictObject({
  /** Lowest score of the band (inclusive); bands are listed from the lowest. */
  min: z.number().int(),
  /** A profile name, e.g. `conservative`, and its label. */
  value: optionValue,
  label: translationKey,
});

const templateCode = z.string().regex(/^[a-z0-9][a-z0-9-]{1,63}$/, 'a template code (kebab-case)');

/** One version of one template (content/questionnaires/<code>.v<version>.json). */
export const questionnaireTemplate = z
  .strictObject({
    code: templateCode,
    version: z.number().int().min(1),
    /** The template_code the spec §7 calls use for it, e.g. `200` for the AML questionnaire. */
    externalCode: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/)
      .optional(),
    kind: z.enum(QUESTIONNAIRE_KINDS),
    review: z.enum(QUESTIONNAIRE_REVIEWS),
    title: translationKey,
    description: translationKey.optional(),
    /** spec §2 routes (paths under /auth) that show this template. */
    screens: z.array(z.string().min(1)).default([]),
    scoring: z
      .strictObject({
        /** Lowest score that passes. */
        passMark: z.number().int(),
        bands: z.array(scoreBand).optional(),
      })
      .optional(),
    retry: z
      .strictObject({ coolDownHours: z.number().int().min(0).max(QUESTIONNAIRE_LIMITS.coolDownHoursMax) })
      .optional(),
    sections: z.array(questionnaireSection).min(1),
  })
  .superRefine((template, ctx) => {
    const seen = new Set<string>();
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    for (const section of template.sections)
      for (const page of section.pages)
        for (const q of page.questions) {
          if (seen.has(q.id)) issue(`${q.id}: duplicate question id`);
          if (q.showWhen)
            for (const ref of showWhenRefs(q.showWhen))
              if (!seen.has(ref))
                issue(`${q.id}: showWhen refers to ${ref}, which is not an earlier question`);
          seen.add(q.id);
          if (q.type === 'single_choice' || q.type === 'multiple_choice') {
            const values = q.options.map((o) => o.value);
            if (new Set(values).size !== values.length) issue(`${q.id}: duplicate option value`);
          }
          if (
            q.type === 'multiple_choice' &&
            q.minSelections &&
            q.maxSelections &&
            q.minSelections > q.maxSelections
          )
            issue(`${q.id}: minSelections above maxSelections`);
          if (q.type === 'text' && q.minLength && q.maxLength && q.minLength > q.maxLength)
            issue(`${q.id}: minLength above maxLength`);
          if (q.type === 'number' && q.min !== undefined && q.max !== undefined && q.min > q.max)
            issue(`${q.id}: min above max`);
          if (q.type === 'evidence_upload' && q.minFiles && q.maxFiles && q.minFiles > q.maxFiles)
            issue(`${q.id}: minFiles above maxFiles`);
        }
    if (template.kind === 'test') {
      if (!template.scoring) issue('a test needs scoring with a pass mark');
      if (!template.retry) issue('a test needs a retry cool-down');
      if (template.review !== 'auto') issue('a test is decided by its score (review auto)');
    }
    const bands = template.scoring?.bands ?? [];
    for (let i = 1; i < bands.length; i++)
      if ((bands[i] as { min: number }).min <= (bands[i - 1] as { min: number }).min)
        issue('score bands must be listed from the lowest, with increasing min');
  });
export type QuestionnaireTemplate = z.infer<typeof questionnaireTemplate>;
/** The template as written in a JSON file (defaults not yet applied). */
export type QuestionnaireTemplateInput = z.input<typeof questionnaireTemplate>;

/** Every question id a condition reads. */
export function showWhenRefs(cond: ShowWhenCondition): string[] {
  if ('all' in cond) return cond.all.flatMap(showWhenRefs);
  if ('any' in cond) return cond.any.flatMap(showWhenRefs);
  return [cond.questionId];
}

// Answers, drafts, results -------------------------------------------------------------------------

/** Answers pinned to the exact template version the user saw (docs/questionnaires.md "Version pinning"). */
const answerSet = z.strictObject({
  templateCode,
  templateVersion: z.number().int().min(1),
  answers,
});
export type QuestionnaireAnswerSet = z.infer<typeof answerSet>;

/** An autosaved draft: partial answers and where the user is (progress indicator). */
export const questionnaireDraft = z.strictObject({
  templateCode,
  templateVersion: z.number().int().min(1),
  answers,
  /** Index of the page the user is on, over all sections (0-based). */
  pageIndex: z.number().int().min(0),
  /** Epoch ms of the last save. */
  updatedAt: z.number().int(),
});
export type QuestionnaireDraft = z.infer<typeof questionnaireDraft>;

/** A score: points reached, points possible, passed (null when the template has no pass mark), profile band. */
export const questionnaireScore = z.object({
  score: z.number(),
  max: z.number(),
  passed: z.boolean().nullable(),
  band: optionValue.nullable(),
});
export type QuestionnaireScore = z.infer<typeof questionnaireScore>;

export const questionnaireSubmissionResult = z.object({
  submissionId: z.string(),
  templateCode,
  templateVersion: z.number().int(),
  status: z.enum(QUESTIONNAIRE_STATUSES),
  /** Tests only. */
  score: questionnaireScore.nullable(),
  /** Epoch ms before which a failed test cannot be retried; null when a retry is open or not applicable. */
  retryAfter: z.number().int().nullable(),
  submittedAt: z.number().int(),
  /**
   * A failed knowledge test only: the ids of the questions answered wrongly, in template order (the
   * right answers are never revealed). Absent otherwise.
   */
  wrongQuestionIds: z.array(z.string()).optional(),
});
export type QuestionnaireSubmissionResult = z.infer<typeof questionnaireSubmissionResult>;

/** GET /v3/private/kyc/agreement-document: the person's accepted agreement, as a file (issue 10). */
export const agreementDocumentQuery = z.object({
  template_code: z.string().min(1).max(64),
  lang: z.string().max(16).optional(),
});

/** Why one answer was refused; the forms translate it as `errors.<code>` in the questionnaires namespace. */
export const ANSWER_ERROR_CODES = [
  'unknown_question',
  'hidden_question',
  'required',
  'wrong_type',
  'invalid_option',
  'too_few_selections',
  'too_many_selections',
  'exclusive_option',
  'too_short',
  'too_long',
  'pattern',
  'too_small',
  'too_large',
  'not_integer',
  'invalid_date',
  'date_too_early',
  'date_too_late',
  'invalid_country',
  'must_accept',
  'invalid_document',
  'too_few_files',
  'too_many_files',
] as const;
export type AnswerErrorCode = (typeof ANSWER_ERROR_CODES)[number];

const fieldError = z.object({ questionId: z.string(), code: z.enum(ANSWER_ERROR_CODES) });
export type AnswerFieldError = z.infer<typeof fieldError>;

/** The schemas above under names that say what they belong to (the contracts index exports everything). */
export {
  translationKey as questionnaireLabelKey,
  questionId as questionnaireQuestionId,
  optionValue as questionnaireOptionValue,
  dateBound as questionnaireDateBound,
  answerValue as questionnaireAnswerValue,
  answers as questionnaireAnswers,
  condition as showWhenCondition,
  questionOption as questionnaireOption,
  question as questionnaireQuestion,
  scoreBand as questionnaireScoreBand,
  templateCode as questionnaireTemplateCode,
  answerSet as questionnaireAnswerSet,
  fieldError as answerFieldError,
};

// Endpoints (issue 5, spec §7) ----------------------------------------------------------------------

/**
 * GET /v3/private/kyc/questionnaire-template-detail: `template_code` is a template's externalCode
 * (`200`: the AML questionnaire) or its code (`crypto-knowledge-test`); the app sends scene_code and
 * request_id with 200, the KYC web biz_from=kyc_web (both only echo into logs, they change nothing).
 */
export const questionnaireTemplateDetailQuery = z.object({
  template_code: z.string().min(1).max(64),
  scene_code: z.string().max(64).optional(),
  request_id: z.string().max(128).optional(),
  biz_from: z.string().max(32).optional(),
});

/** What the user last submitted (their own answers, for a read-only or amendable view). */
export const questionnaireSubmitted = z.object({
  submissionId: z.string(),
  templateVersion: z.number().int(),
  answers,
  score: questionnaireScore.nullable(),
  submittedAt: z.number().int(),
  /** A failed knowledge test: the questions answered wrongly (as in the submission result). */
  wrongQuestionIds: z.array(z.string()).optional(),
});

export const questionnaireTemplateDetail = z.object({
  /** The version the user answers (pinned: their draft's while it is offered, else the current one). */
  template: questionnaireTemplate,
  status: z.enum(QUESTIONNAIRE_STATUSES),
  /** Whether the user may save or submit in this status (questionnaireEditable). */
  editable: z.boolean(),
  draft: questionnaireDraft.nullable(),
  submitted: questionnaireSubmitted.nullable(),
  /** A rejection's or a request for information's reason, shown as given; '' when none. */
  reason: z.string(),
  retryAfter: z.number().int().nullable(),
  progress: z.object({ pages: z.number().int(), answered: z.number().int(), required: z.number().int() }),
});
export type QuestionnaireTemplateDetail = z.infer<typeof questionnaireTemplateDetail>;

export const questionnaireTokenQuery = z.object({ template_code: z.string().min(1).max(64) });
/** A short-lived token binding the user, the template and the pinned version; create and submit present it. */
export const questionnaireTokenResult = z.object({
  token: z.string(),
  templateCode,
  templateVersion: z.number().int(),
  expiresAt: z.number().int(),
});
export type QuestionnaireTokenResult = z.infer<typeof questionnaireTokenResult>;

const questionnaireToken = z.string().min(1).max(512);

/** POST /v3/private/kyc/create-questionnaire: autosave of the draft (partial validation). */
export const createQuestionnaireRequest = z.strictObject({
  token: questionnaireToken,
  templateCode,
  templateVersion: z.number().int().min(1),
  answers,
  pageIndex: z.number().int().min(0).max(500).default(0),
  /** updatedAt of the draft this tab last read (compare-and-set); null or absent for a first save. */
  baseUpdatedAt: z.number().int().nullable().optional(),
});
export type CreateQuestionnaireRequest = z.input<typeof createQuestionnaireRequest>;

export const createQuestionnaireResult = z.object({
  status: z.enum(QUESTIONNAIRE_STATUSES),
  draft: questionnaireDraft,
  progress: z.object({ pages: z.number().int(), answered: z.number().int(), required: z.number().int() }),
});
export type CreateQuestionnaireResult = z.infer<typeof createQuestionnaireResult>;

/** POST /v3/private/kyc/submit-questionnaire (header Idempotency-Key). */
export const submitQuestionnaireRequest = z.strictObject({
  token: questionnaireToken,
  templateCode,
  templateVersion: z.number().int().min(1),
  answers,
});
export type SubmitQuestionnaireRequest = z.infer<typeof submitQuestionnaireRequest>;

/** POST /option/asset/amp/agreement/apply: accepts an agreement template's clauses. */
export const agreementApplyRequest = z.strictObject({
  templateCode,
  templateVersion: z.number().int().min(1),
  answers,
});
export type AgreementApplyRequest = z.infer<typeof agreementApplyRequest>;

/** POST /v3/private/kyc/questionnaire-evidence: multipart, one field `file` (JPEG, PNG or PDF). */
export const questionnaireEvidenceResult = z.object({
  documentId: z.string(),
  mime: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});
export type QuestionnaireEvidenceResult = z.infer<typeof questionnaireEvidenceResult>;

/** GET /v3/private/kyc/get-aml-result?sceneCode: the AML questionnaire's state for a scene. */
export const amlResultQuery = z.object({ sceneCode: z.string().max(64).optional() });
export const amlResult = z.object({
  sceneCode: z.string(),
  templateCode: z.string(),
  status: z.enum(QUESTIONNAIRE_STATUSES),
  /** An AML questionnaire is required and not submitted (or rejected). */
  needQuestionnaire: z.boolean(),
  reason: z.string(),
  submittedAt: z.number().int().nullable(),
});
export type AmlResult = z.infer<typeof amlResult>;

/** GET /v3/private/aml/get-edd-info. */
export const eddInfo = z.object({
  status: z.enum(EDD_STATUSES),
  /** The reason the user sees (a rejection, a request for more); '' when none. */
  reason: z.string(),
  templateCode: z.literal('edd'),
  questionnaireStatus: z.enum(QUESTIONNAIRE_STATUSES),
  updatedAt: z.number().int().nullable(),
});
export type EddInfo = z.infer<typeof eddInfo>;

export const COMPLIANCE_TASK_KINDS = ['questionnaire', 'rfi', 'edd', 'aml'] as const;
/** A task: the questionnaire it asks for, its status, and the screen (spec §2 route) that completes it. */
export const complianceTask = z.object({
  id: z.string(),
  kind: z.enum(COMPLIANCE_TASK_KINDS),
  templateCode,
  screen: z.string(),
  status: z.enum(QUESTIONNAIRE_STATUSES),
  /** Still to do (not submitted, or rejected / reopened). */
  open: z.boolean(),
  /** A reviewer's request for information, shown as given; '' otherwise. */
  requestText: z.string(),
  createdAt: z.number().int(),
  /**
   * When an open task is due (epoch ms): TASK_DUE_DAYS after it was raised (docs/decisions.md D33);
   * null once it is done. Absent from servers before issue 10.
   */
  dueAt: z.number().int().nullable().optional(),
});
/** Days a person has to complete a compliance task (D33: the client agreement's 30 days' notice). */
export const TASK_DUE_DAYS = 30;
export type ComplianceTask = z.infer<typeof complianceTask>;
export const complianceTasksResult = z.object({ tasks: z.array(complianceTask) });
export type ComplianceTasksResult = z.infer<typeof complianceTasksResult>;

/** POST /segw/task/v1/task/list (the task centre): the same tasks, paged. */
export const taskListRequest = z.object({
  status: z.enum(['open', 'all']).default('all'),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export const taskListResult = z.object({
  list: z.array(complianceTask),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
/** POST /segw/task/v1/task/region: the user's site and whether it has open tasks. */
export const taskRegionResult = z.object({ region: z.string(), openTasks: z.number().int() });

/** POST /v3/private/vip/kycpopupinfo (bus_type=1: the KYC task pop-up). */
export const kycPopupInfoRequest = z.object({ bus_type: z.coerce.number().int().min(1).max(1) });
export const kycPopupInfo = z.object({
  show: z.boolean(),
  /** The most urgent open task (RFI before EDD before required questionnaires), or null. */
  task: complianceTask.nullable(),
});

/**
 * SATOS deposit verification (docs/questionnaires.md "SATOS"): the travel-rule questionnaire of one
 * incoming crypto deposit (who sent it, from which wallet or exchange, proof of control of a
 * self-hosted wallet), the `satos-deposit` template.
 */
export const SATOS_TEMPLATE_CODE = 'satos-deposit';
export const satosDepositRef = z.string().regex(/^[A-Za-z0-9:_-]{6,128}$/, 'a deposit reference');
export const createSatosQuestionnaireRequest = z.strictObject({
  depositRef: satosDepositRef,
  coin: z.string().regex(/^[A-Z0-9]{2,12}$/),
  network: z.string().regex(/^[A-Za-z0-9_-]{2,32}$/),
  templateVersion: z.number().int().min(1),
  answers,
});
export type CreateSatosQuestionnaireRequest = z.infer<typeof createSatosQuestionnaireRequest>;
export const satosQuestionnaireQuery = z.object({ depositRef: satosDepositRef });
export const satosQuestionnaireResult = z.object({
  depositRef: z.string(),
  coin: z.string(),
  network: z.string(),
  status: z.enum(QUESTIONNAIRE_STATUSES),
  templateCode: z.string(),
  templateVersion: z.number().int(),
  reason: z.string(),
  submittedAt: z.number().int().nullable(),
});
export type SatosQuestionnaireResult = z.infer<typeof satosQuestionnaireResult>;

/** GET /fiat/public/channel/pop-up?type=satos_deposit_verify (public): the pop-up's content. */
export const channelPopUpQuery = z.object({ type: z.enum(['satos_deposit_verify']) });
export const channelPopUp = z.object({
  type: z.string(),
  enabled: z.boolean(),
  /** Translation keys of the questionnaires namespace. */
  title: z.string(),
  body: z.array(z.string()),
  templateCode: z.string(),
  templateVersion: z.number().int(),
});
