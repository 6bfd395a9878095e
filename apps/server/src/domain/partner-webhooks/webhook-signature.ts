/**
 * The signature of a webhook to a partner (docs/sdk.md "Webhooks to partners"), without I/O so it is
 * unit-tested on its own: `kyc-webhook-sign` is the lower-case hex HMAC-SHA256 of the timestamp (unix
 * seconds, as sent in `kyc-webhook-ts`) followed by the raw body, keyed by the webhook secret as the
 * partner holds it. The same layout as the partner's own signed calls (D37), minus method and path:
 * the partner knows where it receives.
 */
import { createHmac } from 'node:crypto';
import { PARTNER_WEBHOOK_SIGN_HEADER, PARTNER_WEBHOOK_TS_HEADER } from '@kyc/contracts';

export function signWebhook(secret: string, ts: string, body: string): string {
  return createHmac('sha256', secret).update(ts, 'utf8').update(body, 'utf8').digest('hex');
}

/** The headers of one attempt at `nowMs`. */
export function webhookHeaders(secret: string, body: string, nowMs: number): Record<string, string> {
  const ts = String(Math.floor(nowMs / 1000));
  return {
    'content-type': 'application/json',
    [PARTNER_WEBHOOK_TS_HEADER]: ts,
    [PARTNER_WEBHOOK_SIGN_HEADER]: signWebhook(secret, ts, body),
  };
}
