/**
 * Partner links (issue 11, docs/sdk.md "Partner links"): a partner (a business that is not first party)
 * reaches only the people who agreed to share their verification with it. An access token minted for a
 * reference that is not linked is a *link token*: it opens only the embedded sign-in / sign-up and
 * consent screens below; on consent it becomes an ordinary SDK token. The person sees and revokes their
 * links on the personal page.
 */
import { z } from 'zod';
import { credentialsRequest } from './account.ts';
import { signInEmailCode } from './security-verification.ts';

/**
 * The version of the consent text the person agrees to (locales: sdk.link.consent.*). Bump it whenever
 * the meaning of that text changes: each link records the version it was given under.
 */
export const PARTNER_CONSENT_VERSION = '2026-11';

/**
 * The browser that signed in on a link token proves it at consent with this header (link-info and
 * link-consent): the partner holds the token too, and must not be able to agree in the person's place.
 */
export const LINK_PROOF_HEADER = 'kyc-link-proof';

/** Where a link token stands: nobody signed in yet, or signed in and asked to agree. */
export const LINK_STEPS = ['sign_in', 'consent'] as const;
export type LinkStep = (typeof LINK_STEPS)[number];

/** GET /v1/s1/kyc/integration/link-info (link token). */
export const linkInfo = z.object({
  step: z.enum(LINK_STEPS),
  /** The partner's display name, shown on the consent screen. */
  businessName: z.string(),
  /** The version of the consent text the screen shows (PARTNER_CONSENT_VERSION). */
  consentVersion: z.string(),
  /** The signed-in person's email, masked; only at the consent step. */
  email: z.string().optional(),
  /**
   * Only in the answer of link-sign-in / link-sign-up: the value of LINK_PROOF_HEADER for this browser
   * (an HMAC of the token and the person the partner cannot compute).
   */
  proof: z.string().optional(),
});
export type LinkInfo = z.infer<typeof linkInfo>;

/** POST link-sign-in and link-sign-up (link token): the portal's own credentials and rules. */
export const linkCredentialsRequest = credentialsRequest.strict();
export type LinkCredentialsRequest = z.infer<typeof linkCredentialsRequest>;

/**
 * POST link-sign-in: as the portal's sign-in, `emailCode` when default-intercept intercepts the device
 * (the guid header; D80, D89).
 */
export const linkSignInRequest = credentialsRequest
  .extend({ emailCode: signInEmailCode.optional() })
  .strict();
export type LinkSignInRequest = z.infer<typeof linkSignInRequest>;

/** POST link-consent (link token): agree to the version shown, or decline. */
export const linkConsentRequest = z.strictObject({
  decision: z.enum(['agree', 'decline']),
  consentVersion: z.string().max(32),
});
export type LinkConsentRequest = z.infer<typeof linkConsentRequest>;

/** After agreeing the same token is an ordinary SDK token; after declining it is spent. */
export const linkConsentResult = z.object({ linked: z.boolean() });
export type LinkConsentResult = z.infer<typeof linkConsentResult>;

/** One live link of the signed-in person (GET /v3/private/kyc/partner-links). */
export const partnerLinkView = z.object({
  id: z.string(),
  businessName: z.string(),
  /** When the person agreed (epoch ms). */
  since: z.number().int(),
  consentVersion: z.string(),
});
export type PartnerLinkView = z.infer<typeof partnerLinkView>;

export const partnerLinksResult = z.object({ links: z.array(partnerLinkView) });
export type PartnerLinksResult = z.infer<typeof partnerLinksResult>;

/** POST /v3/private/kyc/partner-links/revoke. */
export const partnerLinkRevokeRequest = z.strictObject({ id: z.string().regex(/^[1-9][0-9]{0,15}$/) });
export type PartnerLinkRevokeRequest = z.infer<typeof partnerLinkRevokeRequest>;
export const partnerLinkRevokeResult = z.object({ revoked: z.boolean() });
export type PartnerLinkRevokeResult = z.infer<typeof partnerLinkRevokeResult>;
