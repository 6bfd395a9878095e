import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
import { requireSession, subjectOf } from '../../http/auth.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { Services } from '../services.ts';

/**
 * Partners in the back office (docs/sdk.md "Signed partner calls"): list, create, edit, rotate and
 * revoke secrets. 'manage_partners' (admins; others 10005); staff session and CSRF as every staff route.
 */
export function partnersRoutes(services: Services): FastifyPluginAsync {
  const { staff, sessions, partnersAdmin } = services;
  return async (app) => {
    documentRoutes(app, { tag: 'backoffice', access: 'staff' });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const preHandler = requireSession(sessions);
    const me = (request: Parameters<typeof subjectOf>[0]) => staff.me(subjectOf(request));

    r.get(
      '/backoffice/api/partners',
      {
        schema: {
          summary:
            'Partners: origins, flags, linked users and live secret fingerprints, cursor-paged (admin)',
          querystring: partnerListQuery,
          response: { 200: envelopeOf(partnerList) },
        },
        preHandler,
      },
      async (request) => ok(await partnersAdmin.list(await me(request), request.query)),
    );

    r.post(
      '/backoffice/api/partners',
      {
        schema: {
          summary: 'Create a partner; its first signing secret is answered once (admin, audited)',
          body: partnerCreateRequest,
          response: { 200: envelopeOf(partnerSecretResult) },
        },
        preHandler,
      },
      async (request) => ok(await partnersAdmin.create(await me(request), request.body)),
    );

    r.patch(
      '/backoffice/api/partners/:id',
      {
        schema: {
          summary: "Change a partner's allowed origins, first-party or active flag (admin, audited)",
          params: partnerIdParams,
          body: partnerPatch,
          response: { 200: envelopeOf(partnerEntry) },
        },
        preHandler,
      },
      async (request) => ok(await partnersAdmin.update(await me(request), request.params.id, request.body)),
    );

    r.post(
      '/backoffice/api/partners/:id/secrets',
      {
        schema: {
          summary: 'Rotate: a new signing secret, answered once; the old one stays live (admin, audited)',
          params: partnerIdParams,
          body: partnerVersionRequest,
          response: { 200: envelopeOf(partnerSecretResult) },
        },
        preHandler,
      },
      async (request) => ok(await partnersAdmin.rotate(await me(request), request.params.id, request.body)),
    );

    r.post(
      '/backoffice/api/partners/:id/secrets/:secretId/revoke',
      {
        schema: {
          summary: 'Revoke one signing secret; never the last of an active partner (admin, audited)',
          params: partnerSecretParams,
          body: partnerVersionRequest,
          response: { 200: envelopeOf(partnerEntry) },
        },
        preHandler,
      },
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
