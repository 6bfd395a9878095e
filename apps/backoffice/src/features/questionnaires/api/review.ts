/**
 * The questionnaire review API (docs/backoffice.md "Questionnaire review", contracts
 * api/backoffice-questionnaires.ts): the queue, one person's response to one template, its evidence and
 * the decisions on it. Types only come from the contracts (their zod schemas stay out of the bundle).
 */
import type {
  CaseClaimResult,
  EddStatus,
  QuestionnaireDecisionRequest,
  QuestionnaireKind,
  QuestionnaireQueueResult,
  QuestionnaireReviewCase,
  QuestionnaireStatus,
} from '@kyc/contracts';
import { API_BASE, api } from '../../../lib/api-client.ts';
import { parseCursor, parseMinAgeHours, parseSite } from '../../../lib/queue-query.ts';

export type QueuePage = QuestionnaireQueueResult;
export type QueueItem = QuestionnaireQueueResult['items'][number];
export type ResponseView = QuestionnaireReviewCase;
export type ResponseSubmission = NonNullable<QuestionnaireReviewCase['submission']>;
export type ResponseAnswer = ResponseSubmission['answers'][number];
export type ResponseEvidence = QuestionnaireReviewCase['evidence'][number];
export type ResponseHistoryEntry = QuestionnaireReviewCase['history'][number];
export type ResponseEddCase = NonNullable<QuestionnaireReviewCase['edd']>;
export type ResponseSatos = QuestionnaireReviewCase['satos'][number];
export type ResponseTask = QuestionnaireReviewCase['tasks'][number];
export type DecisionBody = QuestionnaireDecisionRequest;
export type DecisionName = DecisionBody['decision'];
export type { EddStatus, QuestionnaireKind, QuestionnaireStatus };

/**
 * The contracts' lists as records (importing the lists would bring their module's zod schemas): a value
 * added there is a compile error here.
 */
const STATUSES: Record<QuestionnaireStatus, true> = {
  UNDEFINED: true,
  UNSUBMIT: true,
  PENDING: true,
  PENDING_NO_EDIT: true,
  APPROVED: true,
  REJECTED: true,
};
export const QUESTIONNAIRE_STATUSES = Object.keys(STATUSES) as QuestionnaireStatus[];

const KINDS: Record<QuestionnaireKind, true> = {
  questionnaire: true,
  test: true,
  agreement: true,
  declaration: true,
};
export const QUESTIONNAIRE_KINDS = Object.keys(KINDS) as QuestionnaireKind[];

/** The templates of content/questionnaires (their titles are `<code>.title` in the questionnaires namespace). */
export const TEMPLATE_CODES = [
  'aml-200',
  'edd',
  'source-of-funds-wealth',
  'name-screening',
  'hk-professional-investor',
  'qualified-investor',
  'rfi',
  'satos-deposit',
  'residence-info',
  'crypto-knowledge-test',
  'risk-tolerance-test',
  'client-agreement',
] as const;

/** The EDD case's template and the SATOS deposit verification's (they have their own decision panels). */
export const EDD_TEMPLATE = 'edd';
export const SATOS_TEMPLATE = 'satos-deposit';

/** Reason codes offered when rejecting a response; the person reads the message typed with it. */
export const REJECT_REASON_CODES = [
  'INCOMPLETE_ANSWERS',
  'INCONSISTENT_ANSWERS',
  'INSUFFICIENT_EVIDENCE',
  'UNREADABLE_EVIDENCE',
  'SOURCE_NOT_EXPLAINED',
  'CRITERIA_NOT_MET',
  'HIGH_RISK',
  'SUSPECTED_FRAUD',
] as const;
export type RejectReasonCode = (typeof REJECT_REASON_CODES)[number];

/** The contracts' limits on what staff write. */
export const USER_MESSAGE_MAX = 500;
export const REQUEST_TEXT_MAX = 1000;

export function isQuestionnaireStatus(value: unknown): value is QuestionnaireStatus {
  return typeof value === 'string' && Object.hasOwn(STATUSES, value);
}

export function isQuestionnaireKind(value: unknown): value is QuestionnaireKind {
  return typeof value === 'string' && Object.hasOwn(KINDS, value);
}

export function isTemplateCode(value: unknown): value is (typeof TEMPLATE_CODES)[number] {
  return typeof value === 'string' && (TEMPLATE_CODES as readonly string[]).includes(value);
}

/** The filters of the queue, as in the URL and in the API query (all optional). */
export interface QueueFilters {
  templateCode?: string;
  status?: QuestionnaireStatus;
  kind?: QuestionnaireKind;
  site?: string;
  minAgeHours?: number;
  /** Issue 17: "My cases", the items whose case the signed-in member holds. */
  assignedTo?: 'me';
}

export const QUEUE_PAGE_SIZE = 20;

/** The filters and page a query string asks for; values the API would refuse are dropped. */
export function readQueueQuery(params: URLSearchParams): { filters: QueueFilters; cursor?: string } {
  const filters: QueueFilters = {};
  const template = params.get('templateCode');
  if (isTemplateCode(template)) filters.templateCode = template;
  const status = params.get('status');
  if (isQuestionnaireStatus(status)) filters.status = status;
  const kind = params.get('kind');
  if (isQuestionnaireKind(kind)) filters.kind = kind;
  const site = parseSite(params.get('site'));
  if (site) filters.site = site;
  const minAgeHours = parseMinAgeHours(params.get('minAgeHours'));
  if (minAgeHours !== undefined) filters.minAgeHours = minAgeHours;
  if (params.get('assignedTo') === 'me') filters.assignedTo = 'me';
  return { filters, cursor: parseCursor(params.get('cursor')) };
}

/** The query string of some filters and a page cursor (the first page and empty filters are left out). */
export function queueSearch(filters: QueueFilters, cursor?: string): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.templateCode) params.set('templateCode', filters.templateCode);
  if (filters.status) params.set('status', filters.status);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.site) params.set('site', filters.site);
  if (filters.minAgeHours !== undefined) params.set('minAgeHours', String(filters.minAgeHours));
  if (filters.assignedTo) params.set('assignedTo', filters.assignedTo);
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** GET /backoffice/api/questionnaires/queue (view_cases): responses waiting for a decision, oldest first. */
export function fetchQueue(
  filters: QueueFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<QueuePage> {
  const params = queueSearch(filters, cursor);
  params.set('limit', String(QUEUE_PAGE_SIZE));
  return api.get<QueuePage>(`/questionnaires/queue?${params.toString()}`, { signal });
}

function responsePath(userId: number, templateCode: string): string {
  return `/questionnaires/${userId}/${encodeURIComponent(templateCode)}`;
}

/** GET /backoffice/api/questionnaires/:userId/:templateCode (view_cases); the server audits every view. */
export function fetchResponse(userId: number, templateCode: string, signal?: AbortSignal) {
  return api.get<ResponseView>(responsePath(userId, templateCode), { signal });
}

/** POST …/decisions (through the status machine; 51001 when the status does not allow it): the response after it. */
export function postDecision(
  userId: number,
  templateCode: string,
  body: DecisionBody,
): Promise<ResponseView> {
  return api.post<ResponseView>(`${responsePath(userId, templateCode)}/decisions`, body);
}

/** POST …/claim ("Assign to me", or renew one's own claim; 55011 when someone else holds the case). */
export function claimResponse(userId: number, templateCode: string): Promise<CaseClaimResult> {
  return api.post<CaseClaimResult>(`${responsePath(userId, templateCode)}/claim`, {});
}

/** DELETE …/claim: give the case back (or, for a lead, take it away), over the claim as read. */
export function releaseResponse(
  userId: number,
  templateCode: string,
  version: number,
): Promise<CaseClaimResult> {
  return api.delete<CaseClaimResult>(`${responsePath(userId, templateCode)}/claim?version=${version}`);
}

/**
 * Where the browser reads one evidence file (same origin: the staff cookie goes with it). The answer is
 * sandboxed and every read is audited by the server.
 */
export function evidenceUrl(userId: number, templateCode: string, evidenceId: string): string {
  return `${API_BASE}${responsePath(userId, templateCode)}/evidence/${encodeURIComponent(evidenceId)}`;
}
