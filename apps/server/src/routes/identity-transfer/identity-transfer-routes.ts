/**
 * Identity transfer, the person's side (issue 15, docs/identity-transfer.md; spec §7): what can be
 * transferred, the start by the target (risk token for scene 30030) and the consent of the source (risk
 * token for 30031), the status, and a cancel by either person while it is open.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RISK_TOKEN_HEADER,
  SECURITY_SCENES,
  identityResult,
  transferCancelRequest,
  transferStatusRequest,
  transferStatusResult,
  transferVerifyRequest,
} from '@kyc/contracts';
import { requireSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { languageOf } from '../../http/language.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { Services } from '../services.ts';
import { riskTokenOf, stepUpSubjectOf } from '../security-verification/security-verification-routes.ts';

export function identityTransferRoutes(services: Services): FastifyPluginAsync {
  const { identityTransfers, securityVerification, sessions } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'kyc', access: 'session' });
    r.addHook('preValidation', requireSession(sessions));

    r.post(
      '/v1/kyc/identity',
      {
        schema: {
          summary: 'Identity transfer: what this account can receive, and its transfer',
          response: { 200: envelopeOf(identityResult) },
        },
      },
      async (request) => ok(await identityTransfers.identity(subjectOf(request))),
    );

    r.post(
      '/v1/kyc/transfer/verify',
      {
        schema: {
          summary: 'Identity transfer: the target starts it (30030) or the source consents (30031)',
          description:
            'role=target: names the source by email with the name and date of birth as verified there, behind a risk token for scene 30030. role=source: the source account, signed in, consents to the transfer, behind a risk token for scene 30031; the cooling-off then starts. Refusals 60031–60038.',
          headers: z.looseObject({ [RISK_TOKEN_HEADER]: z.string().max(128).optional() }),
          body: transferVerifyRequest,
          response: { 200: envelopeOf(transferStatusResult) },
        },
      },
      async (request) => {
        const body = request.body;
        const language = languageOf(request.headers['accept-language']);
        const scene =
          body.role === 'target'
            ? SECURITY_SCENES.identityTransferBefore
            : SECURITY_SCENES.identityTransferAfter;
        await securityVerification.consume(stepUpSubjectOf(request), scene, riskTokenOf(request));
        return ok(
          body.role === 'target'
            ? await identityTransfers.start(subjectOf(request), body, language)
            : await identityTransfers.consent(subjectOf(request), body.transferId, language),
        );
      },
    );

    r.post(
      '/v1/kyc/transfer/status',
      {
        schema: {
          summary: 'Identity transfer: status (UNDEFINED, PENDING, COMPLETE) and outcome (success, pending)',
          body: transferStatusRequest.nullish(),
          response: { 200: envelopeOf(transferStatusResult) },
        },
      },
      async (request) => ok(await identityTransfers.status(subjectOf(request), request.body?.transferId)),
    );

    r.post(
      '/v1/kyc/transfer/cancel',
      {
        schema: {
          summary: 'Identity transfer: cancel while it is open (either account)',
          body: transferCancelRequest,
          response: { 200: envelopeOf(transferStatusResult) },
        },
      },
      async (request) => ok(await identityTransfers.cancel(subjectOf(request), request.body.transferId)),
    );
  };
}
