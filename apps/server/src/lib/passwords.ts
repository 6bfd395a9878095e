import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt (ASVS 2.4.3). Stored as `scrypt$N$r$p$salt$hash` so parameters can be
 * raised later without invalidating existing hashes: verification always uses the stored N, r and p.
 */
/** log2 of N for new hashes; config.ts lets only NODE_ENV=test lower it (PASSWORD_HASH_COST). */
export const DEFAULT_PASSWORD_HASH_COST = 15;
export const MIN_PASSWORD_HASH_COST = 4;
export const MAX_PASSWORD_HASH_COST = 20;
let N = 2 ** DEFAULT_PASSWORD_HASH_COST;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEM = 128 * 2 ** DEFAULT_PASSWORD_HASH_COST * R * 2;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { N: n, r, p, maxmem: Math.max(MAX_MEM, 128 * n * r * 2) },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password: verified against when the email is unknown, so timing does not tell. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/**
 * Sets the cost of the hashes made from now on (the server does it once at start-up from its config).
 * Test runs lower it so that each of their thousands of sign-ups does not spend 32 MB and a third of a
 * second of CPU; the dummy hash made before is dropped so that unknown emails cost the same again.
 */
export function setPasswordHashCost(log2N: number): void {
  if (!Number.isInteger(log2N) || log2N < MIN_PASSWORD_HASH_COST || log2N > MAX_PASSWORD_HASH_COST)
    throw new RangeError(
      `password hash cost must be a whole number from ${MIN_PASSWORD_HASH_COST} to ${MAX_PASSWORD_HASH_COST}`,
    );
  N = 2 ** log2N;
  dummyHash = undefined;
}
