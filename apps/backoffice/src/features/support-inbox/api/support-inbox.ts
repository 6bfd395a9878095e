/**
 * The support inbox's calls (docs/help-centre.md "The inbox"): the list (newest first, a status filter,
 * keyset-paged by a cursor held in the URL), one request, and its answer.
 */
import {
  SUPPORT_ANSWER_MAX,
  SUPPORT_STATUSES,
  SUPPORT_TOPICS,
  type SupportInboxResult,
  type SupportRequestDetail,
  type SupportStatus,
  type SupportTopic,
} from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';

export { SUPPORT_ANSWER_MAX, SUPPORT_STATUSES, type SupportStatus };
export type SupportInboxPage = SupportInboxResult;
export type SupportInboxItem = SupportInboxResult['items'][number];
export type SupportRequest = SupportRequestDetail;

export const INBOX_PAGE_SIZE = 25;

export function isSupportStatus(value: unknown): value is SupportStatus {
  return typeof value === 'string' && (SUPPORT_STATUSES as readonly string[]).includes(value);
}

export function isSupportTopic(value: unknown): value is SupportTopic {
  return typeof value === 'string' && (SUPPORT_TOPICS as readonly string[]).includes(value);
}

/** What the URL asks for: a status (else every request) and the cursor of the page (else the newest). */
export interface InboxQuery {
  status?: SupportStatus;
  cursor?: number;
}

export function readInboxQuery(params: URLSearchParams): InboxQuery {
  const query: InboxQuery = {};
  const status = params.get('status');
  if (isSupportStatus(status)) query.status = status;
  const cursor = params.get('cursor');
  if (cursor && /^[1-9]\d{0,14}$/.test(cursor)) query.cursor = Number(cursor);
  return query;
}

export function inboxSearch(query: InboxQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.cursor !== undefined) params.set('cursor', String(query.cursor));
  return params;
}

/** GET /backoffice/api/support-requests (reviewer and above). */
export function fetchInbox(query: InboxQuery, signal?: AbortSignal): Promise<SupportInboxPage> {
  const params = inboxSearch(query);
  params.set('pageSize', String(INBOX_PAGE_SIZE));
  return api.get<SupportInboxPage>(`/support-requests?${params.toString()}`, { signal });
}

/** GET /backoffice/api/support-requests/:id (audited as support.view). */
export function fetchSupportRequest(id: number, signal?: AbortSignal): Promise<SupportRequest> {
  return api.get<SupportRequest>(`/support-requests/${id}`, { signal });
}

/** POST /backoffice/api/support-requests/:id/answer (audited as support.answer; 52005 when beaten). */
export function answerSupportRequest(id: number, answer: string): Promise<SupportRequest> {
  return api.post<SupportRequest>(`/support-requests/${id}/answer`, { answer });
}
