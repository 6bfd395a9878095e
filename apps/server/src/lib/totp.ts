/**
 * TOTP (RFC 6238 over RFC 4226 HOTP) through the maintained `otpauth` library: HMAC-SHA-1, 30-second
 * steps, 6 digits, accepted one step either side for clock drift. What stays ours is what the library
 * leaves to its caller: the replay rule (matchTotpStep answers the time step; staff.totp_last_step
 * accepts each step once), the sealing of secrets under a key derived from DATA_MASTER_KEY and the
 * enrolment token. Secrets are 20 random bytes, shown to the person once as base32 in an otpauth://
 * URI and kept server-side only, sealed.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW = 1;

/** The library's secret over a copy of the bytes (a Buffer may be a view into a larger pool). */
const secretOf = (bytes: Buffer): Secret => new Secret({ buffer: Uint8Array.from(bytes).buffer });

export function base32Encode(bytes: Buffer): string {
  return secretOf(bytes).base32;
}

/** Base32 as people copy it: white space and padding ignored, any case. Throws on other characters. */
export function base32Decode(text: string): Buffer {
  return Buffer.from(Secret.fromBase32(text.replace(/[\s=]/g, '')).bytes);
}

/** RFC 4226 HOTP of a counter, `digits` long. */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS): string {
  return HOTP.generate({ secret: secretOf(secret), counter, digits });
}

/** The TOTP code at `nowMs`. */
export function totpAt(secret: Buffer, nowMs: number, digits = TOTP_DIGITS): string {
  return TOTP.generate({ secret: secretOf(secret), timestamp: nowMs, period: TOTP_STEP_SECONDS, digits });
}

/**
 * The time step whose code `code` is, among the current step and one either side, or null. Callers
 * accept it only once: a step at or before the member's last one is a replay.
 */
export function matchTotpStep(secret: Buffer, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const options = { secret: secretOf(secret), period: TOTP_STEP_SECONDS, digits: TOTP_DIGITS };
  const delta = TOTP.validate({ ...options, token: code, timestamp: nowMs, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = TOTP.counter({ period: TOTP_STEP_SECONDS, timestamp: nowMs }) + delta;
  return step >= 0 ? step : null;
}

/** True when `code` is the code of the current step or of one step either side. */
export function verifyTotp(secret: Buffer, code: string, nowMs: number): boolean {
  return matchTotpStep(secret, code, nowMs) !== null;
}

export function newTotpSecret(): Buffer {
  return randomBytes(20);
}

/**
 * The otpauth:// URI authenticator apps read (Key URI Format). Built here rather than by the library's
 * TOTP#toString, which puts the issuer's colon in clear and the issuer before the secret: the URI the
 * back office has always shown (and its QR code) stays the same.
 */
export function otpauthUri(secret: Buffer, account: string, issuer = 'KYC back office'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret: base32Encode(secret),
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/** Prefix of a published demo secret (seed/demo.ts, README): base32 in clear, demo mode only. */
export const DEMO_SECRET_PREFIX = 'demo:';

function sealingKey(masterKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'kyc-staff-totp-v1', 32));
}

/** AES-256-GCM under a key derived from the master key; the staff id is bound as associated data. */
export function sealTotpSecret(
  masterKey: Buffer,
  staffId: number,
  secret: Buffer,
  aad = `staff:${staffId}`,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(masterKey), iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(secret), cipher.final()]);
  return `v1:${iv.toString('base64url')}.${body.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
}

export function openTotpSecret(
  masterKey: Buffer,
  staffId: number,
  stored: string,
  aad = `staff:${staffId}`,
): Buffer {
  if (stored.startsWith(DEMO_SECRET_PREFIX)) return base32Decode(stored.slice(DEMO_SECRET_PREFIX.length));
  const match = /^v1:([\w-]+)\.([\w-]+)\.([\w-]+)$/.exec(stored);
  if (!match) throw new Error('unknown TOTP secret format');
  const [, iv = '', body = '', tag = ''] = match;
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(masterKey), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
}

/** How long an enrolment token (a new secret awaiting its first code) stays valid. */
export const ENROLMENT_TOKEN_TTL_MS = 10 * 60_000;

/**
 * A new secret awaiting confirmation, sealed for the client to send back with its first code: bound to
 * the staff id and an expiry, so nothing is stored before the member proves the app has the secret.
 */
export function sealEnrolmentToken(
  masterKey: Buffer,
  staffId: number,
  secret: Buffer,
  nowMs: number,
): string {
  const expires = nowMs + ENROLMENT_TOKEN_TTL_MS;
  const plain = Buffer.concat([Buffer.from(`${expires}:`), secret]);
  const sealed = sealTotpSecret(masterKey, staffId, plain, `staff-enrolment:${staffId}`);
  return sealed.slice('v1:'.length);
}

/** The secret of an enrolment token, or null when it is forged, for another member or expired. */
export function openEnrolmentToken(
  masterKey: Buffer,
  staffId: number,
  token: string,
  nowMs: number,
): Buffer | null {
  let plain: Buffer;
  try {
    if (token.startsWith(DEMO_SECRET_PREFIX)) return null;
    plain = openTotpSecret(masterKey, staffId, `v1:${token}`, `staff-enrolment:${staffId}`);
  } catch {
    return null;
  }
  const colon = plain.indexOf(':');
  const expires = Number(plain.subarray(0, colon).toString());
  if (colon < 1 || !Number.isFinite(expires) || nowMs > expires) return null;
  return plain.subarray(colon + 1);
}
