import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  supportAnswerBody,
  supportInboxQuery,
  supportInboxResult,
  supportRequestDetail,
} from '@kyc/contracts';
import { requireSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { Services } from '../services.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The back office's support inbox (docs/help-centre.md "The inbox"): the help centre's reports, newest
 * first with a status filter and a cursor; one report (audited); its answer (audited, compare-and-set:
 * 52005 when another member answered first). Reviewer and above; the use-case checks the role (10005).
 */
export function supportInboxRoutes(services: Services): FastifyPluginAsync {
  const { staff, sessions, support } = services;
  return async (app) => {
    documentRoutes(app, { tag: 'backoffice', access: 'staff' });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const preHandler = requireSession(sessions);
    const tags = ['backoffice'];

    r.get(
      '/backoffice/api/support-requests',
      {
        schema: {
          summary: 'Support inbox: problem reports, newest first, by status (cursor paging)',
          tags,
          querystring: supportInboxQuery,
          response: { 200: envelopeOf(supportInboxResult) },
        },
        preHandler,
      },
      async (request) => ok(await support.inbox(await staff.me(subjectOf(request)), request.query)),
    );

    r.get(
      '/backoffice/api/support-requests/:id',
      {
        schema: {
          summary: 'One problem report with its answer (audited)',
          tags,
          params: idParams,
          response: { 200: envelopeOf(supportRequestDetail) },
        },
        preHandler,
      },
      async (request) => ok(await support.view(await staff.me(subjectOf(request)), request.params.id)),
    );

    r.post(
      '/backoffice/api/support-requests/:id/answer',
      {
        schema: {
          summary: 'Answer a problem report (once: compare-and-set, audited)',
          tags,
          params: idParams,
          body: supportAnswerBody,
          response: { 200: envelopeOf(supportRequestDetail) },
        },
        preHandler,
      },
      async (request) =>
        ok(await support.answer(await staff.me(subjectOf(request)), request.params.id, request.body.answer)),
    );
  };
}
