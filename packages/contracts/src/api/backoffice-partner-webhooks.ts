/**
 * Webhooks to partners (docs/sdk.md "Webhooks to partners", D45): what a partner receives — a signed
 * POST for each change of a linked person's verification or questionnaire status — and the back
 * office's admin endpoints to register the URL, rotate its secret, list the deliveries and redeliver.
 */
import { z } from 'zod';

/** Unix seconds of the delivery attempt; part of what is signed. */
export const PARTNER_WEBHOOK_TS_HEADER = 'kyc-webhook-ts';
/** Lower-case hex HMAC-SHA256 of (kyc-webhook-ts + raw body) under the webhook secret. */
export const PARTNER_WEBHOOK_SIGN_HEADER = 'kyc-webhook-sign';
/** The delivery's event id (also in the body): a partner ignores one it has seen. */
export const PARTNER_WEBHOOK_EVENT_HEADER = 'kyc-webhook-event';
/** After a failed attempt, the next one waits 5 min, 1 h, 5 h, 18 h; the fifth failure is final. */
export const PARTNER_WEBHOOK_RETRY_DELAYS_MS = [5 * 60_000, 60 * 60_000, 5 * 60 * 60_000, 18 * 60 * 60_000];
/** A webhook secret as handed out: `kycw_` and 256 random bits in base64url. */
export const PARTNER_WEBHOOK_SECRET_PATTERN = /^kycw_[A-Za-z0-9_-]{43}$/;

export const PARTNER_WEBHOOK_EVENT_TYPES = [
  'kyc_level.status_changed',
  'questionnaire.status_changed',
  /** Issue 20: the person's verification data was erased under the retention policy. */
  'verification.redacted',
  /** Issue 20: the person closed their account, or the exchange closed it; the link is revoked. */
  'account.closed',
] as const;
export type PartnerWebhookEventType = (typeof PARTNER_WEBHOOK_EVENT_TYPES)[number];

/** The JSON body a partner receives. Names the person only by the partner's own userRef. */
export const partnerWebhookEvent = z.object({
  eventId: z.string(),
  type: z.enum(PARTNER_WEBHOOK_EVENT_TYPES),
  userRef: z.string(),
  kind: z.enum(['kyc_level', 'questionnaire', 'verification', 'account']),
  /**
   * LEVEL_1, LEVEL_2, the questionnaire's template code, (verification.redacted) the kind erased, or
   * (account.closed) who closed it: `self` or `staff`.
   */
  ref: z.string(),
  /** The new status: a KYC step status (spec §4), a questionnaire status, REDACTED or CLOSED. */
  status: z.string(),
  /** When the change was made, epoch milliseconds. */
  occurredAt: z.number().int(),
});
export type PartnerWebhookEvent = z.infer<typeof partnerWebhookEvent>;

export const partnerWebhookEntry = z.object({
  businessId: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  /** The first 8 hex digits of SHA-256(secret); the secret itself is answered once. */
  secretFingerprint: z.string(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type PartnerWebhookEntry = z.infer<typeof partnerWebhookEntry>;

/** GET /backoffice/api/partners/:id/webhook: null until one is registered. */
export const partnerWebhookAnswer = z.object({ webhook: partnerWebhookEntry.nullable() });
export type PartnerWebhookAnswer = z.infer<typeof partnerWebhookAnswer>;

/**
 * PUT /backoffice/api/partners/:id/webhook: the URL (https in production, never redirected; 54101) and
 * the enabled flag. A first registration always makes a secret; later, `rotateSecret` makes a new one.
 */
export const partnerWebhookPut = z.strictObject({
  url: z.string().trim().min(1).max(2048),
  enabled: z.boolean(),
  rotateSecret: z.boolean().default(false),
});
export type PartnerWebhookPut = z.input<typeof partnerWebhookPut>;

/** The webhook after a change; `secret` only in the answer that made it, never again. */
export const partnerWebhookSaved = z.object({
  webhook: partnerWebhookEntry,
  secret: z.string().nullable(),
});
export type PartnerWebhookSaved = z.infer<typeof partnerWebhookSaved>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** GET /backoffice/api/partners/:id/webhook-deliveries: newest first, the page after `cursor`. */
export const webhookDeliveryQuery = z.object({
  cursor: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type WebhookDeliveryQuery = z.infer<typeof webhookDeliveryQuery>;

export const webhookDeliveryEntry = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  /** What the event said: LEVEL_1 or a template code, and the new status. */
  ref: z.string(),
  eventStatus: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The partner's HTTP status of the last attempt; null when it did not answer. */
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** Null once delivered or failed. */
  nextAttemptAt: z.number().int().nullable(),
  createdAt: z.number().int(),
  deliveredAt: z.number().int().nullable(),
});
export type WebhookDeliveryEntry = z.infer<typeof webhookDeliveryEntry>;

export const webhookDeliveryList = z.object({
  items: z.array(webhookDeliveryEntry),
  /** The cursor of the next (older) page; null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryList>;

export const webhookDeliveryParams = z.object({ id: z.coerce.number().int().positive() });
