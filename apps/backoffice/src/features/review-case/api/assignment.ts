import type { CaseClaimResult } from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /backoffice/api/cases/:userId/claim ("Assign to me"; 55011 when someone else holds it). */
export function claimCase(userId: number): Promise<CaseClaimResult> {
  return api.post<CaseClaimResult>(`/cases/${userId}/claim`, {});
}

/** DELETE /backoffice/api/cases/:userId/claim: give it back (or, for a lead, break it), over the claim as read. */
export function releaseCase(userId: number, version: number): Promise<CaseClaimResult> {
  return api.delete<CaseClaimResult>(`/cases/${userId}/claim?version=${version}`);
}
