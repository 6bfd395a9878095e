/**
 * Staff administration (issue 11, docs/backoffice.md "Staff"): the members, cursor-paged, and the
 * audited reset of a member's second factor and the sites each member works (admins only; others 10005).
 */
import type { SiteCode, StaffListResult, StaffMemberEntry } from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';

export type { StaffListResult, StaffMemberEntry };

export const STAFF_PAGE_SIZE = 25;

/** GET /backoffice/api/staff: a page of members after `cursor` (the last id of the page before). */
export function fetchStaffPage(cursor: string | null, signal?: AbortSignal): Promise<StaffListResult> {
  const params = new URLSearchParams({ limit: String(STAFF_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<StaffListResult>(`/staff?${params.toString()}`, { signal });
}

/** POST …/second-factor/reset: 20011 without a reason, 20010 one's own, 20009 nothing to reset. */
export function resetSecondFactor(staffId: number, reason: string): Promise<StaffMemberEntry> {
  return api.post<StaffMemberEntry>(`/staff/${staffId}/second-factor/reset`, { reason });
}

/**
 * PUT …/sites (issue 17, D121): the sites the member works for the automatic case assignment (empty:
 * every site), over the version read; 55015 when they changed meanwhile.
 */
export function setStaffSites(
  staffId: number,
  sites: readonly SiteCode[],
  sitesVersion: number,
): Promise<StaffMemberEntry> {
  return api.put<StaffMemberEntry>(`/staff/${staffId}/sites`, { sites, sitesVersion });
}
