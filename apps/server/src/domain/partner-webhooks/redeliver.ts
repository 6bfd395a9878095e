/**
 * Redelivery (admin only, audited): a delivery — failed, delivered, or still waiting for its next try —
 * becomes pending again, due now, with a fresh retry schedule; the job sends it on its next run. The
 * audit entry keeps what the delivery was (status, attempts, last answer), since the reset clears it.
 */
import type { StaffMe, WebhookDeliveryEntry } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../backoffice/permissions.ts';
import { deliveryEntryOf } from './list-deliveries.ts';

export async function redeliver(
  repos: Repositories,
  staff: StaffMe,
  deliveryId: number,
  now = Date.now(),
): Promise<WebhookDeliveryEntry> {
  requirePermission(staff, 'manage_partners');
  return repos.transaction(async (tx) => {
    const before = await tx.partnerWebhooks.findDelivery(deliveryId);
    if (!before) throw new AppError('PARTNER_WEBHOOK_DELIVERY_UNKNOWN', `no webhook delivery ${deliveryId}`);
    const after = await tx.partnerWebhooks.resetForRedelivery(deliveryId, now);
    if (!after) throw new AppError('PARTNER_WEBHOOK_DELIVERY_UNKNOWN', `no webhook delivery ${deliveryId}`);
    await tx.audit.insert(
      {
        staffId: staff.id,
        action: 'partners.webhook_redelivered',
        caseRef: `partner:${before.business_id}`,
        details: {
          id: before.business_id,
          delivery: deliveryId,
          eventId: before.event_id,
          from: {
            status: before.status,
            attempts: before.attempts,
            lastStatusCode: before.last_status_code,
            lastError: before.last_error,
          },
        },
      },
      now,
    );
    return deliveryEntryOf(after);
  });
}
