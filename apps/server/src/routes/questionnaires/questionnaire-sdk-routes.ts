import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createSatosQuestionnaireRequest,
  satosQuestionnaireQuery,
  satosQuestionnaireResult,
} from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { requireSdkToken, sdkPrincipalOf } from '../../http/sdk-auth.ts';
import { sdkHeaders } from '../sdk/token-routes.ts';
import type { Services } from '../services.ts';
import { submitMetaOf } from './questionnaire-routes.ts';
import { documentRoutes } from '../../http/openapi.ts';

/** The SDK variants of the SATOS deposit questionnaire (spec §7), for the SDK token's user (docs/sdk.md). */
export function questionnaireSdkRoutes(services: Services): FastifyPluginAsync {
  const { questionnaires, sdk } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'sdk-integration', access: 'sdk-token' });
    const auth = { preHandler: requireSdkToken(sdk), config: { sdkAuth: 'token' as const } };

    r.post(
      '/v1/s1/kyc/integration/create-satos-questionnaire',
      {
        ...auth,
        schema: {
          summary: 'Answer the travel-rule questionnaire of a deposit (SDK)',
          headers: sdkHeaders,
          body: createSatosQuestionnaireRequest,
          response: { 200: envelopeOf(satosQuestionnaireResult) },
        },
      },
      async (request) =>
        ok(
          await questionnaires.createSatos(
            sdkPrincipalOf(request).userId,
            request.body,
            submitMetaOf(request),
          ),
        ),
    );

    r.get(
      '/v1/s1/kyc/integration/query-satos-questionnaire',
      {
        ...auth,
        schema: {
          summary: 'The travel-rule questionnaire of a deposit (SDK)',
          headers: sdkHeaders,
          querystring: satosQuestionnaireQuery,
          response: { 200: envelopeOf(satosQuestionnaireResult) },
        },
      },
      async (request) =>
        ok(await questionnaires.querySatos(sdkPrincipalOf(request).userId, request.query.depositRef)),
    );
  };
}
