import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditQuery,
  auditResult,
  decisionRequest,
  quotaList,
  quotaPatchRequest,
  reviewCase,
  reviewQueueQuery,
  reviewQueueResult,
} from '@kyc/contracts';
import { requireSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { sendDocument } from './send-document.ts';
import { documentRoutes } from '../../http/openapi.ts';

const userIdParams = z.object({ userId: z.coerce.number().int().positive() });
const documentParams = userIdParams.extend({
  documentId: z.string().regex(/^[0-9a-f]{32}$/, 'a document id is 32 lowercase hex characters'),
});

/**
 * Compliance back office, verification review (docs/backoffice.md). Staff session (audience 'staff',
 * cookie on /backoffice) and CSRF as every staff route; the role is checked by the use-case (10005).
 *
 * Documents: GET /backoffice/api/cases/:userId/documents/:documentId streams one decrypted document
 * ('view_cases', audited as 'document.view' before the bytes leave) with its stored MIME type.
 * Quotas: GET reads and PATCH sets the daily limits ('edit_quotas'); both answer every row.
 */
export function reviewRoutes(services: Services): FastifyPluginAsync {
  const { staff, sessions, review } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'backoffice', access: 'staff' });
    const preHandler = requireSession(sessions);
    const tags = ['backoffice'];

    r.get(
      '/backoffice/api/queue',
      {
        schema: {
          summary: 'Verification queue: pending submissions, oldest first',
          tags,
          querystring: reviewQueueQuery,
          response: { 200: envelopeOf(reviewQueueResult) },
        },
        preHandler,
      },
      async (request) => ok(await review.queue(await staff.me(subjectOf(request)), request.query)),
    );

    r.get(
      '/backoffice/api/cases/:userId',
      {
        schema: {
          summary: "A person's verification case (audited)",
          tags,
          params: userIdParams,
          response: { 200: envelopeOf(reviewCase) },
        },
        preHandler,
      },
      async (request) => ok(await review.viewCase(await staff.me(subjectOf(request)), request.params.userId)),
    );

    r.get(
      '/backoffice/api/cases/:userId/documents/:documentId',
      {
        schema: { summary: 'One decrypted document of a case (audited)', tags, params: documentParams },
        preHandler,
      },
      async (request, reply) => {
        const { userId, documentId } = request.params;
        const doc = await review.viewDocument(await staff.me(subjectOf(request)), userId, documentId);
        return sendDocument(reply, doc, `document-${doc.id}`);
      },
    );

    r.post(
      '/backoffice/api/cases/:userId/decisions',
      {
        schema: {
          summary: 'Decide a verification case',
          tags,
          params: userIdParams,
          body: decisionRequest,
          response: { 200: envelopeOf(reviewCase) },
        },
        preHandler,
      },
      async (request) =>
        ok(await review.decide(await staff.me(subjectOf(request)), request.params.userId, request.body)),
    );

    r.get(
      '/backoffice/api/audit',
      {
        schema: {
          summary: 'The audit log of staff actions, paged',
          tags,
          querystring: auditQuery,
          response: { 200: envelopeOf(auditResult) },
        },
        preHandler,
      },
      async (request) => ok(await review.auditLog(await staff.me(subjectOf(request)), request.query)),
    );

    r.get(
      '/backoffice/api/quotas',
      {
        schema: { summary: 'Withdrawal quotas per level', tags, response: { 200: envelopeOf(quotaList) } },
        preHandler,
      },
      async (request) => ok(await review.quotas(await staff.me(subjectOf(request)))),
    );

    r.patch(
      '/backoffice/api/quotas',
      {
        schema: {
          summary: 'Change the withdrawal quotas',
          tags,
          body: quotaPatchRequest,
          response: { 200: envelopeOf(quotaList) },
        },
        preHandler,
      },
      async (request) => ok(await review.patchQuotas(await staff.me(subjectOf(request)), request.body)),
    );
  };
}
