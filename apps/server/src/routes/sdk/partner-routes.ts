import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SDK_BUSINESS_HEADER,
  SDK_SIGN_HEADER,
  SDK_TS_HEADER,
  accessTokenRequest,
  accessTokenResult,
  revokeTokenRequest,
  revokeTokenResult,
} from '@kyc/contracts';
import { tokenRef } from '../../domain/sdk/sdk-principal.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { partnerOf } from '../../http/sdk-auth.ts';
import type { Services } from '../services.ts';
import { documentRoutes } from '../../http/openapi.ts';

/**
 * Documented for the OpenAPI document; presence and value are checked by the signature hook of every
 * partner route (http/partner-signature.ts: 10003, 10005, 54011, 54012).
 */
const partnerHeaders = z.looseObject({
  [SDK_BUSINESS_HEADER]: z.string().max(64).optional().describe('business id, e.g. demo-partner'),
  [SDK_TS_HEADER]: z.string().max(16).optional().describe('unix seconds when the request was signed'),
  [SDK_SIGN_HEADER]: z
    .string()
    .max(128)
    .optional()
    .describe('hex HMAC-SHA256 of ts + METHOD + path-with-query + raw body under a live secret'),
});

/**
 * Called by a partner's server (never a browser): issue and revoke SDK access tokens (spec §7
 * "POST /v1/s1/kyc/integration/access-token"; docs/sdk.md). Authenticated by a signature; no cookie, no CSRF.
 */
export function sdkPartnerRoutes(services: Services): FastifyPluginAsync {
  const { sdk } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'sdk-integration', access: 'partner-signature' });
    // The signature is checked for every sdkAuth 'partner' route by http/partner-signature.ts.
    const auth = { config: { sdkAuth: 'partner' as const } };

    r.post(
      '/v1/s1/kyc/integration/access-token',
      {
        ...auth,
        schema: {
          summary: 'Issue an SDK access token for a user (partner server)',
          headers: partnerHeaders,
          body: accessTokenRequest,
          response: { 200: envelopeOf(accessTokenResult) },
        },
      },
      async (request) => {
        const partner = partnerOf(request);
        const { result, tokenId } = await sdk.issueToken(partner, request.body);
        // Audit: which business, which token (by hash prefix); the user is in the token's row, not the log.
        request.log.info(
          {
            event: 'sdk.token.issued',
            business: partner.id,
            token: tokenRef(tokenId),
            scene: request.body.scene ?? '',
            isUpdatePoi: request.body.isUpdatePoi === true,
            expiresAt: result.expiresAt,
          },
          'SDK token issued',
        );
        return ok(result);
      },
    );

    r.post(
      '/v1/s1/kyc/integration/revoke-token',
      {
        ...auth,
        schema: {
          summary: 'Revoke an SDK access token (partner server)',
          headers: partnerHeaders,
          body: revokeTokenRequest,
          response: { 200: envelopeOf(revokeTokenResult) },
        },
      },
      async (request) => {
        const partner = partnerOf(request);
        const revoked = await sdk.revoke(partner, request.body);
        request.log.info(
          {
            event: 'sdk.token.revoked',
            business: partner.id,
            by: request.body.token !== undefined ? 'token' : 'user',
            revoked,
          },
          'SDK tokens revoked',
        );
        return ok({ revoked });
      },
    );
  };
}
