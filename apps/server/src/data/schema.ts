/**
 * Table types for Kysely. Times are epoch milliseconds (bigint on PostgreSQL, parsed back to number);
 * flags are 0/1 integers so that the same SQL runs on SQLite and PostgreSQL.
 */
import type { Generated, Insertable, Selectable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  /** Trimmed, lower-cased address: the sign-in identifier (unique). */
  email: string;
  password_hash: string;
  /** spec §3: an empty value is answered as USD. */
  currency_code: Generated<string>;
  sub_attribute: Generated<string>;
  site: Generated<string>;
  registered_member_type: Generated<string>;
  /** spec §3 member_tag.KYC; '1' means KYC does not apply to this member (spec §4). */
  member_tag_kyc: Generated<string>;
  disabled: Generated<number>;
  created_at: number;
  updated_at: number;
  last_login_at: number | null;
}

export interface StaffUsersTable {
  id: Generated<number>;
  email: string;
  display_name: string;
  role: string;
  password_hash: string;
  disabled: Generated<number>;
  created_at: number;
  last_login_at: number | null;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the cookie token; the token itself is never stored. */
  id: string;
  /** 'user' or 'staff': which population the subject belongs to. */
  audience: string;
  subject_id: number;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  /** Absolute expiry; idle expiry is last_seen_at + the idle window. */
  expires_at: number;
}

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
  created_at: number;
  updated_at: number;
}

export interface SdkTokensTable {
  /** SHA-256 (hex) of the access token; the token itself is never stored. */
  id: string;
  business_id: string;
  user_id: number;
  /** spec §2 `from` of the landing link. */
  sdk_from: string;
  /** '' when the partner named none. */
  scene: string;
  lang: string;
  is_update_poi: number;
  hidden: number;
  /** extraParams.redirect_url, already checked against the business's allowed origins. */
  redirect_url: string | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface Database {
  users: UsersTable;
  staff_users: StaffUsersTable;
  sessions: SessionsTable;
  sdk_businesses: SdkBusinessesTable;
  sdk_tokens: SdkTokensTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type StaffRow = Selectable<StaffUsersTable>;
export type NewStaff = Insertable<StaffUsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type SdkBusinessRow = Selectable<SdkBusinessesTable>;
export type SdkTokenRow = Selectable<SdkTokensTable>;
export type NewSdkToken = Insertable<SdkTokensTable>;
