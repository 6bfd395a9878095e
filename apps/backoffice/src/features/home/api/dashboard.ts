import type { DashboardFigure, DashboardFigures } from '@kyc/contracts';
import { API_BASE, api } from '../../../lib/api-client.ts';
import { utcDayStart } from '../../../lib/format.ts';

export type { DashboardFigure, DashboardFigures };

/** The dashboard's period as in the home page's URL (`?from=&to=`, UTC days); absent: the server's default. */
export interface DashboardPeriod {
  from?: string;
  to?: string;
}

export function readPeriod(params: URLSearchParams): DashboardPeriod {
  const period: DashboardPeriod = {};
  const from = params.get('from');
  if (from && utcDayStart(from) !== null) period.from = from;
  const to = params.get('to');
  if (to && utcDayStart(to) !== null) period.to = to;
  return period;
}

function periodParams(period: DashboardPeriod): URLSearchParams {
  const params = new URLSearchParams();
  if (period.from) params.set('from', period.from);
  if (period.to) params.set('to', period.to);
  return params;
}

/** GET /backoffice/api/dashboard (read_figures). */
export function fetchDashboard(period: DashboardPeriod, signal?: AbortSignal): Promise<DashboardFigures> {
  const query = periodParams(period).toString();
  return api.get<DashboardFigures>(`/dashboard${query ? `?${query}` : ''}`, { signal });
}

/** The address of one figure's CSV over the period the figures were read for (a plain download link). */
export function figureCsvHref(figure: DashboardFigure, period: { from: string; to: string }): string {
  const params = periodParams(period);
  params.set('figure', figure);
  return `${API_BASE}/dashboard/export?${params.toString()}`;
}
