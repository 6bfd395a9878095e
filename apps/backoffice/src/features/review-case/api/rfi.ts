import type { RfiRequest, RfiResult } from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';

/** The contracts' limit on a request for information's text. */
export const RFI_TEXT_MAX = 1000;

/**
 * POST /backoffice/api/users/:userId/rfi (decide): asks the person for information; they get an open
 * rfiQuestion task showing `requestText` as written. Audited by the server.
 */
export function postRfi(userId: number, requestText: string): Promise<RfiResult> {
  const body: RfiRequest = { templateCode: 'rfi', requestText };
  return api.post<RfiResult>(`/users/${userId}/rfi`, body);
}
