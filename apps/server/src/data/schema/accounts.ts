/**
 * End users, staff, sessions, staff recovery codes and the security log (docs/security.md).
 */
import type { SecurityEventKind, StaffRole } from '@kyc/contracts';
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
  role: StaffRole;
  password_hash: string;
  disabled: Generated<number>;
  created_at: number;
  last_login_at: number | null;
  /** Sealed TOTP secret (lib/totp.ts), or 'demo:' + base32 for the published demo staff; null until enrolled. */
  totp_secret: string | null;
  totp_enrolled_at: number | null;
  /** Migration 014: the last TOTP time step accepted at sign-in; later codes only (no replay). */
  totp_last_step: number | null;
  /** Migration 056: moved by every change of the member's sites (staff_sites), their compare-and-set. */
  sites_version: Generated<number>;
  /** Migration 056: when the automatic case assignment last gave the member a case (round robin). */
  auto_assigned_at: number | null;
}

/** Migration 056: the sites a member works (no rows: every site), set by an admin. */
export interface StaffSitesTable {
  staff_id: number;
  site: string;
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

/** Migration 014: a staff member's one-time recovery codes, only as keyed hashes. */
export interface StaffRecoveryCodesTable {
  id: Generated<number>;
  staff_id: number;
  /** HMAC-SHA-256 (hex) under the recovery-code key, or 'demo:' + SHA-256 for the published demo codes. */
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

/** One entry of a person's security log, read as "Recent sign-ins" (migration 016, docs/security.md). */
export interface UserSecurityEventsTable {
  id: Generated<number>;
  user_id: number;
  kind: SecurityEventKind;
  at: number;
  /** The client's network only: IPv4 /24 or IPv6 /48 (e.g. 203.0.113.0/24), '' when unknown. */
  network: string;
  /** The browser's name from the User-Agent ("Firefox"), never the full header; '' when unknown. */
  browser: string;
  /** The system's name ("Windows"), '' when unknown. */
  system: string;
}

export interface AccountsTables {
  users: UsersTable;
  staff_users: StaffUsersTable;
  staff_sites: StaffSitesTable;
  sessions: SessionsTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  user_security_events: UserSecurityEventsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type StaffRow = Selectable<StaffUsersTable>;
export type NewStaff = Insertable<StaffUsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type UserSecurityEventRow = Selectable<UserSecurityEventsTable>;
