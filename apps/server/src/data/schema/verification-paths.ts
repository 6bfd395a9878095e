/**
 * Migration 007's verification paths: vendor id types and sessions, quick-KYC offers, provider
 * routing and acknowledged announcements (docs/kyc.md).
 */
import type { KycProvider } from '@kyc/contracts';
import type { Generated, Selectable } from 'kysely';

/** Migration 007: the national id numbers a country offers for a vendor check (reference data). */
export interface VendorIdTypesTable {
  id_type: string;
  country: string;
  enabled: Generated<number>;
  updated_at: number;
}

/** Migration 007: a vendor verification session; the token itself is never stored (SHA-256 hex id). */
export interface VendorSessionsTable {
  id: string;
  user_id: number;
  level: number;
  id_type: string;
  country: string;
  provider: string;
  created_at: number;
  expires_at: number;
  /** Set once, by the vendor-verify that used it (single use). */
  used_at: number | null;
}

/** Migration 007: a verified identity a linked entity shares with the person (quick KYC). */
export interface QuickKycOffersTable {
  id: Generated<number>;
  user_id: number;
  /** The linked entity that verified the person, e.g. an affiliated licensed exchange. */
  source: string;
  level: number;
  country: string;
  document_type: string;
  verified_at: number;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

/** Migration 007: provider routing by country ('*': every other country), a percentage of buckets. */
export interface ProviderRoutesTable {
  country: string;
  provider: KycProvider;
  percentage: number;
  updated_at: number;
}

/** Migration 007: a dismissible KYC announcement (bannerTag) the person acknowledged. */
export interface KycAnnouncementAcksTable {
  user_id: number;
  announcement_id: string;
  acknowledged_at: number;
}

export interface VerificationPathsTables {
  vendor_id_types: VendorIdTypesTable;
  vendor_sessions: VendorSessionsTable;
  quick_kyc_offers: QuickKycOffersTable;
  provider_routes: ProviderRoutesTable;
  kyc_announcement_acks: KycAnnouncementAcksTable;
}

export type VendorSessionRow = Selectable<VendorSessionsTable>;
export type QuickKycOfferRow = Selectable<QuickKycOffersTable>;
