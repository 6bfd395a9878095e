import type { FastifyPluginAsync } from 'fastify';
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
import { clientGone } from '../../http/client-gone.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { staffApi } from './staff-api.ts';
import { sendDocument } from './send-document.ts';

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
  const { review } = services;
  return async (app) => {
    const { r, guarded, me } = staffApi(app, services);

    r.get(
      '/backoffice/api/queue',
      guarded({
        summary: 'Verification queue: pending submissions, oldest first, paged by cursor',
        querystring: reviewQueueQuery,
        response: { 200: envelopeOf(reviewQueueResult) },
      }),
      async (request, reply) =>
        ok(await review.queue(await me(request), request.query, Date.now(), clientGone(reply))),
    );

    r.get(
      '/backoffice/api/cases/:userId',
      guarded({
        summary: "A person's verification case (audited)",
        params: userIdParams,
        response: { 200: envelopeOf(reviewCase) },
      }),
      async (request) => ok(await review.viewCase(await me(request), request.params.userId)),
    );

    r.get(
      '/backoffice/api/cases/:userId/documents/:documentId',
      guarded({ summary: 'One decrypted document of a case (audited)', params: documentParams }),
      async (request, reply) => {
        const { userId, documentId } = request.params;
        const doc = await review.viewDocument(await me(request), userId, documentId);
        return sendDocument(reply, doc, `document-${doc.id}`);
      },
    );

    r.post(
      '/backoffice/api/cases/:userId/decisions',
      guarded({
        summary: 'Decide a verification case',
        params: userIdParams,
        body: decisionRequest,
        response: { 200: envelopeOf(reviewCase) },
      }),
      async (request) => ok(await review.decide(await me(request), request.params.userId, request.body)),
    );

    r.get(
      '/backoffice/api/audit',
      guarded({
        summary: 'The audit log of staff actions, newest first, paged by cursor',
        querystring: auditQuery,
        response: { 200: envelopeOf(auditResult) },
      }),
      async (request, reply) =>
        ok(await review.auditLog(await me(request), request.query, clientGone(reply))),
    );

    r.get(
      '/backoffice/api/quotas',
      guarded({ summary: 'Withdrawal quotas per level', response: { 200: envelopeOf(quotaList) } }),
      async (request) => ok(await review.quotas(await me(request))),
    );

    r.patch(
      '/backoffice/api/quotas',
      guarded({
        summary: 'Change the withdrawal quotas',
        body: quotaPatchRequest,
        response: { 200: envelopeOf(quotaList) },
      }),
      async (request) => ok(await review.patchQuotas(await me(request), request.body)),
    );
  };
}
