/**
 * Security verification (issue 15, docs/security-verification.md): the intercept a signed-in person
 * earns risk tokens at, their authenticator app, the reveal of their personal data behind scene 30029,
 * and the public device check of spec §7 before sign-in (form-encoded `sence`, header guid).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GUID_COOKIE,
  RISK_TOKEN_HEADER,
  SECURITY_SCENES,
  defaultInterceptRequest,
  defaultInterceptResult,
  kycPersonalInfo,
  riskInterceptRequest,
  riskInterceptResult,
  totpConfirmRequest,
  totpDisableRequest,
  totpEnrolResult,
  totpStatusResult,
} from '@kyc/contracts';
import { requireSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { languageOf } from '../../http/language.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { notLoggedIn } from '../../lib/app-error.ts';
import type { StepUpSubject } from '../../domain/security-verification/security-verification.ts';
import type { Services } from '../services.ts';
import { named } from '../../http/plugin-name.ts';

/** The person and session a risk token is bound to. */
export function stepUpSubjectOf(request: FastifyRequest): StepUpSubject {
  if (!request.session) throw notLoggedIn();
  return { userId: subjectOf(request), sessionId: request.session.id };
}

/** The risk token a protected call carries (header x-risk-token). */
export function riskTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[RISK_TOKEN_HEADER];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function securityVerificationRoutes(services: Services): FastifyPluginAsync {
  const { securityVerification, sessions, submissions } = services;
  return async (app) => {
    await app.register(named('securityVerificationPrivateRoutes', privateRoutes));
    await app.register(named('securityVerificationPublicRoutes', publicRoutes));
  };

  async function privateRoutes(app: Parameters<FastifyPluginAsync>[0]) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'kyc', access: 'session' });
    r.addHook('preValidation', requireSession(sessions));

    r.post(
      '/v1/kyc/risk-component/intercept',
      {
        schema: {
          summary: 'Security verification: components, email code, risk token',
          description:
            'action=query answers whether the scene (30029, 30331, 70029, 30030, 30031) needs verification and with which components; action=send mails a 6-digit code (30101 otp; 10 minutes, 5 tries, a resend after 60 s, 5 an hour); action=verify checks an email or authenticator code and answers a single-use risk token (5 minutes) bound to the person, scene and session, sent in the x-risk-token header of the protected call.',
          body: riskInterceptRequest,
          response: { 200: envelopeOf(riskInterceptResult) },
        },
      },
      async (request) =>
        ok(
          await securityVerification.intercept(
            stepUpSubjectOf(request),
            request.body,
            languageOf(request.headers['accept-language']),
          ),
        ),
    );

    r.get(
      '/v3/private/user/security/totp',
      {
        schema: {
          summary: 'Whether an authenticator app is set up',
          response: { 200: envelopeOf(totpStatusResult) },
        },
      },
      async (request) => ok(await securityVerification.totpStatus(subjectOf(request))),
    );
    r.post(
      '/v3/private/user/security/totp/enrol',
      {
        schema: {
          summary: 'Start setting up an authenticator app (the secret is shown once; scene 30032)',
          description:
            'Behind a risk token for scene 30032 (header x-risk-token), earned with the email code only: a stolen session alone cannot add an authenticator app and then pass every other scene with it.',
          headers: z.looseObject({ [RISK_TOKEN_HEADER]: z.string().max(128).optional() }),
          response: { 200: envelopeOf(totpEnrolResult) },
        },
      },
      async (request) => {
        await securityVerification.consume(
          stepUpSubjectOf(request),
          SECURITY_SCENES.authenticator,
          riskTokenOf(request),
        );
        return ok(await securityVerification.enrolTotp(subjectOf(request)));
      },
    );
    r.post(
      '/v3/private/user/security/totp/confirm',
      {
        schema: {
          summary: 'Confirm the authenticator app with its first code',
          body: totpConfirmRequest,
          response: { 200: envelopeOf(totpStatusResult) },
        },
      },
      async (request) => ok(await securityVerification.confirmTotp(subjectOf(request), request.body.code)),
    );
    r.post(
      '/v3/private/user/security/totp/disable',
      {
        schema: {
          summary: 'Remove the authenticator app (takes one of its codes)',
          body: totpDisableRequest,
          response: { 200: envelopeOf(totpStatusResult) },
        },
      },
      async (request) => ok(await securityVerification.disableTotp(subjectOf(request), request.body.code)),
    );

    r.post(
      '/v3/private/kyc/personal-info/reveal',
      {
        schema: {
          summary: 'Reveal the masked personal details (scene 30029)',
          description:
            'The name and date of birth unmasked, behind a risk token for scene 30029 (header x-risk-token).',
          headers: z.looseObject({ [RISK_TOKEN_HEADER]: z.string().max(128).optional() }),
          response: { 200: envelopeOf(kycPersonalInfo) },
        },
      },
      async (request) => {
        await securityVerification.consume(
          stepUpSubjectOf(request),
          SECURITY_SCENES.eye,
          riskTokenOf(request),
        );
        return ok(await submissions.personalInfo(subjectOf(request), {}, { reveal: true }));
      },
    );
  }

  async function publicRoutes(app: Parameters<FastifyPluginAsync>[0]) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'account', access: 'public' });
    // Spec §7: this one endpoint is form-encoded (app.ts refuses other body types elsewhere).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    r.post(
      '/user/public/risk/default-intercept',
      {
        schema: {
          summary: 'Before sign-in: does this device need an email code first',
          description:
            'Spec §7: form-encoded `sence`, header guid (or the guid cookie). A device with 5 failed sign-ins in an hour is answered intercept=true, components [otp].',
          consumes: ['application/x-www-form-urlencoded'],
          body: defaultInterceptRequest.nullish(),
          response: { 200: envelopeOf(defaultInterceptResult) },
        },
      },
      async (request) => {
        const header = request.headers.guid;
        const guid = (typeof header === 'string' ? header : undefined) ?? request.cookies[GUID_COOKIE];
        return ok(await securityVerification.defaultIntercept(guid));
      },
    );
    if (!services.config.production) {
      // The development mailbox (issue 15): never registered in production, where SMTP_URL is required.
      r.get(
        '/dev/mailbox',
        {
          schema: {
            hide: true,
            querystring: z.object({
              to: z.string().max(320).optional(),
              format: z.enum(['json', 'html']).optional(),
            }),
          },
        },
        async (request, reply) => {
          const mails = await securityVerification.devMailbox(50, request.query.to);
          if (request.query.format === 'json') return ok(mails);
          void reply.type('text/html; charset=utf-8');
          return devMailboxPage(mails);
        },
      );
    }
  }
}

function devMailboxPage(
  mails: { to_address: string; subject: string; text_body: string; created_at: number }[],
) {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const items = mails
    .map(
      (m) =>
        `<article><h2>${esc(m.subject)}</h2><p>To: ${esc(m.to_address)} · ${new Date(m.created_at).toISOString()}</p><pre>${esc(m.text_body)}</pre></article>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title><meta name="viewport" content="width=device-width"></head><body><main><h1>Development mailbox</h1><p>Mail the server kept because SMTP_URL is not set (never in production).</p>${items || '<p>No mail yet.</p>'}</main></body></html>`;
}
