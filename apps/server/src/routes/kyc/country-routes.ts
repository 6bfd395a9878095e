import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { countryListQuery, countryListResult } from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { documentRoutes } from '../../http/openapi.ts';

/** GET /v2/public/country-list (spec §7, §9: the client asks with is_disable=1). Public reference data. */
export function countryRoutes(services: Services): FastifyPluginAsync {
  const { kyc } = services;
  return async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'kyc', access: 'public' });
    r.get(
      '/v2/public/country-list',
      {
        schema: {
          summary: 'List the countries (open ones, or all with is_disable=1) and their document types',
          querystring: countryListQuery,
          response: { 200: envelopeOf(countryListResult) },
        },
      },
      async (request) => ok({ list: await kyc.countryList(request.query.is_disable === '1') }),
    );
  };
}
