// The settings that point the portal's vendors at the simulator it mounts at /simulator in demo mode
// (docs/providers.md "Running without the vendors"). The credentials are the simulator's published demo
// ones (packages/vendor-simulator/src/demo-credentials.ts, repeated here so that start.mjs needs no
// TypeScript before it registers tsx).
export function demoVendorEnv(env) {
  const origin = (env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT ?? 8080}`).replace(/\/$/, '');
  const sim = `${origin}/simulator`;
  return {
    VENDOR_SIMULATOR: 'true',
    SUMSUB_BASE_URL: `${sim}/sumsub`,
    SUMSUB_APP_TOKEN: 'sbx:demo-app-token-published-in-the-README',
    SUMSUB_SECRET_KEY: 'demo-sumsub-secret-key-published-in-the-README',
    SUMSUB_WEBHOOK_SECRET: 'demo-sumsub-webhook-secret-published-in-the-README',
    SUMSUB_WEB_SDK_URL: `${sim}/sumsub/websdk/sns-websdk-builder.js`,
    ONFIDO_BASE_URL: `${sim}/onfido/v3.6`,
    ONFIDO_API_TOKEN: 'api_sandbox.demo-onfido-token-published-in-the-README',
    ONFIDO_WEBHOOK_TOKEN: 'demo-onfido-webhook-token-published-in-the-README',
    ONFIDO_WORKFLOW_ID_LEVEL1: 'd3m0-0000-4000-8000-00000000l1',
    ONFIDO_WORKFLOW_ID_LEVEL2: 'd3m0-0000-4000-8000-00000000l2',
    ONFIDO_WEB_SDK_URL: `${sim}/onfido/websdk/onfido.min.js`,
    JUMIO_CLIENT_ID: 'demo-jumio-client-published-in-the-README',
    JUMIO_CLIENT_SECRET: 'demo-jumio-secret-published-in-the-README',
    JUMIO_AUTH_URL: `${sim}/jumio/oauth2/token`,
    JUMIO_BASE_URL: `${sim}/jumio`,
    JUMIO_RETRIEVAL_URL: `${sim}/jumio`,
    JUMIO_CALLBACK_ALLOWED_IPS: '127.0.0.1,::1,::ffff:127.0.0.1',
  };
}
