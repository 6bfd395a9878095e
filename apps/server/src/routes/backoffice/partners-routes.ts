import type { FastifyPluginAsync } from 'fastify';
import {
  partnerCreateRequest,
  partnerEntry,
  partnerIdParams,
  partnerList,
  partnerListQuery,
  partnerPatch,
  partnerSecretParams,
  partnerSecretResult,
  partnerVersionRequest,
} from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { staffApi } from './staff-api.ts';

/**
 * Partners in the back office (docs/sdk.md "Signed partner calls"): list, create, edit, rotate and
 * revoke secrets. 'manage_partners' (admins; others 10005); staff session and CSRF as every staff route.
 */
export function partnersRoutes(services: Services): FastifyPluginAsync {
  const { partnersAdmin } = services;
  return async (app) => {
    const { r, guarded, me } = staffApi(app, services);

    r.get(
      '/backoffice/api/partners',
      guarded({
        summary: 'Partners: origins, flags, linked users and live secret fingerprints, cursor-paged (admin)',
        querystring: partnerListQuery,
        response: { 200: envelopeOf(partnerList) },
      }),
      async (request) => ok(await partnersAdmin.list(await me(request), request.query)),
    );

    r.post(
      '/backoffice/api/partners',
      guarded({
        summary: 'Create a partner; its first signing secret is answered once (admin, audited)',
        body: partnerCreateRequest,
        response: { 200: envelopeOf(partnerSecretResult) },
      }),
      async (request) => ok(await partnersAdmin.create(await me(request), request.body)),
    );

    r.patch(
      '/backoffice/api/partners/:id',
      guarded({
        summary: "Change a partner's allowed origins, first-party or active flag (admin, audited)",
        params: partnerIdParams,
        body: partnerPatch,
        response: { 200: envelopeOf(partnerEntry) },
      }),
      async (request) => ok(await partnersAdmin.update(await me(request), request.params.id, request.body)),
    );

    r.post(
      '/backoffice/api/partners/:id/secrets',
      guarded({
        summary: 'Rotate: a new signing secret, answered once; the old one stays live (admin, audited)',
        params: partnerIdParams,
        body: partnerVersionRequest,
        response: { 200: envelopeOf(partnerSecretResult) },
      }),
      async (request) => ok(await partnersAdmin.rotate(await me(request), request.params.id, request.body)),
    );

    r.post(
      '/backoffice/api/partners/:id/secrets/:secretId/revoke',
      guarded({
        summary: 'Revoke one signing secret; never the last of an active partner (admin, audited)',
        params: partnerSecretParams,
        body: partnerVersionRequest,
        response: { 200: envelopeOf(partnerEntry) },
      }),
      async (request) =>
        ok(
          await partnersAdmin.revoke(
            await me(request),
            request.params.id,
            request.params.secretId,
            request.body,
          ),
        ),
    );
  };
}
