/**
 * The screening lists' status and "refresh now" (issue 18, D95; docs/screening.md "The lists in the back
 * office"): GET /backoffice/api/screening/lists (view_cases), POST /backoffice/api/screening/refresh
 * (refresh_screening_lists, admins; audited). Both answer every configured list as recorded.
 */
import type { ScreeningListsResult } from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';

export type ScreeningList = ScreeningListsResult['lists'][number];

export function fetchScreeningLists(signal?: AbortSignal): Promise<ScreeningListsResult> {
  return api.get<ScreeningListsResult>('/screening/lists', { signal });
}

export function refreshScreeningLists(): Promise<ScreeningListsResult> {
  return api.post<ScreeningListsResult>('/screening/refresh', {});
}
