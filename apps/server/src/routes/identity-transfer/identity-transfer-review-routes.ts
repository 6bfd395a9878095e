/**
 * Identity transfer, the back office (issue 15, docs/identity-transfer.md): the queue (cursor-paged,
 * keyset on created_at and id), the case with both accounts side by side (audited view), the decision
 * (approve with the selfie reviewed, or reject with a reason; four eyes at or above the configured level).
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  transferCase,
  transferDecisionRequest,
  transferQueueQuery,
  transferQueueResult,
} from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { staffApi } from '../backoffice/staff-api.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

export function identityTransferReviewRoutes(services: Services): FastifyPluginAsync {
  const { identityTransfers } = services;
  return async (app) => {
    const { r, guarded, me } = staffApi(app, services);

    r.get(
      '/backoffice/api/identity-transfers',
      guarded({
        summary: 'Identity transfers awaiting review, oldest first, by cursor',
        querystring: transferQueueQuery,
        response: { 200: envelopeOf(transferQueueResult) },
      }),
      async (request) => ok(await identityTransfers.queue(await me(request), request.query)),
    );

    r.get(
      '/backoffice/api/identity-transfers/:id',
      guarded({
        summary: 'An identity transfer with both accounts side by side (audited)',
        params: idParams,
        response: { 200: envelopeOf(transferCase) },
      }),
      async (request) => ok(await identityTransfers.caseOf(await me(request), request.params.id)),
    );

    r.post(
      '/backoffice/api/identity-transfers/:id/decision',
      guarded({
        summary: 'Approve (selfie reviewed) or reject (with a reason) an identity transfer',
        params: idParams,
        body: transferDecisionRequest,
        response: { 200: envelopeOf(transferCase) },
      }),
      async (request) =>
        ok(await identityTransfers.decide(await me(request), request.params.id, request.body)),
    );
  };
}
