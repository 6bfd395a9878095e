import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import { hideFromDocument } from '../../http/openapi.ts';
import { SIMULATOR_PREFIX } from '../../http/vendor-webhooks.ts';
import { named } from '../../http/plugin-name.ts';

export { SIMULATOR_PREFIX };

/**
 * The vendor simulator mounted at /simulator (VENDOR_SIMULATOR, demo and tests; refused in production by
 * the configuration): the vendors as configured here, their webhooks sent back to PUBLIC_ORIGIN. Its
 * routes play a vendor's servers, so they skip the portal's Origin and CSRF checks (http/auth.ts reads
 * the `simulator` flag set below) and stay out of the OpenAPI document.
 */
export function simulatorRoutes(config: Config): FastifyPluginAsync {
  return async (app) => {
    const { createSimulator } = await import('@kyc/vendor-simulator');
    const { sumsub, onfido, jumio } = config.providers;
    const simulator = createSimulator({
      publicBase: `${config.publicOrigin}${SIMULATOR_PREFIX}`,
      portalOrigin: config.publicOrigin,
      sumsub: sumsub && {
        appToken: sumsub.appToken,
        secretKey: sumsub.secretKey,
        webhookSecret: sumsub.webhookSecret,
      },
      onfido: onfido && { apiToken: onfido.apiToken, webhookToken: onfido.webhookToken },
      jumio: jumio && { clientId: jumio.clientId, clientSecret: jumio.clientSecret },
    });
    hideFromDocument(app);
    app.addHook('onRoute', (route) => {
      route.config = { ...route.config, simulator: true };
    });
    await app.register(named('vendorSimulator', simulator.plugin));
  };
}
