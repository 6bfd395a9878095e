/** Migration 018's webhooks to partners: endpoints, the status outbox and deliveries (docs/sdk.md). */
import type { Generated, Selectable } from 'kysely';
import type { WebhookDeliveryStatus } from '@kyc/contracts';

/** What changed: a KYC level (ref LEVEL_1, LEVEL_2) or a questionnaire (ref: its template code). */
export type StatusEventKind = 'kyc_level' | 'questionnaire';
export type { WebhookDeliveryStatus };

export interface PartnerWebhooksTable {
  business_id: string;
  url: string;
  /** The secret sealed under the master key (pw1:…), bound to the business. */
  secret_sealed: string;
  /** The first 8 hex digits of SHA-256(secret), for the back office and the audit log. */
  secret_fingerprint: string;
  enabled: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface StatusOutboxTable {
  id: Generated<number>;
  user_id: number;
  kind: StatusEventKind;
  ref: string;
  status: string;
  at: number;
  /** Set when the row was turned into deliveries (or found no partner to tell). */
  dispatched_at: number | null;
}

export interface PartnerWebhookDeliveriesTable {
  id: Generated<number>;
  business_id: string;
  /** Random, unique: the partner's key to ignore a repeated delivery. */
  event_id: string;
  event_type: string;
  /** The exact JSON sent (and signed), fixed when the delivery was made. */
  body: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  /** When the next attempt is due; while an attempt runs, the end of its claim. Null once settled. */
  next_attempt_at: number | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
  delivered_at: number | null;
  /** Migration 029: the person the delivery is about (null: made before, and no link names its ref). */
  user_id: Generated<number | null>;
}

export interface PartnerWebhooksTables {
  partner_webhooks: PartnerWebhooksTable;
  status_outbox: StatusOutboxTable;
  partner_webhook_deliveries: PartnerWebhookDeliveriesTable;
}

export type PartnerWebhookRow = Selectable<PartnerWebhooksTable>;
export type StatusOutboxRow = Selectable<StatusOutboxTable>;
export type PartnerWebhookDeliveryRow = Selectable<PartnerWebhookDeliveriesTable>;
