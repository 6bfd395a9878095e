/**
 * The country risk lists (issue 18, docs/screening.md "Country lists", D93): every list's entries and
 * the risk configuration version read, and one change of one entry over it (admins; 53001, 61022–61026).
 */
import {
  RISK_COUNTRY_LISTS,
  type RiskCountryEntryView,
  type RiskCountryListChange,
  type RiskCountryListName,
  type RiskCountryListsView,
} from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';

export { RISK_COUNTRY_LISTS };
export type { RiskCountryEntryView, RiskCountryListChange, RiskCountryListName, RiskCountryListsView };

/** GET /backoffice/api/risk/country-lists (`view_cases`). */
export function fetchCountryLists(signal?: AbortSignal): Promise<RiskCountryListsView> {
  return api.get<RiskCountryListsView>('/risk/country-lists', { signal });
}

/** POST /backoffice/api/risk/country-lists (`edit_risk_weights`; audited as risk.country_lists.update). */
export function changeCountryList(body: RiskCountryListChange): Promise<RiskCountryListsView> {
  return api.post<RiskCountryListsView>('/risk/country-lists', body);
}

/** YYYY-MM-DD and a real calendar day. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

/** The source's leading https URL (the link) and the note after it, if any; null when it has none. */
export function sourceLink(source: string): { href: string; note: string } | null {
  const [first = '', ...rest] = source.trim().split(/\s+/);
  try {
    const url = new URL(first);
    return url.protocol === 'https:' ? { href: url.href, note: rest.join(' ') } : null;
  } catch {
    return null;
  }
}
