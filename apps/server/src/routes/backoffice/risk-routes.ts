import type { FastifyPluginAsync } from 'fastify';
import { riskWeightsUpdate, riskWeightsView } from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { staffApi } from './staff-api.ts';

/**
 * The risk score's weights and thresholds, issue 18 (docs/screening.md "Risk score"): read (anyone who
 * sees cases), changed by admins as a new version over the one read (61020, 61021; audited). Staff
 * session and CSRF as every staff route; the use-cases check the permission (10005).
 */
export function riskRoutes(services: Services): FastifyPluginAsync {
  const { riskWeights } = services;
  return async (app) => {
    const { r, guarded, me } = staffApi(app, services);

    r.get(
      '/backoffice/api/risk/weights',
      guarded({
        summary:
          'The risk weights and thresholds in force: each factor’s points, medium and high, the version',
        response: { 200: envelopeOf(riskWeightsView) },
      }),
      async (request) => ok(await riskWeights.getWeights(await me(request))),
    );

    r.put(
      '/backoffice/api/risk/weights',
      guarded({
        summary:
          'A new version of the risk weights over the version read (admin; audited; everyone assessed is recomputed by the risk job)',
        body: riskWeightsUpdate,
        response: { 200: envelopeOf(riskWeightsView) },
      }),
      async (request) => ok(await riskWeights.putWeights(await me(request), request.body)),
    );
  };
}
