import type { FastifyPluginAsync } from 'fastify';
import {
  partnerIdParams,
  partnerWebhookAnswer,
  partnerWebhookPut,
  partnerWebhookSaved,
  webhookDeliveryEntry,
  webhookDeliveryList,
  webhookDeliveryParams,
  webhookDeliveryQuery,
} from '@kyc/contracts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import type { Services } from '../services.ts';
import { staffApi } from './staff-api.ts';

/**
 * Webhooks to partners in the back office (docs/sdk.md "Webhooks to partners"): the partner's webhook
 * (read, register, change, rotate its secret), its deliveries and redelivery. 'manage_partners' (admins;
 * others 10005); staff session and CSRF as every staff route.
 */
export function partnerWebhookRoutes(services: Services): FastifyPluginAsync {
  const { partnerWebhooks } = services;
  return async (app) => {
    const { r, guarded, me } = staffApi(app, services);

    r.get(
      '/backoffice/api/partners/:id/webhook',
      guarded({
        summary: "A partner's webhook: URL, enabled, secret fingerprint; null until registered (admin)",
        params: partnerIdParams,
        response: { 200: envelopeOf(partnerWebhookAnswer) },
      }),
      async (request) => ok(await partnerWebhooks.getWebhook(await me(request), request.params.id)),
    );

    r.put(
      '/backoffice/api/partners/:id/webhook',
      guarded({
        summary: "Register or change a partner's webhook; a new secret is answered once (admin, audited)",
        params: partnerIdParams,
        body: partnerWebhookPut,
        response: { 200: envelopeOf(partnerWebhookSaved) },
      }),
      async (request) =>
        ok(await partnerWebhooks.putWebhook(await me(request), request.params.id, request.body)),
    );

    r.get(
      '/backoffice/api/partners/:id/webhook-deliveries',
      guarded({
        summary: "A partner's webhook deliveries, newest first, cursor-paged (admin)",
        params: partnerIdParams,
        querystring: webhookDeliveryQuery,
        response: { 200: envelopeOf(webhookDeliveryList) },
      }),
      async (request) =>
        ok(await partnerWebhooks.listDeliveries(await me(request), request.params.id, request.query)),
    );

    r.post(
      '/backoffice/api/partner-webhook-deliveries/:id/redeliver',
      guarded({
        summary: 'Send a webhook delivery again: pending, due now, a fresh schedule (admin, audited)',
        params: webhookDeliveryParams,
        response: { 200: envelopeOf(webhookDeliveryEntry) },
      }),
      async (request) => ok(await partnerWebhooks.redeliver(await me(request), request.params.id)),
    );
  };
}
