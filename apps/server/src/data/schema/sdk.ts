/**
 * SDK partners: businesses, access and link tokens, partner links, signing secrets and accepted
 * signatures (docs/sdk.md).
 */
import type { Generated, Insertable, Selectable } from 'kysely';

export interface SdkBusinessesTable {
  /** The business id partners send in kyc-access-business, e.g. 'demo-partner' (SDK_CODE_PATTERN). */
  id: string;
  name: string;
  /** JSON array of https origins allowed to embed the flow and to receive redirect_url targets. */
  allowed_origins: string;
  /** spec §6 kyc-access-origin of this business ('bybit' unless set). */
  access_origin: Generated<string>;
  /** SHA-256 (hex) of the API key (256 random bits); the key itself is never stored. */
  api_key_hash: string;
  active: Generated<number>;
  /** 1 for the exchange's own apps (set by the operator): they reach every user without a partner link. */
  first_party: Generated<number>;
  /** Live partner links of this business, kept in the link's transaction (migration 013). */
  linked_users: Generated<number>;
  created_at: number;
  updated_at: number;
}

/**
 * What the partner's landing link asked for (spec §2): an access token carries it, and so does a link
 * token until consent turns it into an access token.
 */
interface SdkLandingColumns {
  /** spec §2 `from` of the landing link. */
  sdk_from: string;
  /** '' when the partner named none. */
  scene: string;
  lang: string;
  is_update_poi: number;
  hidden: number;
  /** extraParams.redirect_url, already checked against the business's allowed origins. */
  redirect_url: string | null;
}

export interface SdkTokensTable extends SdkLandingColumns {
  /** SHA-256 (hex) of the access token; the token itself is never stored. */
  id: string;
  business_id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** A person agreed to share their verification with a business (migration 013, docs/sdk.md). */
export interface PartnerLinksTable {
  id: Generated<number>;
  business_id: string;
  /** The business's own reference for the person (never our email or user id). */
  partner_ref: string;
  user_id: number;
  /** The consent text's version the person agreed to. */
  consent_version: string;
  consented_at: number;
  revoked_at: number | null;
  /** user, partner or staff. */
  revoked_by: string | null;
}

/** An access token for a reference not (yet) linked: it opens only the sign-in and consent screens. */
export interface SdkLinkTokensTable extends SdkLandingColumns {
  /** SHA-256 (hex) of the token; on consent the same id becomes an sdk_tokens row. */
  id: string;
  business_id: string;
  partner_ref: string;
  /** Who signed in (or signed up) in the embedded flow and has not yet agreed. */
  pending_user_id: number | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
  revoked_at: number | null;
}

/** HMAC secret of signed partner calls, sealed with the data key; two may be live during rotation. */
export interface SdkBusinessSecretsTable {
  id: Generated<number>;
  business_id: string;
  secret_sealed: string;
  fingerprint: string;
  created_at: number;
  revoked_at: number | null;
}

/** A partner call's signature already accepted, kept for the replay window. */
export interface SdkRequestNoncesTable {
  signature: string;
  business_id: string;
  expires_at: number;
}

export interface SdkTables {
  sdk_businesses: SdkBusinessesTable;
  sdk_tokens: SdkTokensTable;
  partner_links: PartnerLinksTable;
  sdk_link_tokens: SdkLinkTokensTable;
  sdk_business_secrets: SdkBusinessSecretsTable;
  sdk_request_nonces: SdkRequestNoncesTable;
}

export type SdkBusinessRow = Selectable<SdkBusinessesTable>;
export type SdkTokenRow = Selectable<SdkTokensTable>;
export type NewSdkToken = Insertable<SdkTokensTable>;
export type PartnerLinkRow = Selectable<PartnerLinksTable>;
export type SdkLinkTokenRow = Selectable<SdkLinkTokensTable>;
