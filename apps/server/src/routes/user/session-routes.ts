import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  credentialsRequest,
  safeRedirectPath,
  signInResult,
  DEFAULT_LANGUAGE,
  GUID_COOKIE,
} from '@kyc/contracts';
import { clearSessionCookies, setSessionCookies } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { documentRoutes, securityOf } from '../../http/openapi.ts';

const signInBody = credentialsRequest.extend({ redirect_url: z.string().max(2048).optional() });

/** Sign-up, sign-in and sign-out of end users (spec §2: after logout the SPA goes to /login). */
export function sessionRoutes(services: Services): FastifyPluginAsync {
  const { config, accounts, sessions, securityVerification } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'account', access: 'public' });
    const response = { 200: envelopeOf(signInResult) };

    r.post(
      '/user/public/register',
      { schema: { summary: 'Create an account and sign in', body: signInBody, response } },
      async (request, reply) => {
        const user = await accounts.signUp({
          ...request.body,
          address: request.ip,
          userAgent: request.headers['user-agent'],
        });
        const { token, session } = await sessions.start('user', user.id);
        setSessionCookies(reply, config, 'user', token, session.csrfToken);
        return ok({
          redirect: redirectAfterSignIn(request.body.redirect_url, config.publicOrigin),
        });
      },
    );

    r.post(
      '/user/public/login',
      { schema: { summary: 'Sign in', body: signInBody, response } },
      async (request, reply) => {
        // Issue 15: failures per device (spec §3 guid) feed /user/public/risk/default-intercept.
        const guid = guidOf(request.headers.guid, request.cookies[GUID_COOKIE]);
        const user = await accounts
          .signIn({ ...request.body, address: request.ip, userAgent: request.headers['user-agent'] })
          .catch(async (error: unknown) => {
            await securityVerification.recordSignInFailure(guid);
            throw error;
          });
        await securityVerification.recordSignInSuccess(guid);
        // A fresh session id at every sign-in, and any session the browser already held ends (no fixation).
        if (request.session) await sessions.end(request.session.id);
        const { token, session } = await sessions.start('user', user.id);
        setSessionCookies(reply, config, 'user', token, session.csrfToken);
        return ok({
          redirect: redirectAfterSignIn(request.body.redirect_url, config.publicOrigin),
        });
      },
    );

    r.post(
      '/logout',
      {
        schema: {
          summary: 'Sign out',
          security: securityOf('session', 'POST'),
          response: { 200: envelopeOf(z.null()) },
        },
      },
      async (request, reply) => {
        if (request.session) await sessions.end(request.session.id);
        request.session = null;
        clearSessionCookies(reply, config, 'user');
        return ok(null);
      },
    );
  };
}

/**
 * Only targets on the portal (PUBLIC_ORIGIN), decided by the product's one redirect rule (contracts
 * redirects.ts, ASVS 5.1.5, issue 11); anything else goes to the personal verification page.
 */
export function redirectAfterSignIn(target: string | undefined, origin: string): string {
  return safeRedirectPath(target, origin) ?? `/user/accounts/${DEFAULT_LANGUAGE}/auth/personal`;
}

/** The device's guid: the header the web client sends (spec §7), else its cookie. */
function guidOf(header: string | string[] | undefined, cookie: string | undefined): string | undefined {
  return (typeof header === 'string' ? header : undefined) ?? cookie;
}
