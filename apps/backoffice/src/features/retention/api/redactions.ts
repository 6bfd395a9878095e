/**
 * The erasure job's redaction records (issue 20, docs/data-lifecycle.md "Erasure and crypto-shredding"):
 * newest first by cursor, narrowed to a person or a kind (in the URL); and a run now (admins).
 */
import { RETENTION_KINDS, type RedactionsResult, type RetentionRunResult } from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';
import { parseCursor } from '../../../lib/queue-query.ts';

export type RedactionRecord = RedactionsResult['items'][number];
export type { RetentionRunResult };

/** The kinds a record names: every retention kind, and the destruction of the person's data key. */
export const REDACTION_KINDS = [...RETENTION_KINDS, 'data_key'] as const;
export type RedactionKind = (typeof REDACTION_KINDS)[number];
export const isRedactionKind = (v: string | null): v is RedactionKind =>
  (REDACTION_KINDS as readonly string[]).includes(v ?? '');

export interface RedactionFilters {
  userId?: number;
  kind?: RedactionKind;
}

export const REDACTIONS_PAGE_SIZE = 20;
const ID_PATTERN = /^[1-9]\d{0,14}$/;

export function readRedactionsQuery(params: URLSearchParams): { filters: RedactionFilters; cursor?: string } {
  const filters: RedactionFilters = {};
  const userId = params.get('userId');
  if (userId && ID_PATTERN.test(userId)) filters.userId = Number(userId);
  const kind = params.get('kind');
  if (isRedactionKind(kind)) filters.kind = kind;
  return { filters, cursor: parseCursor(params.get('cursor')) };
}

export function redactionsSearch(filters: RedactionFilters, cursor?: string): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.userId !== undefined) params.set('userId', String(filters.userId));
  if (filters.kind) params.set('kind', filters.kind);
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** GET /backoffice/api/retention/redactions (`read_retention`). */
export function fetchRedactions(filters: RedactionFilters, cursor: string | undefined, signal?: AbortSignal) {
  const params = redactionsSearch(filters, cursor);
  params.set('limit', String(REDACTIONS_PAGE_SIZE));
  return api.get<RedactionsResult>(`/retention/redactions?${params.toString()}`, { signal });
}

/** POST /backoffice/api/retention/run (`edit_retention`; audited): what the run did (62009: one runs). */
export function runErasure(): Promise<RetentionRunResult> {
  return api.post<RetentionRunResult>('/retention/run', {});
}
