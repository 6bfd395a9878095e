import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LINK_PROOF_HEADER,
  linkConsentRequest,
  linkConsentResult,
  linkCredentialsRequest,
  linkInfo,
  linkSignInRequest,
  signInEmailCodeRequest,
  signInEmailCodeResult,
} from '@kyc/contracts';
import type { FastifyRequest } from 'fastify';
import { deviceCheckedSignIn } from '../../domain/security-verification/device-checked-sign-in.ts';
import { guidOf } from '../../http/device-guid.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { languageOf } from '../../http/language.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { linkPrincipalOf, requireSdkLinkToken } from '../../http/sdk-auth.ts';
import type { Services } from '../services.ts';
import { sdkHeaders } from './token-routes.ts';

/**
 * The spec §6 headers and the consent proof of the browser that signed in (link-sign-in's `proof`): a
 * signed token of about 180 characters (docs/security.md "Signed tokens"), bounded with room to spare.
 */
const linkHeaders = sdkHeaders.extend({
  [LINK_PROOF_HEADER]: z.string().max(256).optional().describe('the `proof` of link-sign-in / link-sign-up'),
});

/** The device the sign-in counts failures against (spec §3 guid; the link routes read no cookie). */
const deviceHeaders = sdkHeaders.extend({
  guid: z.string().max(64).optional().describe('the device (spec §3 guid), as default-intercept reads it'),
});

function proofOf(request: FastifyRequest): string | undefined {
  const value = request.headers[LINK_PROOF_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The embedded link flow (docs/sdk.md "Partner links"): what a link token opens — the partner's name and
 * the step, sign-in and sign-up with the portal's own account rules, and the consent. Only link tokens are
 * accepted here (an ordinary token gets 10007), and only here (every other integration route refuses a
 * link token with 10007). Header authenticated: no cookie is read or set, so no CSRF.
 */
export function sdkLinkRoutes(services: Services): FastifyPluginAsync {
  const { linkFlow, securityVerification } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'sdk-integration', access: 'sdk-token' });
    const auth = { preHandler: requireSdkLinkToken(linkFlow), config: { sdkAuth: 'link' as const } };
    const answer = { 200: envelopeOf(linkInfo) };

    r.get(
      '/v1/s1/kyc/integration/link-info',
      {
        ...auth,
        schema: {
          summary: 'The partner and the step of a link token',
          headers: linkHeaders,
          response: answer,
        },
      },
      async (request) => ok(await linkFlow.info(linkPrincipalOf(request), proofOf(request))),
    );

    r.post(
      '/v1/s1/kyc/integration/link-sign-in',
      {
        ...auth,
        schema: {
          summary: 'Sign in inside the embedded link flow',
          description:
            'The portal sign-in (same answers and limits); then the consent step. No session cookie. As the portal sign-in, a device that default-intercept intercepts (the `guid` header; 5 failed sign-ins in an hour) must carry `emailCode`, mailed by POST link-email-code with the same header: without it 60014 and the password is not checked (D80, D89).',
          headers: deviceHeaders,
          body: linkSignInRequest,
          response: answer,
        },
      },
      async (request) => {
        const { emailCode, ...credentials } = request.body;
        const info = await deviceCheckedSignIn(
          securityVerification,
          { guid: guidOf(request.headers.guid), email: credentials.email, emailCode },
          () => linkFlow.signIn(linkPrincipalOf(request), credentials, request.ip),
        );
        return ok(info);
      },
    );

    r.post(
      '/v1/s1/kyc/integration/link-email-code',
      {
        ...auth,
        schema: {
          summary: 'Inside the embedded link flow: mail the sign-in code to an intercepted device',
          description:
            'As POST /user/public/login/email-code (D80), for the device in the `guid` header, authenticated by the link token instead of cookies (an embedded page may have none): the same answer whether or not the account exists; 60008, 60009 limits; 60015 when the device needs no code (D89).',
          headers: deviceHeaders,
          body: signInEmailCodeRequest,
          response: { 200: envelopeOf(signInEmailCodeResult) },
        },
      },
      async (request) => {
        const { result, delivery } = await securityVerification.sendSignInCode(
          guidOf(request.headers.guid),
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
      '/v1/s1/kyc/integration/link-sign-up',
      {
        ...auth,
        schema: {
          summary: 'Create an account inside the embedded link flow',
          description: 'The portal sign-up (same password rules and limits); then the consent step.',
          headers: sdkHeaders,
          body: linkCredentialsRequest,
          response: answer,
        },
      },
      async (request) => ok(await linkFlow.signUp(linkPrincipalOf(request), request.body, request.ip)),
    );

    r.post(
      '/v1/s1/kyc/integration/link-consent',
      {
        ...auth,
        schema: {
          summary: 'Agree (or decline) to share the verification with the partner',
          description:
            'Agree: the link is recorded with time and consent version and the same token becomes an ordinary SDK token. Decline: no link; the token is spent.',
          headers: linkHeaders,
          body: linkConsentRequest,
          response: { 200: envelopeOf(linkConsentResult) },
        },
      },
      async (request) => {
        const principal = linkPrincipalOf(request);
        const result = await linkFlow.consent(principal, request.body, proofOf(request));
        request.log.info(
          {
            event: result.linked ? 'partner.link.agreed' : 'partner.link.declined',
            business: principal.businessId,
          },
          result.linked ? 'partner link agreed' : 'partner link declined',
        );
        return ok(result);
      },
    );
  };
}
