import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  kycInfo,
  kycInfoRequest,
  kycProviderResult,
  selfResetResult,
  supportedDocumentTypeRequest,
  supportedDocumentTypeResult,
} from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { requireSdkToken, sdkPrincipalOf } from '../../http/sdk-auth.ts';
import { sdkHeaders } from '../sdk/token-routes.ts';
import type { Services } from '../services.ts';

/** The SDK variants of the KYC reads (spec §7), for the token's user (docs/sdk.md). */
export function kycSdkRoutes(services: Services): FastifyPluginAsync {
  const { kyc, sdk, submissions } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const auth = { preHandler: requireSdkToken(sdk), config: { sdkAuth: 'token' as const } };

    r.post(
      '/v1/s1/kyc/integration/info',
      {
        ...auth,
        schema: {
          headers: sdkHeaders,
          body: kycInfoRequest.optional(),
          response: { 200: envelopeOf(kycInfo) },
        },
      },
      async (request) =>
        ok(await kyc.info(sdkPrincipalOf(request).userId, kycInfoRequest.parse(request.body ?? {}))),
    );

    r.post(
      '/v1/s1/kyc/integration/provider',
      { ...auth, schema: { headers: sdkHeaders, response: { 200: envelopeOf(kycProviderResult) } } },
      async (request) => ok(await kyc.provider(sdkPrincipalOf(request).userId)),
    );

    r.post(
      '/v1/s1/kyc/integration/supported-document-type',
      {
        ...auth,
        schema: {
          headers: sdkHeaders,
          body: supportedDocumentTypeRequest,
          response: { 200: envelopeOf(supportedDocumentTypeResult) },
        },
      },
      async (request) => ok(await kyc.supportedDocumentTypes(request.body.country)),
    );

    r.post(
      '/v1/s1/kyc/integration/self-reset',
      { ...auth, schema: { headers: sdkHeaders, response: { 200: envelopeOf(selfResetResult) } } },
      async (request) => ok(await submissions.selfReset(sdkPrincipalOf(request).userId)),
    );
  };
}
