/**
 * Staff recovery codes (issue 11, D39): one-time codes that stand in for the authenticator app. Each is
 * 10 base32 characters (50 random bits), shown as two groups of five. Only a keyed hash is stored:
 * HMAC-SHA-256 under a key derived from DATA_MASTER_KEY and bound to the member, so a copy of the
 * database alone cannot be searched for the codes (a plain SHA-256 of 50 bits could be, offline).
 */
import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { base32Encode } from './totp.ts';

export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 10;
/** Prefix of the hash of a published demo code (seed/demo.ts, README): demo data only. */
export const DEMO_RECOVERY_PREFIX = 'demo:';

/** A new code, e.g. 'K3QZP-7WM2D' (base32: no 0, 1, 8 or 9, so nothing to mistake for O, I or B). */
export function newRecoveryCode(): string {
  const raw = base32Encode(randomBytes(8)).slice(0, RECOVERY_CODE_LENGTH);
  return formatRecoveryCode(raw);
}

export function formatRecoveryCode(raw: string): string {
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/**
 * What a person typed, as stored: separators and spaces dropped, upper case; null when it cannot be a
 * code (so nothing is looked up).
 */
export function normaliseRecoveryCode(input: string): string | null {
  const clean = input.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z2-7]{10}$/.test(clean) ? clean : null;
}

function recoveryKey(masterKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'kyc-staff-recovery-v1', 32));
}

/** The stored form of a (normalised) code of a member. */
export function hashRecoveryCode(masterKey: Buffer, staffId: number, normalised: string): string {
  return createHmac('sha256', recoveryKey(masterKey)).update(`${staffId}:${normalised}`).digest('hex');
}

/** The stored form of a published demo code: unkeyed, marked, so the seed needs no key. */
export function demoRecoveryHash(normalised: string): string {
  return `${DEMO_RECOVERY_PREFIX}${createHash('sha256').update(normalised).digest('hex')}`;
}
