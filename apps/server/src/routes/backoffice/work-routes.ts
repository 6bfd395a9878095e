import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  caseAssignRequest,
  caseClaimResult,
  caseReleaseQuery,
  serviceLevelList,
  serviceLevelUpdate,
} from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { staffApi } from './staff-api.ts';

const userIdParams = z.object({ userId: z.coerce.number().int().positive() });

/**
 * Working a queue together (issue 17, docs/backoffice-at-volume.md): claims and assignment of a
 * verification case, and the service levels. Staff session and CSRF as every staff route; the use-case
 * checks the permission (10005) and answers 55011–55014 / 55021 when a compare-and-set loses.
 */
export function workRoutes(services: Services): FastifyPluginAsync {
  const { review } = services;
  return async (app) => {
    const { r, guarded, me } = staffApi(app, services);

    r.post(
      '/backoffice/api/cases/:userId/claim',
      guarded({
        summary: 'Claim a case ("Assign to me"), or renew one\'s own claim',
        params: userIdParams,
        response: { 200: envelopeOf(caseClaimResult) },
      }),
      async (request) => ok(await review.claim(await me(request), request.params.userId)),
    );

    r.delete(
      '/backoffice/api/cases/:userId/claim',
      guarded({
        summary: "Give a case back, or break another's claim (leads)",
        params: userIdParams,
        querystring: caseReleaseQuery,
        response: { 200: envelopeOf(caseClaimResult) },
      }),
      async (request) =>
        ok(await review.release(await me(request), request.params.userId, request.query.version)),
    );

    r.put(
      '/backoffice/api/cases/:userId/assignee',
      guarded({
        summary: 'Assign or reassign a case (leads), over the assignment as read',
        params: userIdParams,
        body: caseAssignRequest,
        response: { 200: envelopeOf(caseClaimResult) },
      }),
      async (request) =>
        ok(
          await review.assign(
            await me(request),
            request.params.userId,
            request.body.staffId,
            request.body.expectedVersion,
          ),
        ),
    );

    r.get(
      '/backoffice/api/service-levels',
      guarded({ summary: 'Service level per kind of work', response: { 200: envelopeOf(serviceLevelList) } }),
      async (request) => ok(await review.serviceLevels(await me(request))),
    );

    r.put(
      '/backoffice/api/service-levels',
      guarded({
        summary: 'Change service levels (admins; audited)',
        body: serviceLevelUpdate,
        response: { 200: envelopeOf(serviceLevelList) },
      }),
      async (request) => ok(await review.updateServiceLevels(await me(request), request.body)),
    );
  };
}
