/**
 * The rules of a signed partner call (docs/sdk.md "Signed partner calls"), without I/O so that they are
 * unit-tested on their own: the shape of each header, the HMAC, and the 5-minute window either way.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PARTNER_SIGNATURE_WINDOW_SECONDS, partnerSigningString } from '@kyc/contracts';

/** Unix seconds, 1 to 12 digits, no sign or fraction. */
const TS_PATTERN = /^[0-9]{1,12}$/;
/** HMAC-SHA256 in lower-case hex. */
const SIGN_PATTERN = /^[0-9a-f]{64}$/;

export interface SignedRequest {
  ts: string;
  method: string;
  /** Path and query exactly as the request line carries them. */
  pathWithQuery: string;
  rawBody: Buffer;
}

export const isWellFormedTs = (ts: string): boolean => TS_PATTERN.test(ts);
export const isWellFormedSignature = (sign: string): boolean => SIGN_PATTERN.test(sign);

/** The hex HMAC of the request under one secret (the body as its raw bytes, never re-serialised). */
export function signRequest(secret: string, request: SignedRequest): string {
  const head = partnerSigningString(request.ts, request.method, request.pathWithQuery, '');
  return createHmac('sha256', secret).update(head, 'utf8').update(request.rawBody).digest('hex');
}

/** Constant-time comparison of two well-formed hex signatures. */
export function signaturesEqual(expected: string, presented: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(presented, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** True when `ts` (seconds) is within the window of `nowMs` on either side. */
export function withinWindow(ts: string, nowMs: number): boolean {
  return Math.abs(Number(ts) * 1000 - nowMs) <= PARTNER_SIGNATURE_WINDOW_SECONDS * 1000;
}

/**
 * How long an accepted signature must be remembered: until its timestamp leaves the window, after which
 * the window check refuses it anyway.
 */
export function signatureExpiresAt(ts: string): number {
  return Number(ts) * 1000 + PARTNER_SIGNATURE_WINDOW_SECONDS * 1000 + 1000;
}
