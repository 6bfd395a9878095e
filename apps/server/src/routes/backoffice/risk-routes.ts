import type { FastifyPluginAsync } from 'fastify';
import {
  riskCountryListChange,
  riskCountryListsView,
  riskWeightsUpdate,
  riskWeightsView,
} from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { staffApi } from './staff-api.ts';

/**
 * The risk score's weights and thresholds, issue 18 (docs/screening.md "Risk score"): read (anyone who
 * sees cases), changed by admins as a new version over the one read (61020, 61021; audited); and the
 * country lists, read likewise, an entry added, edited or removed by admins over the version read
 * (53001, 61022–61026; audited; D93). Staff session and CSRF as every staff route; the use-cases check
 * the permission (10005).
 */
export function riskRoutes(services: Services): FastifyPluginAsync {
  const { riskWeights, riskCountryLists } = services;
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

    r.get(
      '/backoffice/api/risk/country-lists',
      guarded({
        summary:
          'The country risk lists (FATF call for action, FATF increased monitoring, EU high-risk) with every entry, and the version a change is made over',
        response: { 200: envelopeOf(riskCountryListsView) },
      }),
      async (request) => ok(await riskCountryLists.getLists(await me(request))),
    );

    r.post(
      '/backoffice/api/risk/country-lists',
      guarded({
        summary:
          'Add, edit or remove one country of one list over the version read (admin; audited; saved as a new risk configuration version, so the risk job recomputes everyone)',
        body: riskCountryListChange,
        response: { 200: envelopeOf(riskCountryListsView) },
      }),
      async (request) => ok(await riskCountryLists.change(await me(request), request.body)),
    );
  };
}
