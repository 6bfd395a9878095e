/**
 * How the end-to-end tests make a partner server's call (docs/sdk.md "Signed partner calls"), written
 * once: the demo partner of the seed, signing each call with its published demo secret as a partner
 * server would (HMAC-SHA256 over ts + METHOD + path-with-query + raw body).
 */
import { createHmac } from 'node:crypto';

export interface PartnerCredentials {
  id: string;
  secret: string;
}

export const DEMO_PARTNER: PartnerCredentials = {
  id: 'demo-partner',
  secret: 'kycs_demo-partner-secret-published-in-the-READMA',
};

/**
 * The exchange's own app (first party, docs/sdk.md "Partner links"): it names any user by email or uid.
 * A third-party partner (DEMO_PARTNER) names its users by its own userRef and reaches them after consent.
 */
export const FIRST_PARTY_APP: PartnerCredentials = {
  id: 'exchange-app',
  secret: 'kycs_exchange-app-demo-secret-published-in-READM',
};

/** Signatures made so far: an identical call in the same second would be a replay (54012). */
const made = new Set<string>();

/**
 * The headers that authenticate one partner request (method, path with query, raw body). A repeat of
 * the same request within one second is signed with the nearest earlier unused second, as a partner's
 * client would wait a second.
 */
export function partnerAuthHeaders(
  credentials: PartnerCredentials,
  request: { method: string; path: string; body: string },
): Record<string, string> {
  const signAt = (ts: number) =>
    createHmac('sha256', credentials.secret)
      .update(`${ts}${request.method.toUpperCase()}${request.path}${request.body}`, 'utf8')
      .digest('hex');
  let ts = Math.floor(Date.now() / 1000);
  while (made.has(signAt(ts))) ts -= 1;
  const sign = signAt(ts);
  made.add(sign);
  return { 'kyc-access-business': credentials.id, 'kyc-access-ts': String(ts), 'kyc-access-sign': sign };
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
