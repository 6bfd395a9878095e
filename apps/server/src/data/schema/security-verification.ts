/** Issue 15: security verification (migration 022, docs/security-verification.md). */
import type { Generated, Selectable } from 'kysely';

export type ChallengeStatus = 'open' | 'passed' | 'failed' | 'replaced';

export interface UserTotpTable {
  user_id: number;
  /** Sealed base32-free secret (lib/totp.ts sealing, the staff's scheme). */
  secret_enc: string;
  enabled_at: number | null;
  last_step: number | null;
  created_at: number;
}

export interface VerificationChallengesTable {
  id: string;
  user_id: number;
  /** The session's row id (SHA-256 of its cookie token): a code works only where it was asked for. */
  session_id: string;
  scene: number;
  /** HMAC-SHA-256 of the code under a key derived from DATA_MASTER_KEY, bound to the challenge id. */
  code_hash: string;
  status: Generated<ChallengeStatus>;
  attempts: Generated<number>;
  sends: Generated<number>;
  created_at: number;
  last_sent_at: number;
  expires_at: number;
}
export type VerificationChallengeRow = Selectable<VerificationChallengesTable>;

export interface RiskTokensTable {
  token_hash: string;
  user_id: number;
  session_id: string;
  scene: number;
  component: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
export type RiskTokenRow = Selectable<RiskTokensTable>;

export interface DeviceSignInFailuresTable {
  guid: string;
  failures: number;
  first_at: number;
  last_at: number;
}

export interface DevMailboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: number;
}
export type DevMailRow = Selectable<DevMailboxTable>;

/** D80: an email code asked before sign-in by an intercepted device (migration 034). */
export interface SignInCodesTable {
  id: string;
  /** HMAC of the normalised email (never the address; rows exist for emails without an account too). */
  email_key: string;
  guid: string;
  code_hash: string;
  status: Generated<ChallengeStatus>;
  attempts: Generated<number>;
  sends: Generated<number>;
  created_at: number;
  last_sent_at: number;
  expires_at: number;
}
export type SignInCodeRow = Selectable<SignInCodesTable>;

export interface SecurityVerificationTables {
  user_totp: UserTotpTable;
  verification_challenges: VerificationChallengesTable;
  risk_tokens: RiskTokensTable;
  device_sign_in_failures: DeviceSignInFailuresTable;
  dev_mailbox: DevMailboxTable;
  sign_in_codes: SignInCodesTable;
}
