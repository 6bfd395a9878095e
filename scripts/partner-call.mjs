#!/usr/bin/env node
/**
 * A signed partner call from the command line (docs/sdk.md "Signed partner calls"): what a partner's
 * server does for every request, in a few lines so it can be read and copied.
 *
 *   KYC_PARTNER_ID=demo-partner KYC_PARTNER_SECRET=kycs_… \
 *     node scripts/partner-call.mjs POST /v1/s1/kyc/integration/access-token '{"email":"new@demo.test","from":"demo-app"}'
 *
 * Environment: KYC_PARTNER_ID and KYC_PARTNER_SECRET (the demo partner's when unset, for `npm start`),
 * KYC_BASE_URL (default http://localhost:8080). Prints the answer; exits 1 unless ret_code is 0.
 */
import { createHmac } from 'node:crypto';

const DEMO = { id: 'demo-partner', secret: 'kycs_demo-partner-secret-published-in-the-READMA' };

const [method = '', path = '', body = ''] = process.argv.slice(2);
if (!/^[A-Za-z]+$/.test(method) || !path.startsWith('/')) {
  console.error('usage: node scripts/partner-call.mjs <METHOD> <path-with-query> [json-body]');
  process.exit(2);
}
const id = process.env.KYC_PARTNER_ID || DEMO.id;
const secret = process.env.KYC_PARTNER_SECRET || (id === DEMO.id ? DEMO.secret : '');
if (!secret) {
  console.error('KYC_PARTNER_SECRET is not set');
  process.exit(2);
}
const baseUrl = (process.env.KYC_BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');

// The signature covers exactly the bytes sent: sign the body string, then send that same string.
const ts = String(Math.floor(Date.now() / 1000));
const sign = createHmac('sha256', secret)
  .update(`${ts}${method.toUpperCase()}${path}${body}`, 'utf8')
  .digest('hex');

const response = await fetch(`${baseUrl}${path}`, {
  method: method.toUpperCase(),
  headers: {
    ...(body ? { 'content-type': 'application/json' } : {}),
    'kyc-access-business': id,
    'kyc-access-ts': ts,
    'kyc-access-sign': sign,
  },
  ...(body ? { body } : {}),
});
const text = await response.text();
console.log(text);
let code;
try {
  code = JSON.parse(text).ret_code;
} catch {
  code = undefined;
}
process.exit(response.ok && code === 0 ? 0 : 1);
