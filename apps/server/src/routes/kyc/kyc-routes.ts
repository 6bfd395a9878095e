import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  canVerifyRequest,
  canVerifyResult,
  ipCountryResult,
  kycConfigResult,
  kycInfo,
  kycInfoRequest,
  kycProviderResult,
  supportedDocumentTypeRequest,
  supportedDocumentTypeResult,
} from '@kyc/contracts';
import { joinedOf, requireSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { documentRoutes } from '../../http/openapi.ts';

/** The country a trusted reverse proxy (CDN) derived from the client address; never the client's word. */
export const IP_COUNTRY_HEADER = 'cf-ipcountry';

/**
 * The signed-in user's KYC reads (spec §7, docs/kyc.md). Every answer is about the session's own user:
 * no route takes a user id.
 */
export function kycRoutes(services: Services): FastifyPluginAsync {
  const { kyc, sessions, config } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'kyc', access: 'session' });
    r.addHook('preHandler', requireSession(sessions));

    r.post(
      '/v3/private/kyc/kyc-info',
      {
        // The person's reads in the session's own statement: one round trip (issue 14, D117).
        config: { sessionJoin: kyc.infoJoin },
        schema: {
          summary: "The person's KYC state, quotas, applicant and verification process",
          body: kycInfoRequest.optional(),
          response: { 200: envelopeOf(kycInfo) },
        },
      },
      async (request) =>
        ok(
          await kyc.info(
            subjectOf(request),
            kycInfoRequest.parse(request.body ?? {}),
            joinedOf(request, kyc.infoJoin),
          ),
        ),
    );

    r.post(
      '/v3/private/kyc/get-kyc-provider',
      {
        schema: {
          summary: "The person's verification provider and the flow of the next level",
          response: { 200: envelopeOf(kycProviderResult) },
        },
      },
      async (request) => ok(await kyc.provider(subjectOf(request))),
    );

    r.post(
      '/v3/private/kyc/supported-document-type',
      {
        schema: {
          summary: 'Document types of an issuing country',
          body: supportedDocumentTypeRequest,
          response: { 200: envelopeOf(supportedDocumentTypeResult) },
        },
      },
      async (request) => ok(await kyc.supportedDocumentTypes(request.body.country)),
    );

    r.post(
      '/v3/private/kyc/can-verify',
      {
        schema: {
          summary: 'Whether a submission for a level would be accepted now',
          body: canVerifyRequest.optional(),
          response: { 200: envelopeOf(canVerifyResult) },
        },
      },
      async (request) => {
        const { level } = canVerifyRequest.parse(request.body ?? {});
        return ok(await kyc.canVerify(subjectOf(request), level));
      },
    );

    r.get(
      '/v3/private/kyc/get-config',
      {
        schema: {
          summary: 'KYC configuration: providers, levels, document types',
          response: { 200: envelopeOf(kycConfigResult) },
        },
      },
      async () => ok(kyc.config()),
    );

    r.get(
      '/v3/private/kyc/get-supported-ip-country-code',
      {
        schema: {
          summary: "The client's country (from the trusted proxy) and whether it is supported",
          response: { 200: envelopeOf(ipCountryResult) },
        },
      },
      async (request) => ok(await kyc.ipCountry(config.trustProxy ? ipCountryOf(request) : '')),
    );
  };
}

function ipCountryOf(request: FastifyRequest): string {
  const value = request.headers[IP_COUNTRY_HEADER];
  return typeof value === 'string' && /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : '';
}
