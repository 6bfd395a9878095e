import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  hitResolutionRequest,
  liftFreezeRequest,
  reviewCase,
  screeningAlertsQuery,
  screeningAlertsResult,
  screeningAssignRequest,
  screeningAssignResult,
  screeningListsResult,
} from '@kyc/contracts';
import { clientGone } from '../../http/client-gone.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { staffApi } from './staff-api.ts';

const hitParams = z.object({ hitId: z.coerce.number().int().positive() });
const userIdParams = z.object({ userId: z.coerce.number().int().positive() });

/**
 * Sanctions and PEP screening in the back office, issue 18 slice 3 (docs/screening.md): resolving a hit
 * (four eyes for sanctions; a true match freezes the account), the suspicious-activity export, and the
 * alerts queue with "assign to me". Staff session and CSRF as every staff route; the use-case checks the
 * permission (10005) and answers 61003–61012; the lists' status and "refresh now" (61030; D95).
 */
export function screeningRoutes(services: Services): FastifyPluginAsync {
  const { screening } = services;
  return async (app) => {
    const { r, guarded, me } = staffApi(app, services);

    r.get(
      '/backoffice/api/screening/alerts',
      guarded({
        summary: 'Screening alerts: hits to resolve (or of one state), oldest raised first, paged by cursor',
        querystring: screeningAlertsQuery,
        response: { 200: envelopeOf(screeningAlertsResult) },
      }),
      async (request, reply) =>
        ok(await screening.alerts(await me(request), request.query, Date.now(), clientGone(reply))),
    );

    r.get(
      '/backoffice/api/screening/lists',
      guarded({
        summary:
          'Screening lists: each configured list with its format, source, entries, last refresh, last change, last error and latest delta re-screening',
        response: { 200: envelopeOf(screeningListsResult) },
      }),
      async (request) => ok(await screening.screeningLists(await me(request))),
    );

    r.post(
      '/backoffice/api/screening/refresh',
      guarded({
        summary:
          'Refresh every screening list now (admins): files read again, URLs fetched with a conditional GET; a failure keeps the last good copy (audited)',
        response: { 200: envelopeOf(screeningListsResult) },
      }),
      async (request) => ok(await screening.refreshScreeningLists(await me(request))),
    );

    r.post(
      '/backoffice/api/screening/hits/:hitId/assignee',
      guarded({
        summary: '"Assign to me": a screening alert, over its assignee as read (audited)',
        params: hitParams,
        body: screeningAssignRequest,
        response: { 200: envelopeOf(screeningAssignResult) },
      }),
      async (request) =>
        ok(await screening.assignToMe(await me(request), request.params.hitId, request.body.expectedStaffId)),
    );

    r.post(
      '/backoffice/api/screening/hits/:hitId/resolution',
      guarded({
        summary:
          'Resolve a screening hit: false positive (four eyes for sanctions), confirm, send back, or true match (freezes the account); over its version as read (audited)',
        params: hitParams,
        body: hitResolutionRequest,
        response: { 200: envelopeOf(reviewCase) },
      }),
      async (request) => ok(await screening.resolve(await me(request), request.params.hitId, request.body)),
    );

    r.post(
      '/backoffice/api/cases/:userId/freeze/lift',
      guarded({
        summary:
          'Lift the freeze a true match put on the account (senior reviewers and admins, never whoever froze it); the match is cleared with the reason (audited)',
        params: userIdParams,
        body: liftFreezeRequest,
        response: { 200: envelopeOf(reviewCase) },
      }),
      async (request) =>
        ok(await screening.liftFreeze(await me(request), request.params.userId, request.body)),
    );

    r.get(
      '/backoffice/api/cases/:userId/screening-export',
      guarded({
        summary: "The person's suspicious-activity export (JSON) made at a true match (audited download)",
        params: userIdParams,
      }),
      async (request, reply) => {
        const { userId } = request.params;
        const { id, bytes } = await screening.downloadExport(await me(request), userId);
        return reply
          .type('application/json; charset=utf-8')
          .headers({
            'content-disposition': `attachment; filename="sar-export-user-${userId}-${id}.json"`,
            'content-length': String(bytes.length),
            'x-content-type-options': 'nosniff',
            'cache-control': 'no-store',
            'content-security-policy': "default-src 'none'; sandbox",
          })
          .send(bytes);
      },
    );
  };
}
