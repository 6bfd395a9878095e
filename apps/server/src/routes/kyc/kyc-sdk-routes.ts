import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  kycInfo,
  kycInfoRequest,
  kycPersonalInfo,
  kycPersonalInfoRequest,
  kycProviderResult,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKey,
  selfResetResult,
  submitKycRequest,
  submitKycResult,
  supportedDocumentTypeRequest,
  supportedDocumentTypeResult,
  verificationSdkInfo,
  verificationSdkInfoRequest,
} from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { requireSdkToken, sdkPrincipalOf } from '../../http/sdk-auth.ts';
import { channelOfSdkFrom } from '../../domain/kyc/reverification-rules.ts';
import { EXCHANGE_WEB_BUSINESS } from '../../domain/kyc/sdk-access.ts';
import { AppError } from '../../lib/app-error.ts';
import { sdkHeaders } from '../sdk/token-routes.ts';
import { uploadRoute } from './kyc-submit-routes.ts';
import type { Services } from '../services.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { languageOf } from '../../http/language.ts';
import { named } from '../../http/plugin-name.ts';

/**
 * The SDK variants of the KYC reads and writes (spec §7), for the token's user (docs/sdk.md). The
 * writes are the same use-cases as the session routes; the token's `from` is the channel (an app's
 * token may submit a Turkey-region re-verification, the web's own may not).
 */
export function kycSdkRoutes(services: Services): FastifyPluginAsync {
  const { kyc, sdk, submissions, vendorVerification } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'sdk-integration', access: 'sdk-token' });
    const auth = { preHandler: requireSdkToken(sdk), config: { sdkAuth: 'token' as const } };

    r.post(
      '/v1/s1/kyc/integration/info',
      {
        ...auth,
        schema: {
          summary: "KYC info of the SDK token's user",
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
      {
        ...auth,
        schema: {
          summary: "Verification provider of the SDK token's user",
          headers: sdkHeaders,
          response: { 200: envelopeOf(kycProviderResult) },
        },
      },
      async (request) => ok(await kyc.provider(sdkPrincipalOf(request).userId)),
    );

    r.post(
      '/v1/s1/kyc/integration/verification-sdk-info',
      {
        ...auth,
        schema: {
          summary:
            "What the verification flow of a level needs, for the SDK token's user (a vendor's SDK token)",
          headers: sdkHeaders,
          body: verificationSdkInfoRequest,
          response: { 200: envelopeOf(verificationSdkInfo) },
        },
      },
      async (request) =>
        ok(
          await vendorVerification.verificationSdkInfo(
            sdkPrincipalOf(request).userId,
            request.body.level,
            languageOf(request.headers['accept-language']),
          ),
        ),
    );

    r.post(
      '/v1/s1/kyc/integration/supported-document-type',
      {
        ...auth,
        schema: {
          summary: 'Document types of an issuing country (SDK)',
          headers: sdkHeaders,
          body: supportedDocumentTypeRequest,
          response: { 200: envelopeOf(supportedDocumentTypeResult) },
        },
      },
      async (request) => ok(await kyc.supportedDocumentTypes(request.body.country)),
    );

    await r.register(
      named(
        'sdkUploadRoute',
        uploadRoute(
          submissions,
          '/v1/s1/kyc/integration/upload-document',
          (request) => sdkPrincipalOf(request).userId,
          {
            ...auth,
            headers: sdkHeaders,
          },
        ),
      ),
    );

    r.post(
      '/v1/s1/kyc/integration/submit',
      {
        ...auth,
        schema: {
          summary: 'Submit a KYC level (SDK)',
          headers: sdkHeaders.extend({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
          body: submitKycRequest,
          response: { 200: envelopeOf(submitKycResult) },
        },
      },
      async (request) => {
        const principal = sdkPrincipalOf(request);
        return ok(
          await submissions.submitLevel(
            principal.userId,
            request.body,
            request.headers[IDEMPOTENCY_KEY_HEADER],
            channelOfSdkFrom(principal.from),
          ),
        );
      },
    );

    r.post(
      '/v1/s1/kyc/integration/kyc-personal-info',
      {
        ...auth,
        schema: {
          summary: 'Name and date of birth as on the document, read or stored (SDK)',
          description:
            'SDK variant of /v3/private/kyc/kyc-personal-info: the name and date of birth as on the document, read or stored for the token\'s user (docs/kyc.md "Personal details").',
          headers: sdkHeaders,
          body: kycPersonalInfoRequest.nullish(),
          response: { 200: envelopeOf(kycPersonalInfo) },
        },
      },
      async (request) =>
        ok(await submissions.personalInfo(sdkPrincipalOf(request).userId, request.body ?? {})),
    );

    r.post(
      '/v1/s1/kyc/integration/self-reset',
      {
        ...auth,
        schema: {
          summary: "Reset the verification of the SDK token's user",
          description:
            "For a partner's token (the partner authenticated the person). A token the portal minted from a web session (sdk-access, business exchange-web) is refused with 60001: that session resets through /v3/private/kyc/self-reset behind scene 30331 (docs/decisions.md D53).",
          headers: sdkHeaders,
          response: { 200: envelopeOf(selfResetResult) },
        },
      },
      async (request) => {
        const principal = sdkPrincipalOf(request);
        // D53: the web's own token stands for a web session, and a web session resets only behind the
        // email code; without this, sdk-access then this route would skip the step-up.
        if (principal.businessId === EXCHANGE_WEB_BUSINESS)
          throw new AppError(
            'RISK_VERIFICATION_REQUIRED',
            "a token of the portal's own flow resets through /v3/private/kyc/self-reset (scene 30331)",
          );
        return ok(await submissions.selfReset(principal.userId));
      },
    );
  };
}
