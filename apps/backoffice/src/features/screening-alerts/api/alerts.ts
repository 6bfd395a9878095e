import {
  SCREENING_CATEGORIES,
  SCREENING_HIT_STATES,
  type ScreeningAlertsResult,
  type ScreeningAssignResult,
  type ScreeningCategory,
  type ScreeningHitState,
} from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';
import { parseCursor } from '../../../lib/queue-query.ts';

/** One row of GET /backoffice/api/screening/alerts: one screening hit (the list's side of it). */
export type AlertItem = ScreeningAlertsResult['items'][number];
export type AlertsPage = ScreeningAlertsResult;

/** The filters of the alerts queue, as in the URL and the API query; none: the hits still to resolve. */
export interface AlertFilters {
  state?: ScreeningHitState;
  list?: string;
  category?: ScreeningCategory;
  /** `me`: only the alerts assigned to the member reading. */
  assignee?: 'me';
}

export const ALERTS_PAGE_SIZE = 20;

const isState = (v: string | null): v is ScreeningHitState =>
  (SCREENING_HIT_STATES as readonly string[]).includes(v ?? '');
const isCategory = (v: string | null): v is ScreeningCategory =>
  (SCREENING_CATEGORIES as readonly string[]).includes(v ?? '');

/** The filters and page of a query string; values the API would refuse are dropped. */
export function readAlertsQuery(params: URLSearchParams): { filters: AlertFilters; cursor?: string } {
  const filters: AlertFilters = {};
  const state = params.get('state');
  if (isState(state)) filters.state = state;
  const list = params.get('list')?.trim();
  if (list && list.length <= 200) filters.list = list;
  const category = params.get('category');
  if (isCategory(category)) filters.category = category;
  if (params.get('assignee') === 'me') filters.assignee = 'me';
  return { filters, cursor: parseCursor(params.get('cursor')) };
}

/** The query string of some filters and a page cursor (empty filters and the first page left out). */
export function alertsSearch(filters: AlertFilters, cursor?: string): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.state) params.set('state', filters.state);
  if (filters.list) params.set('list', filters.list);
  if (filters.category) params.set('category', filters.category);
  if (filters.assignee) params.set('assignee', filters.assignee);
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** GET /backoffice/api/screening/alerts (view_cases): oldest raised first, paged by cursor. */
export function fetchAlerts(
  filters: AlertFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AlertsPage> {
  const params = alertsSearch(filters, cursor);
  params.set('limit', String(ALERTS_PAGE_SIZE));
  return api.get<AlertsPage>(`/screening/alerts?${params.toString()}`, { signal });
}

/** POST /backoffice/api/screening/hits/:hitId/assignee: "assign to me", over the assignee as read. */
export function assignAlertToMe(
  hitId: number,
  expectedStaffId: number | null,
): Promise<ScreeningAssignResult> {
  return api.post<ScreeningAssignResult>(`/screening/hits/${hitId}/assignee`, { expectedStaffId });
}
