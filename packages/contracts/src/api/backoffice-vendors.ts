/**
 * The back office's view and steering of the verification vendors (issue 13, docs/backoffice.md
 * "Verification vendor" and "Provider routing"): the vendor panel of a case (the person's applicants at
 * the vendors and the events received, payloads opened for staff) and the provider routes (D23) an
 * admin edits, each change a compare-and-set on the route's `updatedAt`.
 */
import { z } from 'zod';
import { KYC_PROVIDERS } from './kyc.ts';

/** The vendors the server has adapters for (KYC_PROVIDERS minus the in-house flow and `aai`). */
export const VERIFICATION_VENDORS = ['sumsub', 'onfido', 'jumio'] as const;
export type VerificationVendor = (typeof VERIFICATION_VENDORS)[number];

export const VENDOR_REVIEW_STATUSES = ['init', 'pending', 'on_hold', 'completed'] as const;
/** What storing an event did (domain/providers/ingest.ts). */
export const VENDOR_EVENT_EFFECTS = [
  'applied',
  'stale',
  'duplicate',
  'no_change',
  'unknown_applicant',
  /** Issue 18 (D105): an approval kept PENDING for a reviewer: the account is frozen / a hit is open. */
  'held_frozen',
  'held_open_hit',
] as const;
export type VendorEventEffect = (typeof VENDOR_EVENT_EFFECTS)[number];

/** One applicant of the person at a vendor. */
export const reviewVendorApplicant = z.object({
  provider: z.enum(VERIFICATION_VENDORS),
  /** Our opaque reference the vendor knows the person by ("kyc_…"), never the email. */
  externalUserId: z.string(),
  vendorApplicantId: z.string().nullable(),
  level: z.number().int(),
  reviewStatus: z.enum(VENDOR_REVIEW_STATUSES),
  /** Set while the vendor reviews (the reconciliation asks again after VENDOR_RECONCILE_MINUTES). */
  pendingSince: z.number().int().nullable(),
  /** The vendor's time of the newest event applied; null before any. */
  lastEventAt: z.number().int().nullable(),
});
export type ReviewVendorApplicant = z.infer<typeof reviewVendorApplicant>;

/** One event of a vendor about the person, newest first. */
export const reviewVendorEvent = z.object({
  id: z.number().int(),
  provider: z.enum(VERIFICATION_VENDORS),
  eventType: z.string(),
  source: z.enum(['webhook', 'reconciliation']),
  level: z.number().int().nullable(),
  occurredAt: z.number().int(),
  receivedAt: z.number().int(),
  /** The outcome's kind (pending, approved, rejected_retry, rejected_final, reset, none, …). */
  outcome: z.string(),
  /** What it did: applied, stale, duplicate, no_change, unknown_applicant, held_frozen, held_open_hit. */
  effect: z.string(),
  /** The payload as received, opened under the person's data key; null if none or unreadable. */
  payload: z.string().nullable(),
  /** The payload exists but could not be opened (key missing, moved row). */
  payloadUnreadable: z.boolean(),
});
export type ReviewVendorEvent = z.infer<typeof reviewVendorEvent>;

/** The case's vendor panel; both lists empty for a person never sent to a vendor. */
export const reviewVendorPanel = z.object({
  applicants: z.array(reviewVendorApplicant),
  /** At most 50, newest first. */
  events: z.array(reviewVendorEvent),
});
export type ReviewVendorPanel = z.infer<typeof reviewVendorPanel>;

/** A route's country: ISO alpha-2, or '*' (every country no other route names). */
export const providerRouteCountry = z.union([z.literal('*'), z.string().regex(/^[A-Za-z]{2}$/)]);

export const providerRouteEntry = z.object({
  country: z.string(),
  provider: z.enum(KYC_PROVIDERS),
  /** Buckets 0 … percentage-1 of the country go to `provider`, the rest to the default provider. */
  percentage: z.number().int(),
  /** Compare-and-set: a change names the updatedAt it was made on (30073 when it moved on). */
  updatedAt: z.number().int(),
});
export type ProviderRouteEntry = z.infer<typeof providerRouteEntry>;

/** GET /backoffice/api/provider-routes (admin): the routes, the fallback and the configured vendors. */
export const providerRoutesView = z.object({
  routes: z.array(providerRouteEntry),
  /** KYC_DEFAULT_PROVIDER: where every country without a route (and the rest of a split) goes. */
  defaultProvider: z.enum(KYC_PROVIDERS),
  /** The vendors whose credentials are set; routing never sends anyone to another. */
  configured: z.array(z.enum(VERIFICATION_VENDORS)),
});
export type ProviderRoutesView = z.infer<typeof providerRoutesView>;

export const providerRouteParams = z.object({ country: providerRouteCountry });

/** PUT /backoffice/api/provider-routes/:country (admin, audited). */
export const providerRoutePut = z.strictObject({
  provider: z.enum(KYC_PROVIDERS),
  percentage: z.number().int().min(0).max(100),
  /** The route's updatedAt as read; null to create one that must not exist yet. */
  updatedAt: z.number().int().min(0).nullable(),
});
export type ProviderRoutePut = z.infer<typeof providerRoutePut>;

/** DELETE /backoffice/api/provider-routes/:country?updatedAt= (admin, audited). */
export const providerRouteDeleteQuery = z.object({
  updatedAt: z.coerce.number().int().min(0).optional(),
});
export type ProviderRouteDeleteQuery = z.infer<typeof providerRouteDeleteQuery>;
