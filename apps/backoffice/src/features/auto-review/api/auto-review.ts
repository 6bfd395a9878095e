/**
 * The quality review of the in-house provider's automatic approvals (issue 19, D103): the queue by state
 * and cursor (the state in the URL), and the actions on one item (reviewed, reversal proposed, withdrawn
 * or confirmed by a second senior reviewer).
 */
import type { AutoReviewAction, AutoReviewItem, AutoReviewResult, AutoReviewState } from '@kyc/contracts';
import { AUTO_REVIEW_STATES } from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';
import { parseCursor } from '../../../lib/queue-query.ts';

export { AUTO_REVIEW_STATES };
export type { AutoReviewItem, AutoReviewState };

/** The filters as in the URL; none: the items waiting for review. */
export interface AutoReviewFilters {
  state?: Exclude<AutoReviewState, 'waiting'>;
}

export const AUTO_REVIEW_PAGE_SIZE = 20;

const isOtherState = (v: string | null): v is Exclude<AutoReviewState, 'waiting'> =>
  v === 'reviewed' || v === 'reversal_proposed' || v === 'reversed';

export function readAutoReviewQuery(params: URLSearchParams): {
  filters: AutoReviewFilters;
  cursor?: string;
} {
  const state = params.get('state');
  return { filters: isOtherState(state) ? { state } : {}, cursor: parseCursor(params.get('cursor')) };
}

export function autoReviewSearch(filters: AutoReviewFilters, cursor?: string): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.state) params.set('state', filters.state);
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** GET /backoffice/api/auto-decisions/reviews (`view_cases`). */
export function fetchAutoReviews(
  filters: AutoReviewFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  const params = autoReviewSearch(filters, cursor);
  params.set('limit', String(AUTO_REVIEW_PAGE_SIZE));
  return api.get<AutoReviewResult>(`/auto-decisions/reviews?${params.toString()}`, { signal });
}

/** POST /backoffice/api/auto-decisions/reviews/:id (audited). */
export function actOnAutoReview(id: number, action: AutoReviewAction): Promise<{ id: number }> {
  return api.post<{ id: number }>(`/auto-decisions/reviews/${id}`, action);
}
