import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { caseAssignRequest, caseClaimResult, caseReleaseQuery } from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { staffApi } from './staff-api.ts';

const caseParams = z.object({
  userId: z.coerce.number().int().positive(),
  templateCode: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a template code (kebab-case)')
    .max(64),
});

/**
 * Claims on questionnaire cases (issue 17, D123; docs/questionnaires.md "Back office"): one user's
 * template is claimed, assigned and released as a verification case is (work-routes.ts). Staff session
 * and CSRF as every staff route; the use-case checks the permission (10005) and answers 55011–55014.
 */
export function questionnaireClaimRoutes(services: Services): FastifyPluginAsync {
  const { questionnaireReview } = services;
  return async (app) => {
    const { r, guarded, me } = staffApi(app, services);

    r.post(
      '/backoffice/api/questionnaires/:userId/:templateCode/claim',
      guarded({
        summary: 'Claim a questionnaire case ("Assign to me"), or renew one\'s own claim',
        params: caseParams,
        response: { 200: envelopeOf(caseClaimResult) },
      }),
      async (request) => {
        const { userId, templateCode } = request.params;
        return ok(await questionnaireReview.claimCase(await me(request), userId, templateCode));
      },
    );

    r.delete(
      '/backoffice/api/questionnaires/:userId/:templateCode/claim',
      guarded({
        summary: "Give a questionnaire case back, or break another's claim (leads)",
        params: caseParams,
        querystring: caseReleaseQuery,
        response: { 200: envelopeOf(caseClaimResult) },
      }),
      async (request) => {
        const { userId, templateCode } = request.params;
        return ok(
          await questionnaireReview.releaseCase(
            await me(request),
            userId,
            templateCode,
            request.query.version,
          ),
        );
      },
    );

    r.put(
      '/backoffice/api/questionnaires/:userId/:templateCode/assignee',
      guarded({
        summary: 'Assign or reassign a questionnaire case (leads), over the assignment as read',
        params: caseParams,
        body: caseAssignRequest,
        response: { 200: envelopeOf(caseClaimResult) },
      }),
      async (request) => {
        const { userId, templateCode } = request.params;
        const { staffId, expectedVersion } = request.body;
        return ok(
          await questionnaireReview.assignCase(
            await me(request),
            userId,
            templateCode,
            staffId,
            expectedVersion,
          ),
        );
      },
    );
  };
}
