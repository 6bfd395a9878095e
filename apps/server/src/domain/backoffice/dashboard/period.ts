/**
 * The dashboard's period (issue 17): whole UTC days `from` … `to`, both included, as `YYYY-MM-DD`.
 * Neither given: the last 30 days, today included. Not a real date, or `from` after `to`: 55031; longer
 * than 366 days: 55032.
 */
import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS } from '@kyc/contracts';
import { AppError } from '../../../lib/app-error.ts';

export const DAY_MS = 86_400_000;

export interface Period {
  from: string;
  to: string;
  days: number;
  /** First millisecond of `from` (UTC). */
  startMs: number;
  /** First millisecond after `to` (UTC): the period is [startMs, endMs). */
  endMs: number;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function dayStart(text: string): number {
  const m = DAY_PATTERN.exec(text);
  if (!m) throw new AppError('DASHBOARD_PERIOD_INVALID');
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (Number.isNaN(ms) || dayOf(ms) !== text) throw new AppError('DASHBOARD_PERIOD_INVALID');
  return ms;
}

export function periodOf(query: { from?: string | undefined; to?: string | undefined }, now: number): Period {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const to = query.to ? dayStart(query.to) : today;
  const from = query.from ? dayStart(query.from) : to - (DASHBOARD_DEFAULT_DAYS - 1) * DAY_MS;
  if (from > to) throw new AppError('DASHBOARD_PERIOD_INVALID');
  const days = (to - from) / DAY_MS + 1;
  if (days > DASHBOARD_MAX_DAYS) throw new AppError('DASHBOARD_PERIOD_TOO_LONG');
  return { from: dayOf(from), to: dayOf(to), days, startMs: from, endMs: to + DAY_MS };
}
