import type { FastifyPluginAsync } from 'fastify';
import {
  countryCodeParams,
  countryCoverageEntry,
  countryCoverageList,
  countryCoveragePatch,
  countryCoverageQuery,
} from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { staffApi } from './staff-api.ts';

/**
 * Country coverage in the back office (docs/countries.md): GET lists and searches the countries, PATCH
 * changes one ('edit_countries': admins; others 10005). Staff session and CSRF as every staff route.
 */
export function countryCoverageRoutes(services: Services): FastifyPluginAsync {
  const { countryCoverage } = services;
  return async (app) => {
    const { r, guarded, me } = staffApi(app, services);

    r.get(
      '/backoffice/api/countries',
      guarded({
        summary: 'Country coverage: every ISO country with its state, searched and paged (admin area)',
        querystring: countryCoverageQuery,
        response: { 200: envelopeOf(countryCoverageList) },
      }),
      async (request) => ok(await countryCoverage.list(await me(request), request.query)),
    );

    r.patch(
      '/backoffice/api/countries/:code',
      guarded({
        summary: "Change a country's coverage: offered or closed with a reason, documents (admin, audited)",
        params: countryCodeParams,
        body: countryCoveragePatch,
        response: { 200: envelopeOf(countryCoverageEntry) },
      }),
      async (request) =>
        ok(await countryCoverage.update(await me(request), request.params.code, request.body)),
    );
  };
}
