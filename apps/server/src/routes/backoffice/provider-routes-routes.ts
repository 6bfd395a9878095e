import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  providerRouteDeleteQuery,
  providerRouteEntry,
  providerRouteParams,
  providerRoutePut,
  providerRoutesView,
} from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { staffApi } from './staff-api.ts';

/**
 * Provider routing in the back office (decision D23, docs/backoffice.md "Provider routing"): GET lists
 * the routes with the fallback and the configured vendors, PUT sets one country's route, DELETE removes
 * it ('edit_provider_routes': admins; others 10005). Staff session and CSRF as every staff route.
 */
export function providerRoutesRoutes(services: Services): FastifyPluginAsync {
  const { providerRoutes } = services;
  return async (app) => {
    const { r, guarded, me } = staffApi(app, services);

    r.get(
      '/backoffice/api/provider-routes',
      guarded({
        summary: 'Provider routes: per country a provider and a share, the fallback, the configured vendors',
        response: { 200: envelopeOf(providerRoutesView) },
      }),
      async (request) => ok(await providerRoutes.list(await me(request))),
    );

    r.put(
      '/backoffice/api/provider-routes/:country',
      guarded({
        summary: "Set a country's provider route ('*': every other country); compare-and-set, audited",
        params: providerRouteParams,
        body: providerRoutePut,
        response: { 200: envelopeOf(providerRouteEntry) },
      }),
      async (request) =>
        ok(await providerRoutes.put(await me(request), request.params.country, request.body)),
    );

    r.delete(
      '/backoffice/api/provider-routes/:country',
      guarded({
        summary: "Delete a country's provider route (admin, audited); its people go to the fallback",
        params: providerRouteParams,
        querystring: providerRouteDeleteQuery,
        response: { 200: envelopeOf(z.null()) },
      }),
      async (request) => {
        await providerRoutes.remove(await me(request), request.params.country, request.query);
        return ok(null);
      },
    );
  };
}
