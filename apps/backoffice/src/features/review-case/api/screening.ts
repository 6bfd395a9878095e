import type { HitResolutionRequest, LiftFreezeRequest } from '@kyc/contracts';
import { API_BASE, api } from '../../../lib/api-client.ts';
import type { CaseView } from './case.ts';

export type HitResolution = HitResolutionRequest;

/**
 * POST /backoffice/api/screening/hits/:hitId/resolution (decide): over the hit as read; the case as it
 * now stands (61004 when another reviewer resolved it first, 61006 for one's own confirmation).
 */
export function resolveHit(hitId: number, body: HitResolution): Promise<CaseView> {
  return api.post<CaseView>(`/screening/hits/${hitId}/resolution`, body);
}

/**
 * POST /backoffice/api/cases/:userId/freeze/lift (senior reviewers and admins): the freeze of a true match
 * lifted with a reason, never by whoever froze it (61011); 61012 when it was lifted meanwhile.
 */
export function liftFreeze(userId: number, body: LiftFreezeRequest): Promise<CaseView> {
  return api.post<CaseView>(`/cases/${userId}/freeze/lift`, body);
}

/** Where the browser downloads the person's suspicious-activity export (audited per download). */
export function screeningExportUrl(userId: number): string {
  return `${API_BASE}/cases/${userId}/screening-export`;
}
