import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownSupportRequest, ownSupportRequests, supportRequestBody } from '@kyc/contracts';
import { requireSession, resolveSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { documentRoutes, securityOf } from '../../http/openapi.ts';
import type { Services } from '../services.ts';

/**
 * "Report a problem" on the help centre (docs/help-centre.md). Filing needs no session (CSRF as every
 * unauthenticated POST: signed double submit); with one, the report is filed under the account.
 * A person reads only their own reports, with the staff answers.
 */
export function supportRoutes(services: Services): FastifyPluginAsync {
  const { sessions, support } = services;
  return async (app) => {
    documentRoutes(app, { tag: 'account', access: 'session' });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['account'];

    r.post(
      '/v3/public/help/support-requests',
      {
        schema: {
          summary: 'Report a problem from the help centre (signed in: filed under the account)',
          tags,
          security: securityOf('public', 'POST'),
          body: supportRequestBody,
          response: { 200: envelopeOf(ownSupportRequest) },
        },
      },
      async (request) => {
        const session = await resolveSession(request, sessions);
        return ok(
          await support.file(request.body, { userId: session?.subjectId ?? null, address: request.ip }),
        );
      },
    );

    r.get(
      '/v3/private/help/support-requests',
      {
        schema: {
          summary: "The signed-in person's own problem reports, with the staff answers",
          tags,
          response: { 200: envelopeOf(ownSupportRequests) },
        },
        preHandler: requireSession(sessions),
      },
      async (request) => ok(await support.listOwn(subjectOf(request))),
    );
  };
}
