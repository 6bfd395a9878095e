import type { StaffMe } from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';
import { parseStaffMe } from '../../../lib/staff-session.tsx';

export interface SignInRequest {
  email: string;
  password: string;
}

/** POST /backoffice/api/login: 20001 for any wrong pair, 10006 (HTTP 429) when rate limited. */
export function signIn(request: SignInRequest): Promise<StaffMe> {
  return api.post<StaffMe>('/login', request, { parse: parseStaffMe });
}
