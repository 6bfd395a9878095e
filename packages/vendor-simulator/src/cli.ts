/**
 * `npm run vendors`: the simulator on its own port (default 8090), for a portal started with the
 * vendors' addresses pointed at it (docs/providers.md "Running without the vendors"). The credentials
 * are the demo ones `npm start` uses unless the same settings as the portal's are given.
 */
import Fastify from 'fastify';
import { createSimulator } from './index.ts';
import { DEMO_VENDOR_CREDENTIALS } from './demo-credentials.ts';

const port = Number(process.env.SIMULATOR_PORT ?? 8090);
const publicBase = process.env.SIMULATOR_PUBLIC_BASE ?? `http://localhost:${port}`;
const portalOrigin = process.env.PUBLIC_ORIGIN ?? 'http://localhost:8080';
const env = process.env;

const simulator = createSimulator({
  publicBase,
  portalOrigin,
  sumsub: {
    appToken: env.SUMSUB_APP_TOKEN ?? DEMO_VENDOR_CREDENTIALS.sumsub.appToken,
    secretKey: env.SUMSUB_SECRET_KEY ?? DEMO_VENDOR_CREDENTIALS.sumsub.secretKey,
    webhookSecret: env.SUMSUB_WEBHOOK_SECRET ?? DEMO_VENDOR_CREDENTIALS.sumsub.webhookSecret,
  },
  onfido: {
    apiToken: env.ONFIDO_API_TOKEN ?? DEMO_VENDOR_CREDENTIALS.onfido.apiToken,
    webhookToken: env.ONFIDO_WEBHOOK_TOKEN ?? DEMO_VENDOR_CREDENTIALS.onfido.webhookToken,
  },
  jumio: {
    clientId: env.JUMIO_CLIENT_ID ?? DEMO_VENDOR_CREDENTIALS.jumio.clientId,
    clientSecret: env.JUMIO_CLIENT_SECRET ?? DEMO_VENDOR_CREDENTIALS.jumio.clientSecret,
  },
});

const app = Fastify({ logger: { level: 'info' } });
await app.register(simulator.plugin);
await app.listen({ port, host: '127.0.0.1' });
console.log(`Vendor simulator on ${publicBase} (webhooks to ${portalOrigin}/webhooks/…)`);
