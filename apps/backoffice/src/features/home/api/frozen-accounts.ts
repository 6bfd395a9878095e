import type { ScreeningAlertsResult } from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';

/**
 * Accounts frozen by a true screening match (issue 18, D111): the alerts queue's `state=true_match`,
 * one row asked for its capped count (the queue's index on state; never an exact count over the table).
 */
export interface FrozenAccounts {
  count: number;
  capped: boolean;
}

/** GET /backoffice/api/screening/alerts?state=true_match&limit=1 (view_cases). */
export async function fetchFrozenAccounts(signal?: AbortSignal): Promise<FrozenAccounts> {
  const page = await api.get<ScreeningAlertsResult>('/screening/alerts?state=true_match&limit=1', { signal });
  return { count: page.total, capped: page.totalCapped };
}

/** The alerts queue showing the true matches: each row links to its case, its export and its freeze. */
export const FROZEN_ACCOUNTS_HREF = `${paths.screeningAlerts.getHref()}?state=true_match`;
