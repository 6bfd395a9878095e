/**
 * The demo credentials of the simulated vendors: published (README), used by `npm start` in demo mode
 * and by `npm run vendors`. They open nothing but the simulator.
 */
export const DEMO_VENDOR_CREDENTIALS = {
  sumsub: {
    appToken: 'sbx:demo-app-token-published-in-the-README',
    secretKey: 'demo-sumsub-secret-key-published-in-the-README',
    webhookSecret: 'demo-sumsub-webhook-secret-published-in-the-README',
    levelNames: { 1: 'Level1_web', 2: 'Level2_web' },
  },
  onfido: {
    apiToken: 'api_sandbox.demo-onfido-token-published-in-the-README',
    webhookToken: 'demo-onfido-webhook-token-published-in-the-README',
    workflowIds: { 1: 'd3m0-0000-4000-8000-00000000l1', 2: 'd3m0-0000-4000-8000-00000000l2' },
  },
  jumio: {
    clientId: 'demo-jumio-client-published-in-the-README',
    clientSecret: 'demo-jumio-secret-published-in-the-README',
    workflowKeys: { 1: '10013', 2: '10013' },
  },
} as const;
