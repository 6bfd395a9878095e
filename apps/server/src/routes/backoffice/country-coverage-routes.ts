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
import type { Services } from '../services.ts';

/**
 * Country coverage in the back office (docs/countries.md): GET lists and searches the countries, PATCH
 * changes one ('edit_countries': admins; others 10005). Staff session and CSRF as every staff route.
 */
export function countryCoverageRoutes(services: Services): FastifyPluginAsync {
  const { staff, sessions, countryCoverage } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const preHandler = requireSession(sessions);
    const tags = ['backoffice'];

    r.get(
      '/backoffice/api/countries',
      {
        schema: {
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
