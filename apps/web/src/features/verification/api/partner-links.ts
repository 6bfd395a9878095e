import type { PartnerLinkRevokeResult, PartnerLinksResult } from '@kyc/contracts';
import { callEndpoint } from '../../../lib/http';

/**
 * The person's partner links (docs/sdk.md "Partner links"): who sees their verification, and revoking.
 * Listing is silent (the personal page works without it); revoking shows its error in the dialog.
 */
export function getPartnerLinks(): Promise<PartnerLinksResult> {
  return callEndpoint<PartnerLinksResult>('partnerLinks', undefined, { silent: true });
}

export function revokePartnerLink(id: string): Promise<PartnerLinkRevokeResult> {
  return callEndpoint<PartnerLinkRevokeResult>('partnerLinkRevoke', { id }, { silent: true });
}
