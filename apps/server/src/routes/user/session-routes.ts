import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  credentialsRequest,
  safeRedirectPath,
  signInEmailCodeRequest,
  signInEmailCodeResult,
  signInRequest,
  signInResult,
  DEFAULT_LANGUAGE,
  GUID_COOKIE,
} from '@kyc/contracts';
import { clearSessionCookies, setSessionCookies } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { guidOf } from '../../http/device-guid.ts';
import { languageOf } from '../../http/language.ts';
import { deviceCheckedSignIn } from '../../domain/security-verification/device-checked-sign-in.ts';
import type { Services } from '../services.ts';
import { documentRoutes, securityOf } from '../../http/openapi.ts';

const signUpBody = credentialsRequest.extend({ redirect_url: z.string().max(2048).optional() });
const signInBody = signInRequest.extend({ redirect_url: z.string().max(2048).optional() });

/** Sign-up, sign-in and sign-out of end users (spec §2: after logout the SPA goes to /login). */
export function sessionRoutes(services: Services): FastifyPluginAsync {
  const { config, accounts, sessions, securityVerification } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'account', access: 'public' });
    const response = { 200: envelopeOf(signInResult) };

    r.post(
      '/user/public/register',
      { schema: { summary: 'Create an account and sign in', body: signUpBody, response } },
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
      {
        schema: {
          summary: 'Sign in',
          description:
            'When default-intercept intercepts the device (guid header or cookie; 5 failed sign-ins in an hour), the request must carry `emailCode`, the code mailed by POST /user/public/login/email-code: without it 60014 and the password is not checked; the code is checked first (60005 wrong, 60007 five misses, 60006 expired, 60016 none sent), then the password (D80).',
          body: signInBody,
          response,
        },
      },
      async (request, reply) => {
        // Issue 15: failures per device (spec §3 guid) feed /user/public/risk/default-intercept; D80: an
        // intercepted device passes the email code before the password is looked at.
        const user = await deviceCheckedSignIn(
          securityVerification,
          {
            guid: guidOf(request.headers.guid, request.cookies[GUID_COOKIE]),
            email: request.body.email,
            emailCode: request.body.emailCode,
          },
          () =>
            accounts.signIn({
              ...request.body,
              address: request.ip,
              userAgent: request.headers['user-agent'],
            }),
        );
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
      '/user/public/login/email-code',
      {
        schema: {
          summary: 'Before sign-in: mail an email code to an intercepted device (ours, D80)',
          description:
            'Not in the spec. For a device default-intercept intercepts (guid header or cookie): mails a 6-digit code to the email if an account has it, valid 10 minutes for this email on this device; the answer is the same whether or not the account exists. A resend after 60 s (60008), 5 mails an hour per email and per device (60009); 60015 when the device needs no code.',
          body: signInEmailCodeRequest,
          response: { 200: envelopeOf(signInEmailCodeResult) },
        },
      },
      async (request) => {
        const guid = guidOf(request.headers.guid, request.cookies[GUID_COOKIE]);
        const { result, delivery } = await securityVerification.sendSignInCode(
          guid,
          request.body.email,
          languageOf(request.headers['accept-language']),
        );
        // After the answer: its time must not tell whether a mail went out (no account enumeration).
        delivery.catch((error: unknown) =>
          request.log.warn({ err: error }, 'the sign-in email code could not be mailed'),
        );
        return ok(result);
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
