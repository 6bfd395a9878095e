import type { AccountClosureResult, AccountClosureView } from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /backoffice/api/cases/:userId/closure: the closure, the erasure requests, what remains (view_cases). */
export const fetchAccountClosure = (userId: number, signal?: AbortSignal) =>
  api.get<AccountClosureView>(`/cases/${userId}/closure`, { signal });

/** POST …/close (close_accounts): with the reason, audited by the server. */
export const closeAccount = (userId: number, reason: string) =>
  api.post<AccountClosureResult>(`/cases/${userId}/close`, { reason });
