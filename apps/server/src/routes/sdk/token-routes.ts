import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SDK_BUSINESS_HEADER,
  SDK_ORIGIN_HEADER,
  SDK_TOKEN_HEADER,
  sdkBusinessInfo,
  sdkTokenInfo,
  tokenInfoQuery,
} from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { requireSdkToken, sdkPrincipalOf } from '../../http/sdk-auth.ts';
import type { Services } from '../services.ts';
import { documentRoutes } from '../../http/openapi.ts';

/** spec §6 headers, documented for the OpenAPI document; checked by requireSdkToken (10007). */
export const sdkHeaders = z.looseObject({
  [SDK_TOKEN_HEADER]: z.string().max(256).optional().describe('the SDK access token'),
  [SDK_BUSINESS_HEADER]: z.string().max(64).optional().describe('scene, else business id, else from'),
  [SDK_ORIGIN_HEADER]: z.string().max(64).optional().describe("default 'bybit'"),
});

/**
 * The browser's SDK calls under /v1/s1/kyc/integration/ (spec §6, §7), authenticated by the
 * kyc-access-token header: token-info and business-info. The other integration endpoints
 * (kyc, questionnaires) live with their features' routes and use the same preHandler.
 */
export function sdkTokenRoutes(services: Services): FastifyPluginAsync {
  const { sdk } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'sdk-integration', access: 'sdk-token' });
    const auth = { preHandler: requireSdkToken(sdk), config: { sdkAuth: 'token' as const } };

    r.get(
      '/v1/s1/kyc/integration/token-info',
      {
        ...auth,
        schema: {
          summary: 'What the SDK token allows (user, level, expiry)',
          headers: sdkHeaders,
          querystring: tokenInfoQuery,
          response: { 200: envelopeOf(sdkTokenInfo) },
        },
      },
      async (request) => ok(await sdk.tokenInfo(sdkPrincipalOf(request), request.query)),
    );

    r.get(
      '/v1/s1/kyc/integration/business-info',
      {
        ...auth,
        schema: {
          summary: 'The partner business of the SDK token',
          headers: sdkHeaders,
          response: { 200: envelopeOf(sdkBusinessInfo) },
        },
      },
      async (request) => ok(await sdk.businessInfo(sdkPrincipalOf(request))),
    );
  };
}
