import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { vendorOrigins } from '../providers/settings.ts';

/**
 * Security headers on every answer (ASVS 14.4). The CSP allows only our own origin: the portal makes no
 * third-party requests (no CDN, fonts or trackers), which is also what a page holding passports must do.
 * frame-ancestors is configurable so that a partner app can embed SDK mode.
 */
export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  // The configured vendors' web SDKs (docs/providers.md): their script, frames and API, and nothing else.
  // (The mounted simulator is on PUBLIC_ORIGIN, which is not 'self' for a page on another host name.)
  const vendors = vendorOrigins(config.providers)
    .map((origin) => ` ${origin}`)
    .join('');
  const cspWith = (frameAncestors: string) =>
    [
      "default-src 'self'",
      `script-src 'self'${vendors}`,
      `style-src 'self'${vendors}`,
      `img-src 'self' data: blob:${vendors}`,
      "font-src 'self'",
      // The API may live on its own origin (API_ORIGIN, spec §7 "configured override"): allow exactly that one.
      `connect-src 'self'${config.apiOrigin ? ` ${config.apiOrigin}` : ''}${vendors}`,
      `frame-src 'self'${vendors}`,
      "media-src 'self' blob:",
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      `frame-ancestors ${frameAncestors}`,
    ].join('; ');
  const csp = cspWith(config.frameAncestors);
  // The mounted vendor simulator's hosted page is framed by the portal's page, as a vendor's is, under
  // whichever host name (site) the portal is opened at; the simulator runs only outside production.
  const simulatorCsp = cspWith('*');
  const fixed: Record<string, string> = {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()',
  };
  if (config.frameAncestors === "'none'") fixed['x-frame-options'] = 'DENY';
  if (config.cookieSecure) fixed['strict-transport-security'] = 'max-age=31536000; includeSubDomains';

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config?.simulator === true) {
      for (const [name, value] of Object.entries(fixed))
        if (name !== 'x-frame-options') reply.header(name, value);
      reply.header('content-security-policy', simulatorCsp);
      // A vendor's script and pages are loaded by the portal's pages on other host names, as from a CDN.
      reply.header('cross-origin-resource-policy', 'cross-origin');
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      return payload;
    }
    // A route may set a stricter CSP of its own (back-office documents: sandboxed, nothing but the image).
    for (const [name, value] of Object.entries(fixed))
      if (name !== 'content-security-policy' || !reply.hasHeader(name)) reply.header(name, value);
    // API answers and pages carry personal data: never stored by shared caches unless a route said otherwise.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
