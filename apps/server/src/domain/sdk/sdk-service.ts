/**
 * SDK (embedded) mode, spec §6: partners obtain short-lived tokens for their users; browsers use them.
 * Composes the use-cases, one module each: issuing (issue-token.ts), ending (revoke-token.ts) and what a
 * token's browser may read (token-info.ts); the shared words are in sdk-principal.ts.
 */
import type { Repositories } from '../../data/repositories/index.ts';
import { issueTokenUseCases } from './issue-token.ts';
import { revokeTokenUseCases } from './revoke-token.ts';
import type { SdkLimits, SdkPolicy } from './sdk-principal.ts';
import { tokenInfoUseCases } from './token-info.ts';

export interface SdkDeps {
  repos: Pick<Repositories, 'sdk' | 'users' | 'partnerLinks' | 'kyc'>;
  policy: SdkPolicy;
  limits: SdkLimits;
}

export function sdkUseCases(deps: SdkDeps) {
  return {
    ...issueTokenUseCases(deps),
    ...revokeTokenUseCases(deps),
    ...tokenInfoUseCases(deps),
  };
}
export type SdkUseCases = ReturnType<typeof sdkUseCases>;
