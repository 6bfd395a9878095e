import type { CountryEntry } from '@kyc/contracts';
import { callEndpoint, type RequestOptions } from '../../../lib/http';

/** GET /v2/public/country-list?is_disable=1 (spec §7, §9): every country, closed ones flagged. */
export async function getCountryList(options?: RequestOptions): Promise<CountryEntry[]> {
  const result = await callEndpoint<{ list: CountryEntry[] }>('countryList', undefined, {
    cache: true,
    ...options,
  });
  return result.list;
}
