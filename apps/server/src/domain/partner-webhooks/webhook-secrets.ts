/**
 * Webhook secrets (D45): the partner checks our signature with it, so we must be able to read it, and
 * it is sealed like the partner's signing secrets (D37): 256 random bits, AES-256-GCM under the master
 * keyring, bound to the business (a sealed value copied to another partner's row does not open). The
 * partner receives it once as `kycw_` + base64url; the fingerprint names it afterwards.
 */
import { PARTNER_WEBHOOK_SECRET_PATTERN } from '@kyc/contracts';
import {
  generateDataKey,
  rewrapDataKey,
  unwrapDataKey,
  wrapDataKey,
  wrappingKeyId,
  type MasterKeyring,
} from '../../lib/crypto/envelope.ts';
import { sha256Hex } from '../../lib/tokens.ts';

const PREFIX = 'kycw_';
/** Prefix of a sealed webhook secret in partner_webhooks.secret_sealed (format version 1). */
const SEALED_PREFIX = 'pw1:';

const subjectOf = (businessId: string) => `partner-webhook-secret:${businessId}`;

function zeroed<T>(bytes: Buffer, use: (bytes: Buffer) => T): T {
  try {
    return use(bytes);
  } finally {
    bytes.fill(0);
  }
}

export function newWebhookSecret(): string {
  return zeroed(generateDataKey(), (bytes) => PREFIX + bytes.toString('base64url'));
}

export function webhookSecretFingerprint(secret: string): string {
  return sha256Hex(secret).slice(0, 8);
}

export function sealWebhookSecret(keyring: MasterKeyring, businessId: string, secret: string): string {
  if (!PARTNER_WEBHOOK_SECRET_PATTERN.test(secret)) throw new RangeError('not a webhook secret');
  return zeroed(
    Buffer.from(secret.slice(PREFIX.length), 'base64url'),
    (bytes) => SEALED_PREFIX + wrapDataKey(keyring, subjectOf(businessId), bytes).toString('base64'),
  );
}

/** The secret a sealed value holds; throws DecryptionError if it was moved to another business. */
export function openWebhookSecret(keyring: MasterKeyring, businessId: string, sealed: string): string {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new RangeError('not a sealed webhook secret');
  const wrapped = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64');
  return zeroed(
    unwrapDataKey(keyring, subjectOf(businessId), wrapped),
    (bytes) => PREFIX + bytes.toString('base64url'),
  );
}

/** The sealed value under the current master key (a rotation, D62), or null when it is already. */
export function resealWebhookSecret(
  keyring: MasterKeyring,
  businessId: string,
  sealed: string,
): string | null {
  if (!sealed.startsWith(SEALED_PREFIX)) throw new RangeError('not a sealed webhook secret');
  const wrapped = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64');
  if (wrappingKeyId(wrapped) === keyring.current.id) return null;
  return SEALED_PREFIX + rewrapDataKey(keyring, subjectOf(businessId), wrapped).toString('base64');
}
