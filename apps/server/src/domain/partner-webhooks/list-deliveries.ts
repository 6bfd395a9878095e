/**
 * A partner's webhook deliveries for the back office (admin only): newest first, paged by a cursor (the
 * last id seen) without counting, since a busy partner's deliveries grow without bound.
 */
import type {
  StaffMe,
  WebhookDeliveryEntry,
  WebhookDeliveryList,
  WebhookDeliveryQuery,
} from '@kyc/contracts';
import { partnerWebhookEvent } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { PartnerWebhookDeliveryRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../backoffice/permissions.ts';

export function deliveryEntryOf(row: PartnerWebhookDeliveryRow): WebhookDeliveryEntry {
  const event = partnerWebhookEvent.safeParse(JSON.parse(row.body));
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    ref: event.success ? event.data.ref : '',
    eventStatus: event.success ? event.data.status : '',
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    // While an attempt holds its claim the row is still pending: the claim's end is when it is due again.
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
  };
}

export async function listDeliveries(
  repos: Repositories,
  staff: StaffMe,
  businessId: string,
  query: WebhookDeliveryQuery,
): Promise<WebhookDeliveryList> {
  requirePermission(staff, 'manage_partners');
  if (!(await repos.partners.find(businessId)))
    throw new AppError('PARTNER_UNKNOWN', `no partner ${businessId}`);
  const rows = await repos.partnerWebhooks.page(businessId, query.cursor, query.limit);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(deliveryEntryOf),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
