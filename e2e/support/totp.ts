/**
 * The current TOTP code of a published demo secret (README; RFC 6238: HMAC-SHA-1, 30 s, 6 digits), so
 * that the e2e tests sign staff in through the code step as a person with an authenticator app would.
 */
import { createHash, createHmac } from 'node:crypto';

/** The seeded demo staff's secrets (README, apps/server/src/seed/demo.ts). */
export const DEMO_STAFF_TOTP_SECRETS = {
  'reviewer@demo.test': 'MRSW23ZNOJSXM2LFO5SXELLUN52HALLL',
  'senior@demo.test': 'MRSW23ZNONSW42LPOIWXI33UOAWWWZLZ',
  'admin@demo.test': 'MRSW23ZNMFSG22LOFV2G65DQFVVWK6JO',
  'auditor@demo.test': 'MRSW23ZNMF2WI2LUN5ZC25DPORYC223F',
} as const;

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text) {
    value = (value << 5) | 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function totpCode(base32Secret: string, nowMs = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(nowMs / 30_000)));
  const mac = createHmac('sha1', base32Decode(base32Secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * The published recovery codes of a demo staff member (README; apps/server/src/seed/demo.ts derives them
 * the same way): base32 of SHA-256('demo-recovery:' + email + ':' + i), 10 characters, as ABCDE-FGHIJ.
 */
export function demoRecoveryCode(email: string, index: number): string {
  const digest = createHash('sha256').update(`demo-recovery:${email}:${index}`).digest();
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 10) {
      out += 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= 0xff;
  }
  return `${out.slice(0, 5)}-${out.slice(5, 10)}`;
}
