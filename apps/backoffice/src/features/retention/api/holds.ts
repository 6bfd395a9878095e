/**
 * Legal holds (issue 20, docs/data-lifecycle.md "Legal hold"): the list newest first by cursor (state and
 * person filters, in the URL), placing a hold on a person found by email or id, and lifting one.
 */
import type {
  LegalHold,
  LegalHoldReason,
  LegalHoldRequest,
  LegalHoldsResult,
  PersonLookupResult,
} from '@kyc/contracts';
import { LEGAL_HOLD_REASONS } from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';
import { parseCursor } from '../../../lib/queue-query.ts';

export { LEGAL_HOLD_REASONS };
export type { LegalHold, LegalHoldReason, PersonLookupResult };

export const HOLD_STATES = ['active', 'lifted', 'all'] as const;
export type HoldState = (typeof HOLD_STATES)[number];

/** The list's filters as in the URL; none: the active holds. */
export interface HoldFilters {
  state?: Exclude<HoldState, 'active'>;
  userId?: number;
}

export const HOLDS_PAGE_SIZE = 20;
const ID_PATTERN = /^[1-9]\d{0,14}$/;

export function readHoldsQuery(params: URLSearchParams): { filters: HoldFilters; cursor?: string } {
  const filters: HoldFilters = {};
  const state = params.get('state');
  if (state === 'lifted' || state === 'all') filters.state = state;
  const userId = params.get('userId');
  if (userId && ID_PATTERN.test(userId)) filters.userId = Number(userId);
  return { filters, cursor: parseCursor(params.get('cursor')) };
}

export function holdsSearch(filters: HoldFilters, cursor?: string): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.state) params.set('state', filters.state);
  if (filters.userId !== undefined) params.set('userId', String(filters.userId));
  if (cursor) params.set('cursor', cursor);
  return params;
}

/** GET /backoffice/api/retention/holds (`read_retention`). */
export function fetchHolds(filters: HoldFilters, cursor: string | undefined, signal?: AbortSignal) {
  const params = holdsSearch(filters, cursor);
  params.set('limit', String(HOLDS_PAGE_SIZE));
  return api.get<LegalHoldsResult>(`/retention/holds?${params.toString()}`, { signal });
}

/** GET /backoffice/api/people/lookup?q= (`manage_legal_holds`): an email or a user id. */
export function lookupPerson(q: string): Promise<PersonLookupResult> {
  return api.get<PersonLookupResult>(`/people/lookup?${new URLSearchParams({ q }).toString()}`);
}

/** POST /backoffice/api/retention/holds (`manage_legal_holds`; audited). */
export function placeHold(body: LegalHoldRequest): Promise<LegalHold> {
  return api.post<LegalHold>('/retention/holds', body);
}

/** POST /backoffice/api/retention/holds/:id/lift (`manage_legal_holds`; audited). */
export function liftHold(holdId: number, reason: string): Promise<LegalHold> {
  return api.post<LegalHold>(`/retention/holds/${holdId}/lift`, { reason });
}
