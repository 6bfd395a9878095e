import type { SignInsResult } from '@kyc/contracts';
import { http } from '../../../lib/http';

export const SIGN_INS_URL = '/v3/private/user/security/sign-ins';

/**
 * GET /v3/private/user/security/sign-ins: the person's own recent sign-ins, newest first, a page at a
 * time (`cursor` from the previous page). Silent: the section shows its own error state with a retry.
 */
export function getSignIns(cursor?: number, limit = 10): Promise<SignInsResult> {
  return http.get<SignInsResult>(SIGN_INS_URL, cursor === undefined ? { limit } : { limit, cursor }, {
    silent: true,
  });
}
