import type { ReviewQueueResult } from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';
import { parseCursor, parseMinAgeHours, parseSite } from '../../../lib/queue-query.ts';
import { isSubmissionKind, type SubmissionKind } from '../../../lib/submission-kinds.ts';

/** One row of GET /backoffice/api/queue: one pending submission. */
export type QueueItem = ReviewQueueResult['items'][number];
export type QueuePage = ReviewQueueResult;

/** The filters of the queue, as in the URL and in the API query (all optional). */
export interface QueueFilters {
  level?: 1 | 2;
  country?: string;
  site?: string;
  kind?: SubmissionKind;
  minAgeHours?: number;
  /** Only cases whose final rejection waits for a senior's confirmation. */
  pendingFinal?: true;
  /** Issue 17 "My cases": only cases the signed-in member holds. */
  assignedTo?: 'me';
  /** Issue 17: only items past their due time. */
  breached?: true;
}

export const QUEUE_PAGE_SIZE = 20;

/**
 * The filters and page a query string asks for. Values the API would refuse (a typo in a shared link)
 * are dropped rather than failing the whole page.
 */
export function readQueueQuery(params: URLSearchParams): { filters: QueueFilters; cursor?: string } {
  const filters: QueueFilters = {};
  const level = params.get('level');
  if (level === '1' || level === '2') filters.level = Number(level) as 1 | 2;
  const country = params.get('country')?.trim().toUpperCase();
  if (country && /^[A-Z]{2}$/.test(country)) filters.country = country;
  const site = parseSite(params.get('site'));
  if (site) filters.site = site;
  const kind = params.get('kind');
  if (isSubmissionKind(kind)) filters.kind = kind;
  const minAgeHours = parseMinAgeHours(params.get('minAgeHours'));
  if (minAgeHours !== undefined) filters.minAgeHours = minAgeHours;
  if (params.get('pendingFinal') === 'true') filters.pendingFinal = true;
  if (params.get('assignedTo') === 'me') filters.assignedTo = 'me';
  if (params.get('breached') === 'true') filters.breached = true;
  return { filters, cursor: parseCursor(params.get('cursor')) };
}

/** The query string of some filters and a page cursor (the first page and empty filters are left out). */
export function queueSearch(filters: QueueFilters, cursor?: string): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.level !== undefined) params.set('level', String(filters.level));
  if (filters.country) params.set('country', filters.country);
  if (filters.site) params.set('site', filters.site);
  if (filters.kind) params.set('kind', filters.kind);
  if (filters.minAgeHours !== undefined) params.set('minAgeHours', String(filters.minAgeHours));
  if (filters.pendingFinal) params.set('pendingFinal', 'true');
  if (filters.assignedTo) params.set('assignedTo', filters.assignedTo);
  if (filters.breached) params.set('breached', 'true');
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** GET /backoffice/api/queue (view_cases): pending submissions, oldest first. */
export function fetchQueue(
  filters: QueueFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<QueuePage> {
  const params = queueSearch(filters, cursor);
  params.set('limit', String(QUEUE_PAGE_SIZE));
  return api.get<QueuePage>(`/queue?${params.toString()}`, { signal });
}
