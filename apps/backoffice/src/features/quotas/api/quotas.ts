import type { QuotaEntry, QuotaPatchRequest } from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';

export type QuotaScope = 'KYC' | 'KYB';
export type QuotaChange = QuotaPatchRequest['quotas'][number];

/** One limit as the server holds it (GET and PATCH answer the whole list). */
export type Quota = QuotaEntry;

export const QUOTA_SCOPES: readonly QuotaScope[] = ['KYC', 'KYB'];
export const QUOTA_LEVELS = [0, 1, 2] as const;
/** The contracts' rules (quotaPatchRequest): coin code, non-negative decimal with ≤ 8 decimals. */
export const COIN_PATTERN = /^[A-Z0-9]{2,10}$/;
export const LIMIT_PATTERN = /^\d{1,18}(\.\d{1,8})?$/;
export const MAX_CHANGES = 50;

/** GET /backoffice/api/quotas (admin, audited as quotas.view): every limit, by scope, level and coin. */
export function fetchQuotas(signal?: AbortSignal): Promise<Quota[]> {
  return api.get<Quota[]>('/quotas', { signal });
}

/** PATCH /backoffice/api/quotas (admin, audited as quotas.update): the limits after the change. */
export function patchQuotas(quotas: QuotaChange[]): Promise<Quota[]> {
  return api.patch<Quota[]>('/quotas', { quotas });
}
