import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffLoginRequest, staffLoginResult, staffMe } from '@kyc/contracts';
import { clearSessionCookies, requireSession, setSessionCookies, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { documentRoutes, securityOf } from '../../http/openapi.ts';

/** Back-office sign-in: staff sessions live under /backoffice with their own cookies. */
export function staffAuthRoutes(services: Services): FastifyPluginAsync {
  const { config, staff, sessions } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'backoffice', access: 'staff' });
    const me = { 200: envelopeOf(staffMe) };

    r.post(
      '/backoffice/api/login',
      {
        schema: {
          summary: 'Staff sign-in (password, then a TOTP code or a one-time recovery code)',
          security: securityOf('public', 'POST'),
          body: staffLoginRequest,
          response: { 200: envelopeOf(staffLoginResult) },
        },
      },
      async (request, reply) => {
        const member = await staff.signIn({
          ...request.body,
          address: request.ip,
          log: (fields, message) => request.log.warn(fields, message),
        });
        // An enrolment to confirm signs nobody in yet.
        if ('totpEnrolment' in member) return ok(member);
        if (request.session) await sessions.end(request.session.id);
        const { token, session } = await sessions.start('staff', member.id);
        setSessionCookies(reply, config, 'staff', token, session.csrfToken);
        return ok(member);
      },
    );

    r.get(
      '/backoffice/api/me',
      {
        schema: { summary: 'The signed-in staff member', response: me },
        preHandler: requireSession(sessions),
      },
      async (request) => ok(await staff.me(subjectOf(request))),
    );

    r.post(
      '/backoffice/api/logout',
      { schema: { summary: 'Staff sign-out', response: { 200: envelopeOf(z.null()) } } },
      async (request, reply) => {
        if (request.session) await sessions.end(request.session.id);
        request.session = null;
        clearSessionCookies(reply, config, 'staff');
        return ok(null);
      },
    );
  };
}
