import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { autoReviewAction, autoReviewQuery, autoReviewResult } from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { clientGone } from '../../http/client-gone.ts';
import type { Services } from '../services.ts';
import { staffApi } from './staff-api.ts';

/**
 * The quality-review queue of the in-house provider's automatic approvals, issue 19 (docs/backoffice.md
 * "Quality review of automatic decisions", D103): the sampled approvals by state, paged by cursor; a
 * reviewer marks one reviewed or proposes its reversal, a second senior reviewer confirms the reversal
 * (four eyes). Staff session and CSRF as every staff route; the use-cases check the permission (10005).
 */
export function autoDecisionRoutes(services: Services): FastifyPluginAsync {
  const { autoReview } = services;
  return async (app) => {
    const { r, guarded, me } = staffApi(app, services);

    r.get(
      '/backoffice/api/auto-decisions/reviews',
      guarded({
        summary:
          'Automatic approvals sampled for quality review, oldest first in one state (waiting by default), with their evidence; paged by cursor',
        querystring: autoReviewQuery,
        response: { 200: envelopeOf(autoReviewResult) },
      }),
      async (request, reply) =>
        ok(await autoReview.list(await me(request), request.query, { signal: clientGone(reply) })),
    );

    r.post(
      '/backoffice/api/auto-decisions/reviews/:id',
      guarded({
        summary:
          'Mark an automatic approval reviewed, propose or withdraw its reversal, or confirm the reversal (a senior reviewer other than the proposer; level 1 back to FAILED_AND_CAN_RETRY); audited',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: autoReviewAction,
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      }),
      async (request) => {
        await autoReview.act(await me(request), request.params.id, request.body);
        return ok({ id: request.params.id });
      },
    );
  };
}
