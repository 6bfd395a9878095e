/**
 * Partner signing secrets (docs/sdk.md "Signed partner calls", D37). The server must read a secret to
 * check an HMAC, so it cannot keep only a hash as it does for passwords: each secret (256 random bits)
 * is sealed like a user's data key, AES-256-GCM under the master keyring (lib/crypto/envelope), bound to
 * its business so a sealed value copied to another business's row does not open, and re-wrappable after
 * a master key rotation. Partners receive it once as `kycs_` + base64url; the fingerprint (8 hex digits
 * of its SHA-256) names it afterwards, in the back office and in the audit log.
 */
import { PARTNER_SECRET_PATTERN } from '@kyc/contracts';
import {
  generateDataKey,
  rewrapDataKey,
  unwrapDataKey,
  wrapDataKey,
  wrappingKeyId,
  type MasterKeyring,
} from '../../lib/crypto/envelope.ts';
import { sha256Hex } from '../../lib/tokens.ts';

const PREFIX = 'kycs_';
/** Prefix of a sealed secret in sdk_business_secrets.secret_sealed (format version 1). */
export const SEALED_SECRET_PREFIX = 'ps1:';
/** A secret written in clear by the demo seed (no master key there); sealed at start-up. */
export const CLEAR_SECRET_PREFIX = 'clear:';

const subjectOf = (businessId: string) => `sdk-business-secret:${businessId}`;

/**
 * Runs `use` with a secret's raw bytes and zeroes them afterwards, whatever `use` does (as withDataKey
 * does for a user's data key: a partner secret has no user and no key store, only the bytes).
 */
function withSecretBytes<T>(bytes: Buffer, use: (bytes: Buffer) => T): T {
  try {
    return use(bytes);
  } finally {
    bytes.fill(0);
  }
}

/** A fresh secret as the partner will hold it. */
export function newPartnerSecret(): string {
  return withSecretBytes(generateDataKey(), (bytes) => PREFIX + bytes.toString('base64url'));
}

export function secretFingerprint(secret: string): string {
  return sha256Hex(secret).slice(0, 8);
}

function secretBytes(secret: string): Buffer {
  if (!PARTNER_SECRET_PATTERN.test(secret)) throw new RangeError('not a partner secret');
  return Buffer.from(secret.slice(PREFIX.length), 'base64url');
}

/** The value stored in secret_sealed. */
export function sealPartnerSecret(keyring: MasterKeyring, businessId: string, secret: string): string {
  return withSecretBytes(
    secretBytes(secret),
    (bytes) => SEALED_SECRET_PREFIX + wrapDataKey(keyring, subjectOf(businessId), bytes).toString('base64'),
  );
}

/** The secret a sealed value holds; throws DecryptionError if it was moved to another business. */
export function openPartnerSecret(keyring: MasterKeyring, businessId: string, sealed: string): string {
  if (!sealed.startsWith(SEALED_SECRET_PREFIX)) throw new RangeError('not a sealed partner secret');
  const wrapped = Buffer.from(sealed.slice(SEALED_SECRET_PREFIX.length), 'base64');
  return withSecretBytes(
    unwrapDataKey(keyring, subjectOf(businessId), wrapped),
    (bytes) => PREFIX + bytes.toString('base64url'),
  );
}

/**
 * The sealed value under the keyring's current master key (a rotation, D62), or null when it is sealed
 * under that key already. Throws DecryptionError when no configured key opens it.
 */
export function resealPartnerSecret(
  keyring: MasterKeyring,
  businessId: string,
  sealed: string,
): string | null {
  if (!sealed.startsWith(SEALED_SECRET_PREFIX)) return null; // in clear: boot.ts seals it
  const wrapped = Buffer.from(sealed.slice(SEALED_SECRET_PREFIX.length), 'base64');
  if (wrappingKeyId(wrapped) === keyring.current.id) return null;
  return SEALED_SECRET_PREFIX + rewrapDataKey(keyring, subjectOf(businessId), wrapped).toString('base64');
}
