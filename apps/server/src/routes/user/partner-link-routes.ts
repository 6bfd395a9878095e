import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { partnerLinkRevokeRequest, partnerLinkRevokeResult, partnerLinksResult } from '@kyc/contracts';
import { requireSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { Services } from '../services.ts';

/**
 * The signed-in person's partner links (docs/sdk.md "Partner links"): which partners see their
 * verification, since when and under which consent version, and revoking one. The revoke is a POST under
 * the usual Origin and CSRF checks of session routes.
 */
export function partnerLinkRoutes(services: Services): FastifyPluginAsync {
  const { linkFlow, sessions } = services;
  return async (app) => {
    documentRoutes(app, { tag: 'kyc', access: 'session' });
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.addHook('preValidation', requireSession(sessions));

    r.get(
      '/v3/private/kyc/partner-links',
      {
        schema: {
          summary: "The person's partner links",
          description: 'Live links only, newest first: partner name, since when, consent version.',
          response: { 200: envelopeOf(partnerLinksResult) },
        },
      },
      async (request) => ok(await linkFlow.listForPerson(subjectOf(request))),
    );

    r.post(
      '/v3/private/kyc/partner-links/revoke',
      {
        schema: {
          summary: 'Revoke a partner link',
          description:
            "Ends the link (revoked by the person) and the partner's live tokens for the person; the partner needs new consent to reach them again.",
          body: partnerLinkRevokeRequest,
          response: { 200: envelopeOf(partnerLinkRevokeResult) },
        },
      },
      async (request) => {
        const { businessId } = await linkFlow.revokeByPerson(subjectOf(request), request.body.id);
        request.log.info(
          { event: 'partner.link.revoked', by: 'user', business: businessId, link: request.body.id },
          'partner link revoked',
        );
        return ok({ revoked: true });
      },
    );
  };
}
