/**
 * How SDK tokens end before or at their expiry (spec §6 revoke-token, docs/sdk.md): a partner revokes one
 * token of its own (an SDK token or a link token) or every live token it holds for one person, and the
 * sweep deletes tokens past their expiry.
 */
import type { RevokeTokenRequest } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { partnerReach } from './partner-reach.ts';
import type { SdkPartner } from './sdk-principal.ts';

export function revokeTokenUseCases({
  repos,
}: {
  repos: Pick<Repositories, 'sdk' | 'users' | 'partnerLinks'>;
}) {
  const { sdk, users, partnerLinks: links } = repos;
  const reach = partnerReach(links, users);

  return {
    /**
     * POST revoke-token: one token of this business (an SDK token or a link token), or all live tokens
     * it holds for one person (by userRef: the linked person's tokens and the reference's link tokens).
     */
    async revoke(partner: SdkPartner, input: RevokeTokenRequest, now = Date.now()): Promise<number> {
      if (input.token !== undefined) {
        const tokenId = sha256Hex(input.token);
        const ended = (await links.endLinkToken(tokenId, now, partner.id)) ? 1 : 0;
        return ended + (await sdk.revokeToken(partner.id, tokenId, now));
      }
      const target = await reach.revocationTarget(partner, input);
      const linkTokens =
        target.ref === null ? 0 : await links.endLinkTokensOfRef(partner.id, target.ref, now);
      const tokens = target.userId === null ? 0 : await sdk.revokeUserTokens(partner.id, target.userId, now);
      return linkTokens + tokens;
    },

    /** Deletes expired SDK tokens and link tokens; runs with the session sweep. */
    async sweep(now = Date.now()): Promise<number> {
      return (await sdk.deleteExpired(now)) + (await links.deleteExpiredLinkTokens(now));
    },
  };
}
