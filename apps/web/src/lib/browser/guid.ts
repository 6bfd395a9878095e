import { GUID_COOKIE, GUID_COOKIE_DAYS } from '@kyc/contracts';
import { readCookie, writeCookie } from './cookies';

/** spec §3 "Request guid": a 36-character id. */
export const GUID_LENGTH = 36;

const GUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A random (version 4) UUID. crypto.randomUUID exists only in secure contexts (https, localhost), so a
 * page served over plain http builds the same format from crypto.getRandomValues.
 */
export function randomGuid(
  source: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto,
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * spec §3, §9: the request guid, kept in the `guid` cookie (path /, SameSite=Lax, 120 days) and created
 * on first use. A malformed value (edited by hand, truncated) is replaced rather than sent on.
 */
export function requestGuid(): string {
  const existing = readCookie(GUID_COOKIE);
  if (existing && GUID_PATTERN.test(existing)) return existing;
  const guid = randomGuid();
  writeCookie(GUID_COOKIE, guid, {
    path: '/',
    days: GUID_COOKIE_DAYS,
    sameSite: 'Lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });
  return guid;
}
