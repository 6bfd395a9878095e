import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signInsQuery, signInsResult } from '@kyc/contracts';
import { requireSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { Services } from '../services.ts';

/**
 * The signed-in person's own security log ("Recent sign-ins", issue 11): scoped to the session's user,
 * no id parameter; newest first, cursor-paged.
 */
export function securityLogRoutes(services: Services): FastifyPluginAsync {
  const { securityLog, sessions } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'account', access: 'session' });
    r.addHook('preHandler', requireSession(sessions));

    r.get(
      '/v3/private/user/security/sign-ins',
      {
        schema: {
          summary:
            "The signed-in person's recent sign-ins, failures and pauses, newest first (cursor paging)",
          querystring: signInsQuery,
          response: { 200: envelopeOf(signInsResult) },
        },
      },
      async (request) => ok(await securityLog.signIns(subjectOf(request), request.query)),
    );
  };
}
