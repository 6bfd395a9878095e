/**
 * How the end-to-end tests make a partner server's call (docs/sdk.md), written once: the demo partner
 * of the seed, authenticated as a partner server would.
 */
export interface PartnerCredentials {
  id: string;
  key: string;
}

export const DEMO_PARTNER: PartnerCredentials = {
  id: 'demo-partner',
  key: 'kyck_demo_fokTmJRkLQCyGDhqIDixzwRn6CZHiXwPvB0TtO0QZb4',
};

/**
 * The exchange's own app (first party, docs/sdk.md "Partner links"): it names any user by email or uid.
 * A third-party partner (DEMO_PARTNER) names its users by its own userRef and reaches them after consent.
 */
export const FIRST_PARTY_APP: PartnerCredentials = {
  id: 'exchange-app',
  key: 'kyck_demo_app_Xq3VnS8dLk2PzR7tYw0bHc5mJf9gNu4eAi6oKs1QxZ',
};

/** The headers that authenticate one partner request (method, path with query, raw body). */
export function partnerAuthHeaders(
  credentials: PartnerCredentials,
  _request: { method: string; path: string; body: string },
): Record<string, string> {
  return { 'kyc-access-business': credentials.id, 'kyc-access-key': credentials.key };
}

/** POST a JSON body to an integration path (e.g. /v1/s1/kyc/integration/access-token) as the partner. */
export async function partnerPost(
  baseUrl: string,
  path: string,
  body: object,
  credentials: PartnerCredentials = DEMO_PARTNER,
): Promise<Response> {
  const raw = JSON.stringify(body);
  return fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...partnerAuthHeaders(credentials, { method: 'POST', path, body: raw }),
    },
    body: raw,
  });
}
