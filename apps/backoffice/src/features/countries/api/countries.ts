/**
 * Country coverage endpoints (docs/countries.md): the list with its filters as held in the URL, and
 * the change of one country, made on the version the admin saw (53002 when it moved on).
 */
import {
  COUNTRY_CLOSED_REASONS,
  COVERAGE_STATES,
  DOCUMENT_TYPES,
  type CountryClosedReason,
  type CountryCoverageEntry,
  type CountryCoverageList,
  type CountryCoveragePatch,
  type CoverageState,
  type DocumentType,
} from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';

export { COUNTRY_CLOSED_REASONS, COVERAGE_STATES, DOCUMENT_TYPES };
export type { CountryClosedReason, CountryCoverageEntry, CountryCoverageList, CoverageState, DocumentType };

export interface CountryFilters {
  q?: string;
  state?: CoverageState;
}

export const COUNTRIES_PAGE_SIZE = 50;

const isState = (value: string | null): value is CoverageState =>
  value !== null && (COVERAGE_STATES as readonly string[]).includes(value);

/** Filters and page of a query string; values the API would refuse are dropped. */
export function readCountryQuery(params: URLSearchParams): { filters: CountryFilters; page: number } {
  const filters: CountryFilters = {};
  const q = params.get('q')?.trim();
  if (q) filters.q = q.slice(0, 64);
  const state = params.get('state');
  if (isState(state)) filters.state = state;
  const page = Number(params.get('page'));
  return { filters, page: Number.isInteger(page) && page >= 1 && page <= 100 ? page : 1 };
}

export function countrySearch(filters: CountryFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.state) params.set('state', filters.state);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** GET /backoffice/api/countries (admin): names matched and sorted in the page language. */
export function fetchCountries(
  filters: CountryFilters,
  page: number,
  language: string,
  signal?: AbortSignal,
): Promise<CountryCoverageList> {
  const params = countrySearch(filters, page);
  params.set('page', String(page));
  params.set('pageSize', String(COUNTRIES_PAGE_SIZE));
  if (/^[a-z]{2}(-[A-Z]{2})?$/.test(language)) params.set('lang', language);
  return api.get<CountryCoverageList>(`/countries?${params.toString()}`, { signal });
}

/** PATCH /backoffice/api/countries/:code (admin, audited as countries.update). */
export function patchCountry(code: string, change: CountryCoveragePatch): Promise<CountryCoverageEntry> {
  return api.patch<CountryCoverageEntry>(`/countries/${encodeURIComponent(code)}`, change);
}
