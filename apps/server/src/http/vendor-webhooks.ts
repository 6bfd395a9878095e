import type { FastifyRequest } from 'fastify';

/** Where the vendors' webhooks arrive: POST /webhooks/{sumsub,onfido,jumio} (docs/providers.md). */
export const VENDOR_WEBHOOK_PREFIX = '/webhooks/';
/** Where the vendor simulator is mounted in demo mode (routes/providers/simulator-routes.ts). */
export const SIMULATOR_PREFIX = '/simulator';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by routes/providers/webhook-routes.ts: the route checks the vendor's signature itself. */
    vendorWebhook?: true;
    /** Set on every route of the mounted vendor simulator: it plays a vendor's servers. */
    simulator?: true;
  }
}

/**
 * True for a matched vendor webhook route. These skip the Origin and CSRF checks of http/auth.ts and get
 * no cookie: a vendor's server sends no cookie, and the route refuses anything whose signature over the
 * raw body (or whose address, for Jumio) is not the vendor's. The matched route pattern is used, not the
 * raw URL, so no spelling of a path can borrow the exemption.
 */
export function isVendorWebhookRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions;
  if (typeof route.url !== 'string') return false;
  return (
    (route.url.startsWith(VENDOR_WEBHOOK_PREFIX) && route.config.vendorWebhook === true) ||
    (route.url.startsWith(`${SIMULATOR_PREFIX}/`) && route.config.simulator === true)
  );
}
