/**
 * Issue 20 (D79): a closed or held person's data opens only to roles with `access_closed_accounts`, and
 * only once the staff member has recorded why (62041 until then; 62040 for other roles). The reason is
 * sent once and opens the person to this member for 30 minutes; the server audits it and every view.
 */
import { RET_CODES, type ClosedAccess } from '@kyc/contracts';
import { api, isApiError } from './api-client.ts';

export type { ClosedAccess };

/** The same limits as the server's (contracts closedAccessRequest). */
export const ACCESS_REASON_MIN = 5;
export const ACCESS_REASON_MAX = 500;

/** POST /backoffice/api/cases/:userId/closed-access. */
export function grantClosedAccess(userId: number, reason: string): Promise<ClosedAccess> {
  return api.post<ClosedAccess>(`/cases/${userId}/closed-access`, { reason });
}

/** The view was refused because the person's account is closed or held and no reason is in force. */
export const needsAccessReason = (error: unknown): boolean =>
  isApiError(error, RET_CODES.CLOSED_ACCOUNT_REASON_REQUIRED.code);
