/**
 * Provider routing endpoints (decision D23, docs/backoffice.md "Provider routing"): the routes with the
 * fallback and the configured vendors, and the change or deletion of one country's route, made on the
 * `updatedAt` the admin saw (30073 when it moved on).
 */
import {
  KYC_PROVIDERS,
  type KycProvider,
  type ProviderRouteEntry,
  type ProviderRoutePut,
  type ProviderRoutesView,
} from '@kyc/contracts';
import { api, apiRequest } from '../../../lib/api-client.ts';

export { KYC_PROVIDERS };
export type { KycProvider, ProviderRouteEntry, ProviderRoutesView };

/** The route of every country no other route names. */
export const EVERY_OTHER_COUNTRY = '*';

/** '*' or two letters (upper-cased); null for anything else. */
export function routeCountry(input: string): string | null {
  const value = input.trim().toUpperCase();
  return value === EVERY_OTHER_COUNTRY || /^[A-Z]{2}$/.test(value) ? value : null;
}

/** A whole number 0–100 from the form's text; null otherwise. */
export function routePercentage(input: string): number | null {
  const value = input.trim();
  if (!/^\d{1,3}$/.test(value)) return null;
  const n = Number(value);
  return n <= 100 ? n : null;
}

const pathOf = (country: string) => `/provider-routes/${encodeURIComponent(country)}`;

/** GET /backoffice/api/provider-routes (admin). */
export function fetchProviderRoutes(signal?: AbortSignal): Promise<ProviderRoutesView> {
  return api.get<ProviderRoutesView>('/provider-routes', { signal });
}

/** PUT /backoffice/api/provider-routes/:country (admin, audited as provider_routes.update). */
export function putProviderRoute(country: string, body: ProviderRoutePut): Promise<ProviderRouteEntry> {
  return apiRequest<ProviderRouteEntry>('PUT', pathOf(country), body);
}

/** DELETE /backoffice/api/provider-routes/:country (admin, audited as provider_routes.delete). */
export function deleteProviderRoute(country: string, updatedAt: number): Promise<null> {
  return apiRequest<null>('DELETE', `${pathOf(country)}?updatedAt=${updatedAt}`);
}
