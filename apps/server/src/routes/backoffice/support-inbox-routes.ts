import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  supportAnswerBody,
  supportInboxQuery,
  supportInboxResult,
  supportRequestDetail,
} from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { staffApi } from './staff-api.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The back office's support inbox (docs/help-centre.md "The inbox"): the help centre's reports, newest
 * first with a status filter and a cursor; one report (audited); its answer (audited, compare-and-set:
 * 52005 when another member answered first). Reviewer and above; the use-case checks the role (10005).
 */
export function supportInboxRoutes(services: Services): FastifyPluginAsync {
  const { support } = services;
  return async (app) => {
    const { r, guarded, me } = staffApi(app, services);

    r.get(
      '/backoffice/api/support-requests',
      guarded({
        summary: 'Support inbox: problem reports, newest first, by status (cursor paging)',
        querystring: supportInboxQuery,
        response: { 200: envelopeOf(supportInboxResult) },
      }),
      async (request) => ok(await support.inbox(await me(request), request.query)),
    );

    r.get(
      '/backoffice/api/support-requests/:id',
      guarded({
        summary: 'One problem report with its answer (audited)',
        params: idParams,
        response: { 200: envelopeOf(supportRequestDetail) },
      }),
      async (request) => ok(await support.view(await me(request), request.params.id)),
    );

    r.post(
      '/backoffice/api/support-requests/:id/answer',
      guarded({
        summary: 'Answer a problem report (once: compare-and-set, audited)',
        params: idParams,
        body: supportAnswerBody,
        response: { 200: envelopeOf(supportRequestDetail) },
      }),
      async (request) => ok(await support.answer(await me(request), request.params.id, request.body.answer)),
    );
  };
}
