/**
 * Partners' webhook endpoints and the deliveries made for them (migration 018, docs/sdk.md "Webhooks to
 * partners"). A delivery is claimed for an attempt by compare-and-set on next_attempt_at (moved to the
 * end of the claim), so two instances never send the same delivery at once; its outcome is written only
 * while that claim still holds, so a redelivery asked meanwhile is never overwritten.
 */
import type { Db } from '../db.ts';
import { withListLimits, type ListLimits } from '../list-limits.ts';
import type { PartnerWebhookDeliveryRow, PartnerWebhookRow, WebhookDeliveryStatus } from '../schema/index.ts';

export interface WebhookValues {
  url: string;
  enabled: boolean;
  /** A new sealed secret and its fingerprint; absent: the stored one stays. */
  secret?: { sealed: string; fingerprint: string };
}

/** A live link of a person to a partner whose webhook is on: whom to tell, by the partner's reference. */
export interface WebhookTarget {
  userId: number;
  businessId: string;
  partnerRef: string;
}

export interface NewDelivery {
  businessId: string;
  /** The person the event is about (migration 029: the delivery follows their retention and holds). */
  userId?: number;
  eventId: string;
  eventType: string;
  body: string;
}

/** The outcome of one attempt. */
export interface AttemptOutcome {
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: number | null;
  statusCode: number | null;
  error: string | null;
}

const toDelivery = (r: PartnerWebhookDeliveryRow): PartnerWebhookDeliveryRow => ({
  ...r,
  id: Number(r.id),
  attempts: Number(r.attempts),
  next_attempt_at: r.next_attempt_at === null ? null : Number(r.next_attempt_at),
  last_status_code: r.last_status_code === null ? null : Number(r.last_status_code),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
  delivered_at: r.delivered_at === null ? null : Number(r.delivered_at),
});

export function partnerWebhooksRepo(db: Db) {
  return {
    async findWebhook(businessId: string): Promise<PartnerWebhookRow | undefined> {
      return db
        .selectFrom('partner_webhooks')
        .selectAll()
        .where('business_id', '=', businessId)
        .executeTakeFirst();
    },

    /** Creates the partner's webhook or changes it; a first one must come with its secret. */
    async saveWebhook(businessId: string, values: WebhookValues, at: number): Promise<void> {
      const change = {
        url: values.url,
        enabled: values.enabled ? 1 : 0,
        updated_at: at,
        ...(values.secret
          ? { secret_sealed: values.secret.sealed, secret_fingerprint: values.secret.fingerprint }
          : {}),
      };
      const updated = await db
        .updateTable('partner_webhooks')
        .set(change)
        .where('business_id', '=', businessId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1) return;
      if (!values.secret) throw new Error(`partner ${businessId} has no webhook secret`);
      await db
        .insertInto('partner_webhooks')
        .values({
          business_id: businessId,
          url: values.url,
          enabled: values.enabled ? 1 : 0,
          secret_sealed: values.secret.sealed,
          secret_fingerprint: values.secret.fingerprint,
          created_at: at,
          updated_at: at,
        })
        .execute();
    },

    /** Whom to tell about these people: live links to active partners with an enabled webhook. */
    async targetsOf(userIds: readonly number[]): Promise<WebhookTarget[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .selectFrom('partner_links as l')
        .innerJoin('partner_webhooks as w', 'w.business_id', 'l.business_id')
        .innerJoin('sdk_businesses as b', 'b.id', 'l.business_id')
        .select(['l.user_id', 'l.business_id', 'l.partner_ref'])
        .where('l.user_id', 'in', [...userIds])
        .where('l.revoked_at', 'is', null)
        .where('w.enabled', '=', 1)
        .where('b.active', '=', 1)
        .execute();
      return rows.map((r) => ({
        userId: Number(r.user_id),
        businessId: r.business_id,
        partnerRef: r.partner_ref,
      }));
    },

    /** New deliveries, due at `at`. */
    async insertDeliveries(deliveries: readonly NewDelivery[], at: number): Promise<void> {
      // In slices, so no insert nears SQLite's limit of bound parameters.
      for (let i = 0; i < deliveries.length; i += 50)
        await db
          .insertInto('partner_webhook_deliveries')
          .values(
            deliveries.slice(i, i + 50).map((d) => ({
              business_id: d.businessId,
              event_id: d.eventId,
              event_type: d.eventType,
              body: d.body,
              status: 'pending' as const,
              attempts: 0,
              next_attempt_at: at,
              last_status_code: null,
              last_error: null,
              created_at: at,
              updated_at: at,
              delivered_at: null,
              user_id: d.userId ?? null,
            })),
          )
          .execute();
    },

    /** Pending deliveries due by `now`, the most overdue first: ids and the due time each was read at. */
    async due(now: number, limit: number): Promise<{ id: number; nextAttemptAt: number }[]> {
      const rows = await db
        .selectFrom('partner_webhook_deliveries')
        .select(['id', 'next_attempt_at'])
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: Number(r.id), nextAttemptAt: Number(r.next_attempt_at) }));
    },

    /**
     * Claims a due delivery until `until` (compare-and-set on the due time read): the row for the one
     * caller that won, undefined for any other.
     */
    async claim(
      id: number,
      readDueAt: number,
      until: number,
      now: number,
    ): Promise<PartnerWebhookDeliveryRow | undefined> {
      const row = await db
        .updateTable('partner_webhook_deliveries')
        .set({ next_attempt_at: until, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '=', readDueAt)
        .returningAll()
        .executeTakeFirst();
      return row && toDelivery(row);
    },

    /** Writes an attempt's outcome while the claim (`claimedUntil`) still holds; true when written. */
    async settle(id: number, claimedUntil: number, outcome: AttemptOutcome, now: number): Promise<boolean> {
      const result = await db
        .updateTable('partner_webhook_deliveries')
        .set({
          status: outcome.status,
          attempts: outcome.attempts,
          next_attempt_at: outcome.nextAttemptAt,
          last_status_code: outcome.statusCode,
          last_error: outcome.error,
          updated_at: now,
          ...(outcome.status === 'delivered' ? { delivered_at: now } : {}),
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '=', claimedUntil)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async findDelivery(id: number): Promise<PartnerWebhookDeliveryRow | undefined> {
      const row = await db
        .selectFrom('partner_webhook_deliveries')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toDelivery(row);
    },

    /** Pending again, due `now`, with a fresh schedule (the audit entry keeps what it was). */
    async resetForRedelivery(id: number, now: number): Promise<PartnerWebhookDeliveryRow | undefined> {
      const row = await db
        .updateTable('partner_webhook_deliveries')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now, delivered_at: null, updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toDelivery(row);
    },

    /** A partner's deliveries, newest first, the page before `beforeId`; `limit + 1` rows to tell "more". */
    async page(businessId: string, beforeId: number | undefined, limit: number, limits: ListLimits = {}) {
      return withListLimits(db, limits, async (db) => {
        let query = db
          .selectFrom('partner_webhook_deliveries')
          .selectAll()
          .where('business_id', '=', businessId);
        if (beforeId !== undefined) query = query.where('id', '<', beforeId);
        const rows = await query
          .orderBy('id', 'desc')
          .limit(limit + 1)
          .execute();
        return rows.map(toDelivery);
      });
    },
  };
}
export type PartnerWebhooksRepo = ReturnType<typeof partnerWebhooksRepo>;
