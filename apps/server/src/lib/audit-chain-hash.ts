/**
 * The hash that chains the audit log (issue 11, docs/security.md "Tamper-evident audit log", D40).
 * Each row's `hash` is an HMAC-SHA256 over a canonical serialisation of the row and the hash of the row
 * before it, so editing, deleting, reordering or inserting a row breaks the chain from that row on.
 *
 * The key is derived from DATA_MASTER_KEY (HKDF), which lives outside the database: someone holding
 * only database access (even the owner role) cannot recompute a valid chain after a change. It is
 * process-wide because every repository builds its audit writer from a bare Kysely handle (often a
 * transaction); the entry points (server start and boot.ts, `npm run audit:verify`) set it before use.
 * Unset, a fixed public key is used: the chain then still detects edits by anyone who does not
 * recompute it, which is what a plain SHA-256 chain would give.
 *
 * After a rotation of DATA_MASTER_KEY (docs/operations.md "Rotating DATA_MASTER_KEY") new rows are
 * hashed under the new key and rows written before stay hashed under the key of their time: the log is
 * append-only, so they are never rewritten. Verification accepts a row under any configured key, and
 * the keys' epochs only move forward along the chain: once a row verifies under a newer key, a later row
 * that verifies only under an older one is a forgery made with a retired key.
 */
import { createHmac, hkdfSync } from 'node:crypto';

/** The hash before the first row. */
export const GENESIS_HASH = '0'.repeat(64);

const UNKEYED = Buffer.from('kyc-portal audit chain (no key configured)');
const chainKeyOf = (masterKey: Buffer) =>
  Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'kyc-portal audit chain v1', 32));

let chainKey: Buffer = UNKEYED;
/** Oldest first: the retired keys (in reverse of their configured order), then the current one. */
let verifyingKeys: Buffer[] = [UNKEYED];

/**
 * Sets the chain key from the data master key, and the keys older rows may be hashed under from the
 * retired ones (DATA_MASTER_KEY_PREVIOUS, newest first). Idempotent: the same keys give the same state.
 */
export function useAuditChainKey(masterKey: Buffer | undefined, previous: readonly Buffer[] = []): void {
  chainKey = masterKey ? chainKeyOf(masterKey) : UNKEYED;
  verifyingKeys = [...previous.map(chainKeyOf).reverse(), chainKey];
}

/** The chained fields of one audit row, as stored. */
export interface ChainedFields {
  id: number;
  at: number;
  staff_id: number;
  action: string;
  subject_user_id: number | null;
  case_ref: string;
  /** The stored JSON text, hashed as stored (no re-serialisation). */
  details: string;
}

/**
 * hex HMAC-SHA256 over a JSON array in a fixed order: a version tag, the previous hash, then every
 * column. A JSON array of strings, numbers and null has one serialisation, so the same row always gives
 * the same text and no two different rows can give the same text.
 */
export function auditRowHash(prevHash: string, row: ChainedFields): string {
  return hashUnder(chainKey, prevHash, row);
}

/**
 * The epoch (index among the verifying keys, oldest 0) of the first key at or after `fromEpoch` under
 * which the row's hash is right, or -1: a row never verifies under a key older than its predecessor's.
 */
export function auditRowEpoch(
  prevHash: string,
  row: ChainedFields & { hash: string },
  fromEpoch = 0,
): number {
  const epoch = verifyingKeys.findIndex(
    (key, index) => index >= fromEpoch && hashUnder(key, prevHash, row) === row.hash,
  );
  return epoch;
}

function hashUnder(key: Buffer, prevHash: string, row: ChainedFields): string {
  const canonical = JSON.stringify([
    'audit-v1',
    prevHash,
    Number(row.id),
    Number(row.at),
    Number(row.staff_id),
    row.action,
    row.subject_user_id === null ? null : Number(row.subject_user_id),
    row.case_ref,
    row.details,
  ]);
  return createHmac('sha256', key).update(canonical).digest('hex');
}
