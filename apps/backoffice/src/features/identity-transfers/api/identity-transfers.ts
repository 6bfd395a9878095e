import {
  RET_CODES,
  TRANSFER_STAGES,
  type TransferCase,
  type TransferDecisionRequest,
  type TransferQueueResult,
  type TransferStage,
} from '@kyc/contracts';
import { api, isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey, type ErrorMessageKey } from '../../../lib/error-message.ts';
import { parseCursor } from '../../../lib/queue-query.ts';
import type { CursorListResult } from '../../../lib/use-cursor-list-page.ts';

/** One row of GET /backoffice/api/identity-transfers (docs/identity-transfer.md, D56). */
export type TransferQueueItem = TransferQueueResult['items'][number];
/** GET /backoffice/api/identity-transfers/:id: the transfer and both accounts side by side. */
export type TransferCaseView = TransferCase;
export type TransferAccount = TransferCase['source'];
export type TransferDecisionBody = TransferDecisionRequest;

export { TRANSFER_STAGES, type TransferStage };

/** The queue's filter: one stage (the API answers `in_review` when none is given). */
export interface TransferFilters {
  status?: TransferStage;
}

export const TRANSFER_PAGE_SIZE = 20;
/** The contracts' limits on a rejection's reason (shown to both people). */
export const REASON_MIN = 3;
export const REASON_MAX = 500;

function isStage(value: string | null): value is TransferStage {
  return value !== null && (TRANSFER_STAGES as readonly string[]).includes(value);
}

/** The stage and page a query string asks for; an unknown stage (a typo in a link) is dropped. */
export function readTransferQuery(params: URLSearchParams): { filters: TransferFilters; cursor?: string } {
  const filters: TransferFilters = {};
  const status = params.get('status');
  if (isStage(status)) filters.status = status;
  return { filters, cursor: parseCursor(params.get('cursor')) };
}

/** The query string of a filter and a page cursor (the first page and no filter are left out). */
export function transferSearch(filters: TransferFilters, cursor?: string): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (cursor) params.set('cursor', cursor);
  return params;
}

/**
 * GET /backoffice/api/identity-transfers (view_cases), oldest first by cursor. The endpoint counts no
 * total (D56), so the page reports the rows it holds; `totalCapped` is never set.
 */
export async function fetchTransferQueue(
  filters: TransferFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CursorListResult<TransferQueueItem>> {
  const params = transferSearch(filters, cursor);
  params.set('limit', String(TRANSFER_PAGE_SIZE));
  const page = await api.get<TransferQueueResult>(`/identity-transfers?${params.toString()}`, { signal });
  return { items: page.items, nextCursor: page.nextCursor, total: page.items.length, totalCapped: false };
}

/** GET /backoffice/api/identity-transfers/:id (view_cases); the server audits every view (case.view). */
export function fetchTransferCase(id: number, signal?: AbortSignal): Promise<TransferCaseView> {
  return api.get<TransferCaseView>(`/identity-transfers/${id}`, { signal });
}

/** POST /backoffice/api/identity-transfers/:id/decision (decide): the transfer as it is afterwards. */
export function postTransferDecision(id: number, body: TransferDecisionBody): Promise<TransferCaseView> {
  return api.post<TransferCaseView>(`/identity-transfers/${id}/decision`, body);
}

/** The refusals of the transfer rules (60031–60040), each with its own translated message. */
const TRANSFER_CODES = {
  [RET_CODES.TRANSFER_SOURCE_INVALID.code]: 'sourceInvalid',
  [RET_CODES.TRANSFER_TARGET_VERIFIED.code]: 'targetVerified',
  [RET_CODES.TRANSFER_SOURCE_RESTRICTED.code]: 'sourceRestricted',
  [RET_CODES.TRANSFER_OPEN_CARD.code]: 'openCard',
  [RET_CODES.TRANSFER_COUNTRY_REFUSED.code]: 'countryRefused',
  [RET_CODES.TRANSFER_ALREADY_OPEN.code]: 'alreadyOpen',
  [RET_CODES.TRANSFER_NOT_FOUND.code]: 'notFound',
  [RET_CODES.TRANSFER_DETAILS_MISMATCH.code]: 'detailsMismatch',
  [RET_CODES.TRANSFER_FOUR_EYES.code]: 'fourEyes',
  [RET_CODES.TRANSFER_SELFIE_NOT_REVIEWED.code]: 'selfieNotReviewed',
} as const;
type TransferErrorName = (typeof TRANSFER_CODES)[keyof typeof TRANSFER_CODES];

/** The translation key of a failed call: a transfer refusal by its code, else the console's own mapping. */
export function transferErrorKey(
  error: unknown,
): `identityTransfers.errors.${TransferErrorName}` | ErrorMessageKey {
  if (isApiError(error)) {
    const name = (TRANSFER_CODES as Record<number, TransferErrorName | undefined>)[error.ret_code];
    if (name) return `identityTransfers.errors.${name}`;
  }
  return errorMessageKey(error);
}
