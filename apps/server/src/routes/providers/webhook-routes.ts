import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { Services } from '../services.ts';
import { VENDOR_NAMES, type VendorName } from '../../providers/settings.ts';

/** A webhook body is the vendor's JSON; 1 MiB is far above any vendor's event. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const webhookResult = z.object({
  /** What the event did: applied, no_change, stale, duplicate, unknown_applicant. */
  effect: z.string(),
});

const SUMMARY: Record<VendorName, string> = {
  sumsub: 'Sumsub webhook (X-Payload-Digest over the raw body)',
  onfido: 'Onfido webhook (X-SHA2-Signature over the raw body)',
  jumio: 'Jumio callback (allowed addresses only; the outcome is read from Jumio)',
};

/**
 * POST /webhooks/{vendor} (docs/providers.md "Webhooks"): the body is kept as the raw bytes the vendor
 * signed (this plugin's own parser; no other route accepts anything but JSON), the use-case verifies and
 * applies the event, and the 200 is sent only after it committed. A wrong signature answers 401 / 30062
 * and changes nothing; a vendor that is not configured, 404.
 */
export function vendorWebhookRoutes(services: Services): FastifyPluginAsync {
  const { vendorVerification } = services;
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    const r = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(app, { tag: 'webhooks', access: 'vendor-signature' });
    for (const vendor of VENDOR_NAMES) {
      r.post(
        `/webhooks/${vendor}`,
        {
          config: { vendorWebhook: true },
          schema: { summary: SUMMARY[vendor], response: { 200: envelopeOf(webhookResult) } },
        },
        async (request) => {
          const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return ok(
            await vendorVerification.receiveWebhook(vendor, {
              rawBody,
              headers: request.headers,
              remoteAddress: request.ip,
            }),
          );
        },
      );
    }
  };
}
