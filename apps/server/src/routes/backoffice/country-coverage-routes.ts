import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  countryCodeParams,
  countryCoverageEntry,
  countryCoverageList,
  countryCoveragePatch,
  countryCoverageQuery,
} from '@kyc/contracts';
import { requireSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { Services } from '../services.ts';

/**
 * Country coverage in the back office (docs/countries.md): GET lists and searches the countries, PATCH
 * changes one ('edit_countries': admins; others 10005). Staff session and CSRF as every staff route.
 */
export function countryCoverageRoutes(services: Services): FastifyPluginAsync {
  const { staff, sessions, countryCoverage } = services;
  return async (app) => {
    documentRoutes(app, { tag: 'backoffice', access: 'staff' });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const preHandler = requireSession(sessions);
    const tags = ['backoffice'];

    r.get(
      '/backoffice/api/countries',
      {
        schema: {
          summary: 'Country coverage: every ISO country with its state, searched and paged (admin area)',
          tags,
          querystring: countryCoverageQuery,
          response: { 200: envelopeOf(countryCoverageList) },
        },
        preHandler,
      },
      async (request) => ok(await countryCoverage.list(await staff.me(subjectOf(request)), request.query)),
    );

    r.patch(
      '/backoffice/api/countries/:code',
      {
        schema: {
          summary: "Change a country's coverage: offered or closed with a reason, documents (admin, audited)",
          tags,
          params: countryCodeParams,
          body: countryCoveragePatch,
          response: { 200: envelopeOf(countryCoverageEntry) },
        },
        preHandler,
      },
      async (request) =>
        ok(
          await countryCoverage.update(await staff.me(subjectOf(request)), request.params.code, request.body),
        ),
    );
  };
}
