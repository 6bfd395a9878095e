import type { FastifyInstance } from 'fastify';
import { SDK_BUSINESS_HEADER, SDK_KEY_HEADER } from '@kyc/contracts';
import { DEMO_FIRST_PARTY_APP, DEMO_PARTNER } from '../../src/seed/demo.ts';

/**
 * How integration tests make a partner server's call (docs/sdk.md): every test goes through these, so
 * the way a partner authenticates is written once for the whole suite.
 */
export interface PartnerCredentials {
  id: string;
  apiKey: string;
}

export const DEMO_PARTNER_CREDENTIALS: PartnerCredentials = {
  id: DEMO_PARTNER.id,
  apiKey: DEMO_PARTNER.apiKey,
};

/** The exchange's own app (first party): it names any user by uid or email (docs/sdk.md "Partner links"). */
export const FIRST_PARTY_APP_CREDENTIALS: PartnerCredentials = {
  id: DEMO_FIRST_PARTY_APP.id,
  apiKey: DEMO_FIRST_PARTY_APP.apiKey,
};

/** The headers that authenticate one partner request (method, path with query, raw body). */
export function partnerAuthHeaders(
  credentials: PartnerCredentials,
  _request: { method: string; url: string; body: string },
): Record<string, string> {
  return { [SDK_BUSINESS_HEADER]: credentials.id, [SDK_KEY_HEADER]: credentials.apiKey };
}

/** A partner server's call: no cookie, no CSRF header, no Origin; JSON body. */
export async function partnerInject(
  app: FastifyInstance,
  credentials: PartnerCredentials,
  request: { url: string; body?: unknown; method?: 'GET' | 'POST'; headers?: Record<string, string> },
) {
  const method = request.method ?? 'POST';
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return app.inject({
    method,
    url: request.url,
    headers: {
      ...(body === '' ? {} : { 'content-type': 'application/json' }),
      ...partnerAuthHeaders(credentials, { method, url: request.url, body }),
      ...request.headers,
    },
    ...(body === '' ? {} : { payload: body }),
  });
}
