import { AUDIT_ACTIONS, type AuditAction, type AuditChainStatus, type AuditResult } from '@kyc/contracts';
import { API_BASE, api } from '../../../lib/api-client.ts';
import { DAY_MS, utcDayStart } from '../../../lib/format.ts';
import { parseCursor } from '../../../lib/queue-query.ts';

export type AuditPage = AuditResult;
export type AuditItem = AuditResult['items'][number];

/** The actions the server records (contracts AUDIT_ACTIONS); the filter matches one exactly. */
export { AUDIT_ACTIONS, type AuditAction };

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** Filters as in the URL: ids, an action, and a range of UTC days (YYYY-MM-DD, both included). */
export interface AuditFilters {
  staffId?: number;
  subjectUserId?: number;
  action?: AuditAction;
  fromDay?: string;
  toDay?: string;
}

export const AUDIT_PAGE_SIZE = 50;
const positiveId = (value: string | null): number | undefined =>
  value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : undefined;

/** Filters and page of a query string; values the API would refuse are dropped. */
export function readAuditQuery(params: URLSearchParams): { filters: AuditFilters; cursor?: string } {
  const filters: AuditFilters = {};
  const staffId = positiveId(params.get('staffId'));
  if (staffId !== undefined) filters.staffId = staffId;
  const subjectUserId = positiveId(params.get('subjectUserId'));
  if (subjectUserId !== undefined) filters.subjectUserId = subjectUserId;
  const action = params.get('action');
  if (isAuditAction(action)) filters.action = action;
  const fromDay = params.get('from');
  if (fromDay && utcDayStart(fromDay) !== null) filters.fromDay = fromDay;
  const toDay = params.get('to');
  if (toDay && utcDayStart(toDay) !== null) filters.toDay = toDay;
  return { filters, cursor: parseCursor(params.get('cursor')) };
}

export function auditSearch(filters: AuditFilters, cursor?: string): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.staffId !== undefined) params.set('staffId', String(filters.staffId));
  if (filters.subjectUserId !== undefined) params.set('subjectUserId', String(filters.subjectUserId));
  if (filters.action) params.set('action', filters.action);
  if (filters.fromDay) params.set('from', filters.fromDay);
  if (filters.toDay) params.set('to', filters.toDay);
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** GET /backoffice/api/audit (read_audit: auditors and admins), newest first. */
export function fetchAudit(
  filters: AuditFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AuditPage> {
  const params = new URLSearchParams();
  if (filters.staffId !== undefined) params.set('staffId', String(filters.staffId));
  if (filters.subjectUserId !== undefined) params.set('subjectUserId', String(filters.subjectUserId));
  if (filters.action) params.set('action', filters.action);
  const from = filters.fromDay ? utcDayStart(filters.fromDay) : null;
  if (from !== null) params.set('from', String(from));
  const to = filters.toDay ? utcDayStart(filters.toDay) : null;
  if (to !== null) params.set('to', String(to + DAY_MS - 1));
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(AUDIT_PAGE_SIZE));
  return api.get<AuditPage>(`/audit?${params.toString()}`, { signal });
}

/**
 * GET /backoffice/api/audit/chain (read_audit): how far the audit log's hash chain is verified, or where
 * it breaks. Each call also verifies the entries written since the last one (server side, in batches).
 */
export function fetchAuditChain(signal?: AbortSignal): Promise<AuditChainStatus> {
  return api.get<AuditChainStatus>('/audit/chain', { signal });
}

/**
 * GET /backoffice/api/audit/export (read_audit, issue 17): the filtered range as CSV, streamed by the
 * server and audited there as a data export. Without days the server takes the last 30.
 */
export function auditCsvHref(filters: AuditFilters): string {
  const params = auditSearch(filters);
  const query = params.toString();
  return `${API_BASE}/audit/export${query ? `?${query}` : ''}`;
}
