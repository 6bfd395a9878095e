import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  questionnaireDecisionRequest,
  questionnaireQueueQuery,
  questionnaireQueueResult,
  questionnaireReviewCase,
  rfiRequest,
  rfiResult,
} from '@kyc/contracts';
import { requireSession, subjectOf } from '../../http/auth.ts';
import { clientGone } from '../../http/client-gone.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { sendDocument } from './send-document.ts';
import { documentRoutes } from '../../http/openapi.ts';

const userIdParams = z.object({ userId: z.coerce.number().int().positive() });
const caseParams = userIdParams.extend({
  templateCode: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a template code (kebab-case)')
    .max(64),
});
const evidenceParams = caseParams.extend({
  evidenceId: z.string().regex(/^[0-9a-f]{32}$/, 'an evidence id is 32 lowercase hex characters'),
});

/**
 * Back-office questionnaire review (docs/backoffice.md "Questionnaire review"). Staff session and CSRF
 * as every staff route; the role is checked by the use-case (10005): reviewers, senior reviewers and
 * admins read and decide, auditors read only the audit log.
 */
export function questionnaireReviewRoutes(services: Services): FastifyPluginAsync {
  const { staff, sessions, questionnaireReview } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'backoffice', access: 'staff' });
    const preHandler = requireSession(sessions);
    const tags = ['backoffice'];

    r.get(
      '/backoffice/api/questionnaires/queue',
      {
        schema: {
          summary: 'Questionnaire review queue',
          tags,
          querystring: questionnaireQueueQuery,
          response: { 200: envelopeOf(questionnaireQueueResult) },
        },
        preHandler,
      },
      async (request, reply) =>
        ok(
          await questionnaireReview.queue(
            await staff.me(subjectOf(request)),
            request.query,
            Date.now(),
            clientGone(reply),
          ),
        ),
    );

    r.get(
      '/backoffice/api/questionnaires/:userId/:templateCode',
      {
        schema: {
          summary: "A person's questionnaire case (audited)",
          tags,
          params: caseParams,
          response: { 200: envelopeOf(questionnaireReviewCase) },
        },
        preHandler,
      },
      async (request) => {
        const { userId, templateCode } = request.params;
        return ok(await questionnaireReview.view(await staff.me(subjectOf(request)), userId, templateCode));
      },
    );

    r.get(
      '/backoffice/api/questionnaires/:userId/:templateCode/evidence/:evidenceId',
      {
        schema: { summary: 'One decrypted evidence file (audited)', tags, params: evidenceParams },
        preHandler,
      },
      async (request, reply) => {
        const { userId, templateCode, evidenceId } = request.params;
        const doc = await questionnaireReview.evidence(
          await staff.me(subjectOf(request)),
          userId,
          templateCode,
          evidenceId,
        );
        return sendDocument(reply, doc, `evidence-${doc.id}`);
      },
    );

    r.post(
      '/backoffice/api/questionnaires/:userId/:templateCode/decisions',
      {
        schema: {
          summary: 'Decide a questionnaire',
          tags,
          params: caseParams,
          body: questionnaireDecisionRequest,
          response: { 200: envelopeOf(questionnaireReviewCase) },
        },
        preHandler,
      },
      async (request) => {
        const { userId, templateCode } = request.params;
        return ok(
          await questionnaireReview.decide(
            await staff.me(subjectOf(request)),
            userId,
            templateCode,
            request.body,
          ),
        );
      },
    );

    r.post(
      '/backoffice/api/users/:userId/rfi',
      {
        schema: {
          summary: 'Request information from a person (RFI task)',
          tags,
          params: userIdParams,
          body: rfiRequest,
          response: { 200: envelopeOf(rfiResult) },
        },
        preHandler,
      },
      async (request) =>
        ok(
          await questionnaireReview.requestInformation(
            await staff.me(subjectOf(request)),
            request.params.userId,
            request.body,
          ),
        ),
    );
  };
}
