import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RISK_TOKEN_HEADER,
  SECURITY_SCENES,
  accountClosureResult,
  closeAccountRequest,
  erasureRequestBody,
} from '@kyc/contracts';
import { clearSessionCookies, requireSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { riskTokenOf, stepUpSubjectOf } from '../security-verification/security-verification-routes.ts';
import type { Services } from '../services.ts';

/**
 * The person closes their account, or asks for the erasure of their data which closes it too (issue 20,
 * docs/data-lifecycle.md "Closing an account"): both behind a risk token of scene 30035 (ours, D76). The
 * answer says what remains and until when; every session of the person ends, this one's cookies with it.
 */
export function accountClosureRoutes(services: Services): FastifyPluginAsync {
  const { accountClosure, securityVerification, sessions, config } = services;
  return async (app) => {
    documentRoutes(app, { tag: 'account', access: 'session' });
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.addHook('preValidation', requireSession(sessions));
    const headers = z.looseObject({ [RISK_TOKEN_HEADER]: z.string().max(128).optional() });

    r.post(
      '/v3/private/user/account/close',
      {
        schema: {
          summary: 'Close the account (scene 30035)',
          description:
            'Behind a risk token for scene 30035 (header x-risk-token; ours, D76). Records the closure once (a second or concurrent one is 62031), withdraws pending submissions and questionnaire reviews, revokes partner links and tells each linked partner (signed account.closed), ends every session and refuses sign-in from then on (62030). Answers, per kind of record, until when it is kept under the retention policy in force and why.',
          headers,
          body: closeAccountRequest,
          response: { 200: envelopeOf(accountClosureResult) },
        },
      },
      async (request, reply) => {
        await securityVerification.consume(
          stepUpSubjectOf(request),
          SECURITY_SCENES.closeAccount,
          riskTokenOf(request),
        );
        const result = await accountClosure.closeBySelf(subjectOf(request));
        request.session = null;
        clearSessionCookies(reply, config, 'user');
        return ok(result);
      },
    );

    r.post(
      '/v3/private/user/account/erasure-request',
      {
        schema: {
          summary: 'Ask for the erasure of my data, which closes the account (GDPR Art. 17; scene 30035)',
          description:
            'Behind a risk token for scene 30035 (header x-risk-token). Closes the account as /close does and, in the same transaction, erases what no law requires us to keep (uploads never submitted, drafts, the security log and sessions, settled partner deliveries, the authenticator app, notices); the answer lists what went and what is kept, until when and under which legal source. The request and the answer are recorded.',
          headers,
          body: erasureRequestBody,
          response: { 200: envelopeOf(accountClosureResult) },
        },
      },
      async (request, reply) => {
        await securityVerification.consume(
          stepUpSubjectOf(request),
          SECURITY_SCENES.closeAccount,
          riskTokenOf(request),
        );
        const result = await accountClosure.requestErasure(subjectOf(request));
        request.session = null;
        clearSessionCookies(reply, config, 'user');
        return ok(result);
      },
    );
  };
}
