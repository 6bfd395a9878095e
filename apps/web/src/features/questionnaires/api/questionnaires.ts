import type {
  AgreementApplyRequest,
  CountryEntry,
  CreateQuestionnaireRequest,
  CreateQuestionnaireResult,
  QuestionnaireEvidenceResult,
  QuestionnaireSubmissionResult,
  QuestionnaireTemplateDetail,
  QuestionnaireTokenResult,
  SubmitQuestionnaireRequest,
} from '@kyc/contracts';
import { callEndpoint, uploadForm, withIdempotencyKey, type UploadProgress } from '../../../lib/http';

export type { UploadProgress };

/** Ret codes of the questionnaire endpoints (docs/api.md "Questionnaire endpoints"). */
export const QUESTIONNAIRE_CODES = {
  /** Illegal transition, or a stale draft (another tab saved since this one read it). */
  staleOrLocked: 51001,
  invalidAnswers: 51002,
  versionMismatch: 51003,
  unknownTemplate: 51004,
  coolDown: 51005,
  tokenInvalid: 51006,
} as const;

/** The refusals the form answers itself (the others are reported by the HTTP client, spec §8). */
const ANSWERED_CODES: readonly number[] = [
  QUESTIONNAIRE_CODES.staleOrLocked,
  QUESTIONNAIRE_CODES.invalidAnswers,
  QUESTIONNAIRE_CODES.versionMismatch,
  QUESTIONNAIRE_CODES.coolDown,
  QUESTIONNAIRE_CODES.tokenInvalid,
];

/** GET questionnaire-template-detail as the KYC web asks it (biz_from=kyc_web and template_code). */
export function getTemplateDetail(templateCode: string): Promise<QuestionnaireTemplateDetail> {
  return callEndpoint<QuestionnaireTemplateDetail>(
    'questionnaireTemplateDetail',
    { biz_from: 'kyc_web', template_code: templateCode },
    { silent: true },
  );
}

/** GET questionnaire-token: one hour, bound to the user, the template and the pinned version. */
export function getQuestionnaireToken(templateCode: string): Promise<QuestionnaireTokenResult> {
  return callEndpoint<QuestionnaireTokenResult>('questionnaireToken', { template_code: templateCode });
}

/** POST create-questionnaire: the draft autosave (silent: the form shows its own status). */
export function saveDraft(body: CreateQuestionnaireRequest): Promise<CreateQuestionnaireResult> {
  return callEndpoint<CreateQuestionnaireResult>('createQuestionnaire', { ...body }, { silent: true });
}

/** POST submit-questionnaire with the Idempotency-Key that the caller keeps across retries. */
export function submitQuestionnaire(
  body: SubmitQuestionnaireRequest,
  idempotencyKey: string,
): Promise<QuestionnaireSubmissionResult> {
  return callEndpoint<QuestionnaireSubmissionResult>(
    'submitQuestionnaire',
    { ...body },
    withIdempotencyKey({ silent: ANSWERED_CODES }, idempotencyKey),
  );
}

/** POST /option/asset/amp/agreement/apply: accepts an agreement version (the same version twice answers the first). */
export function applyAgreement(body: AgreementApplyRequest): Promise<QuestionnaireSubmissionResult> {
  return callEndpoint<QuestionnaireSubmissionResult>(
    'ampAgreementApply',
    { ...body },
    { silent: ANSWERED_CODES },
  );
}

/** POST questionnaire-evidence: multipart, one field `file` (JPEG, PNG or PDF, at most 10 MB). */
export function uploadEvidence(
  file: Blob,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<QuestionnaireEvidenceResult> {
  const form = new FormData();
  const name = file instanceof File && file.name ? file.name : 'evidence';
  form.append('file', file, name);
  return uploadForm<QuestionnaireEvidenceResult>('questionnaireEvidence', form, options);
}

/** GET /v2/public/country-list?is_disable=1: the codes a country answer may take. */
export async function getCountryCodes(): Promise<string[]> {
  const result = await callEndpoint<{ list: CountryEntry[] }>('countryList', undefined, { cache: true });
  return result.list.map((c) => c.code);
}
