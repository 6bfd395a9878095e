/**
 * A partner's webhook endpoints (docs/sdk.md "Webhooks to partners"): read and save the address (a new
 * secret is answered once), the deliveries newest first by cursor, and a redelivery.
 */
import type {
  PartnerWebhookAnswer,
  PartnerWebhookPut,
  PartnerWebhookSaved,
  WebhookDeliveryEntry,
  WebhookDeliveryList,
} from '@kyc/contracts';
import { api } from '../../../lib/api-client.ts';

export type { PartnerWebhookAnswer, PartnerWebhookSaved, WebhookDeliveryEntry, WebhookDeliveryList };

export const DELIVERIES_PAGE_SIZE = 20;

const base = (partnerId: string) => `/partners/${encodeURIComponent(partnerId)}`;

/** GET …/partners/:id/webhook (admin): null until one is registered. */
export function fetchWebhook(partnerId: string, signal?: AbortSignal): Promise<PartnerWebhookAnswer> {
  return api.get<PartnerWebhookAnswer>(`${base(partnerId)}/webhook`, { signal });
}

/** PUT …/partners/:id/webhook (admin, audited as partners.webhook_changed). */
export function saveWebhook(partnerId: string, change: PartnerWebhookPut): Promise<PartnerWebhookSaved> {
  return api.put<PartnerWebhookSaved>(`${base(partnerId)}/webhook`, change);
}

/** GET …/partners/:id/webhook-deliveries (admin): the page after `cursor`, newest first. */
export function fetchDeliveries(
  partnerId: string,
  cursor: number | null,
  signal?: AbortSignal,
): Promise<WebhookDeliveryList> {
  const params = new URLSearchParams({ limit: String(DELIVERIES_PAGE_SIZE) });
  if (cursor !== null) params.set('cursor', String(cursor));
  return api.get<WebhookDeliveryList>(`${base(partnerId)}/webhook-deliveries?${params.toString()}`, {
    signal,
  });
}

/** POST /partner-webhook-deliveries/:id/redeliver (admin, audited as partners.webhook_redelivered). */
export function redeliver(deliveryId: number): Promise<WebhookDeliveryEntry> {
  return api.post<WebhookDeliveryEntry>(`/partner-webhook-deliveries/${deliveryId}/redeliver`);
}

/**
 * The part of the server's rule (54101) the page can know: an absolute http(s) URL without user name or
 * password. Whether plain http is allowed depends on the deployment (never in production): the server says.
 */
export function webhookUrlValid(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (
      ['https:', 'http:'].includes(url.protocol) &&
      url.username === '' &&
      url.password === '' &&
      url.hostname !== ''
    );
  } catch {
    return false;
  }
}
