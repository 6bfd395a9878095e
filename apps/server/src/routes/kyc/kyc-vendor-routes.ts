import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  canQuickKycResult,
  doQuickKycRequest,
  doQuickKycResult,
  idempotencyKey,
  kycAnnouncementRequest,
  kycAnnouncementResult,
  trafficDiversionResult,
  vendorTokenRequest,
  vendorTokenResult,
  vendorVerifyRequest,
  vendorVerifyResult,
  verificationSdkInfo,
  verificationSdkInfoRequest,
} from '@kyc/contracts';
import { requireSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { languageOf } from '../../http/language.ts';

/**
 * The signed-in user's verification paths besides the document upload (spec §7; docs/kyc.md "Vendor
 * (non-document) verification", "Quick KYC", "Routing and the verification flow", "Announcements").
 * Every answer is about the session's own user: no route takes a user id.
 */
export function kycVendorRoutes(services: Services): FastifyPluginAsync {
  const { verificationPaths, vendorVerification, sessions } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'kyc', access: 'session' });
    // Before validation: without a session the answer is 10007, whatever the body.
    r.addHook('preValidation', requireSession(sessions));

    r.post(
      '/v3/private/kyc/vendor-token',
      {
        schema: {
          summary: 'Start a vendor (national id) verification session',
          body: vendorTokenRequest,
          response: { 200: envelopeOf(vendorTokenResult) },
        },
      },
      async (request) => ok(await verificationPaths.vendorToken(subjectOf(request), request.body.idType)),
    );

    r.post(
      '/v3/private/kyc/vendor-verify',
      {
        schema: {
          summary: 'Verify level 1 by a national id number and a selfie',
          headers: z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKey }),
          body: vendorVerifyRequest,
          response: { 200: envelopeOf(vendorVerifyResult) },
        },
      },
      async (request) =>
        ok(
          await verificationPaths.vendorVerify(
            subjectOf(request),
            request.body,
            request.headers[IDEMPOTENCY_KEY_HEADER],
          ),
        ),
    );

    r.get(
      '/v3/private/kyc/can-quick-kyc',
      {
        schema: {
          summary: 'Whether a quick KYC offer (affiliate identity) is available',
          response: { 200: envelopeOf(canQuickKycResult) },
        },
      },
      async (request) => ok(await verificationPaths.canQuickKyc(subjectOf(request))),
    );

    r.post(
      '/v3/private/kyc/do-quick-kyc',
      {
        schema: {
          summary: 'Accept the quick KYC offer',
          body: doQuickKycRequest,
          response: { 200: envelopeOf(doQuickKycResult) },
        },
      },
      async (request) => ok(await verificationPaths.doQuickKyc(subjectOf(request), request.body.consent)),
    );

    r.post(
      '/v3/private/kyc/get-verification-sdk-info',
      {
        schema: {
          summary:
            "What the verification flow of a level needs (steps, types, limits; a vendor's SDK token, docs/providers.md)",
          body: verificationSdkInfoRequest,
          response: { 200: envelopeOf(verificationSdkInfo) },
        },
      },
      async (request) =>
        ok(
          await vendorVerification.verificationSdkInfo(
            subjectOf(request),
            request.body.level,
            languageOf(request.headers['accept-language']),
          ),
        ),
    );

    r.post(
      '/v3/private/kyc/traffic-diversion',
      {
        schema: {
          summary: "The person's provider bucket",
          response: { 200: envelopeOf(trafficDiversionResult) },
        },
      },
      async (request) => ok(await verificationPaths.trafficDiversion(subjectOf(request))),
    );

    r.post(
      '/v3/private/kyc/submit-kyc-announcement',
      {
        schema: {
          summary: 'Dismiss a KYC announcement banner',
          body: kycAnnouncementRequest,
          response: { 200: envelopeOf(kycAnnouncementResult) },
        },
      },
      async (request) =>
        ok(await verificationPaths.acknowledgeAnnouncement(subjectOf(request), request.body.announcementId)),
    );
  };
}
