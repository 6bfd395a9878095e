/**
 * Dispatch (docs/sdk.md "Webhooks to partners", D45): turns the status outbox into deliveries. Reads
 * undispatched events in batches (cursor by id); per batch one transaction claims the events (compare-
 * and-set on dispatched_at, so two instances never both dispatch one), finds the live links of their
 * people to active partners with an enabled webhook, and writes one delivery per (event, partner) with
 * the body fixed: the partner's own reference, never our email or user id. An event of a person no
 * partner is linked to is only marked.
 */
import { randomBytes } from 'node:crypto';
import type { Repositories } from '../../data/repositories/index.ts';
import type { NewDelivery } from '../../data/repositories/partner-webhooks-repo.ts';
import { eventBody, eventTypeOf } from './webhook-rules.ts';

export const DISPATCH_BATCH = 100;

/** A random event id: the partner's key to ignore a delivery it has seen. */
export const newEventId = () => `evt_${randomBytes(16).toString('hex')}`;

/** Dispatches every event waiting now; answers how many deliveries it made. */
export async function dispatchEvents(repos: Repositories, now: number): Promise<number> {
  let cursor = 0;
  let made = 0;
  for (;;) {
    const ids = await repos.statusOutbox.undispatchedIds(cursor, DISPATCH_BATCH);
    if (ids.length === 0) return made;
    cursor = ids[ids.length - 1] ?? cursor;
    made += await repos.transaction(async (tx) => {
      const events = await tx.statusOutbox.claim(ids, now);
      const targets = await tx.partnerWebhooks.targetsOf([...new Set(events.map((e) => e.user_id))]);
      const deliveries: NewDelivery[] = events.flatMap((event) =>
        targets
          .filter((target) => target.userId === event.user_id)
          .map((target) => {
            const eventId = newEventId();
            return {
              businessId: target.businessId,
              userId: target.userId,
              eventId,
              eventType: eventTypeOf(event.kind),
              body: JSON.stringify(eventBody(event, eventId, target.partnerRef)),
            };
          }),
      );
      await tx.partnerWebhooks.insertDeliveries(deliveries, now);
      return deliveries.length;
    });
    if (ids.length < DISPATCH_BATCH) return made;
  }
}
