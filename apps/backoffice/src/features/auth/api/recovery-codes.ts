/**
 * The signed-in member's own recovery codes (issue 11, docs/backoffice.md "Second factor"): how many are
 * left, and a new set (shown once), which needs a fresh authenticator code or one recovery code.
 */
import type { RecoveryCodesIssued, RecoveryCodesStatus } from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';

export function fetchRecoveryCodesStatus(signal?: AbortSignal): Promise<RecoveryCodesStatus> {
  return api.get<RecoveryCodesStatus>('/me/recovery-codes', { signal });
}

/** 20001 when the code is wrong or spent; 20012 when it is neither 6 digits nor a recovery code. */
export function regenerateRecoveryCodes(code: string): Promise<RecoveryCodesIssued> {
  return api.post<RecoveryCodesIssued>('/me/recovery-codes', { code });
}
