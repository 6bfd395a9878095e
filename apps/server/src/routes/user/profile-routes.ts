import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberInfo, tagMemberRequest, userProfile } from '@kyc/contracts';
import { requireSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { documentRoutes } from '../../http/openapi.ts';

/** The signed-in user's own account (every read is scoped to the session's user: no id parameters). */
export function profileRoutes(services: Services): FastifyPluginAsync {
  const { accounts, sessions } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'account', access: 'session' });
    r.addHook('preHandler', requireSession(sessions));

    r.get(
      '/v2/private/user/profile',
      { schema: { summary: "The signed-in person's profile", response: { 200: envelopeOf(userProfile) } } },
      async (request) => ok(await accounts.profile(subjectOf(request))),
    );

    r.get(
      '/user/private/member/info',
      {
        schema: {
          summary: "The signed-in person's member information",
          response: { 200: envelopeOf(memberInfo) },
        },
      },
      async (request) => ok(await accounts.memberInfo(subjectOf(request))),
    );

    r.post(
      '/v3/private/user/member/tagmember',
      {
        schema: {
          summary: 'Set the registered member type (individual or institution)',
          body: tagMemberRequest,
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async (request) => {
        await accounts.tagMember(subjectOf(request), request.body.tagName, request.body.value);
        return ok(null);
      },
    );
  };
}
