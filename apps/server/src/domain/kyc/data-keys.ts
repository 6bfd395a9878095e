/**
 * The per-user data key (docs/kyc.md "Submitting a level") and the submission details sealed under it.
 * Shared by every use-case that encrypts a user's data: uploads, ID updates, vendor checks, back office.
 */
import {
  decryptBlob,
  encryptBlob,
  generateDataKey,
  unwrapDataKey,
  wrapDataKey,
  wrappingKeyId,
  type MasterKeyring,
} from '../../lib/crypto/envelope.ts';
import type { WrappedKeyRow } from '../../data/repositories/submissions-repo.ts';

/** Where wrapped data keys live (submissions-repo). */
export interface DataKeyStore {
  findDataKey(userId: number): Promise<WrappedKeyRow | undefined>;
  insertDataKeyIfAbsent(userId: number, key: WrappedKeyRow, at: number): Promise<void>;
}

/**
 * The user's data key, created and stored (wrapped) the first time; concurrent firsts agree (the first
 * row inserted wins, everyone re-reads it). The caller zeroes the answer after use.
 */
export async function userDataKey(
  store: DataKeyStore,
  keyring: MasterKeyring,
  userId: number,
  at: number,
): Promise<Buffer> {
  let stored = await store.findDataKey(userId);
  if (!stored) {
    const fresh = generateDataKey();
    const wrapped = wrapDataKey(keyring, userId, fresh);
    fresh.fill(0);
    await store.insertDataKeyIfAbsent(userId, { wrappedKey: wrapped, keyId: wrappingKeyId(wrapped) }, at);
    stored = await store.findDataKey(userId);
    if (!stored) throw new Error('data key not stored');
  }
  return unwrapDataKey(keyring, userId, stored.wrappedKey);
}

/**
 * Runs `use` with the user's data key (created on first use) and zeroes the key afterwards, whatever
 * `use` does: the one way a use-case holds a data key, so no path forgets the `fill(0)`.
 */
export async function withDataKey<T>(
  store: DataKeyStore,
  keyring: MasterKeyring,
  userId: number,
  at: number,
  use: (key: Buffer) => T | Promise<T>,
): Promise<T> {
  const key = await userDataKey(store, keyring, userId, at);
  try {
    return await use(key);
  } finally {
    key.fill(0);
  }
}

/**
 * Like withDataKey for a key that is already stored (wrapped): reading never creates a key. Runs `use`
 * with undefined when the user has none (nothing of theirs was ever sealed).
 */
export async function withStoredDataKey<T>(
  store: Pick<DataKeyStore, 'findDataKey'>,
  keyring: MasterKeyring,
  userId: number,
  use: (key: Buffer | undefined) => T | Promise<T>,
): Promise<T> {
  const stored = await store.findDataKey(userId);
  const key = stored ? unwrapDataKey(keyring, userId, stored.wrappedKey) : undefined;
  try {
    return await use(key);
  } finally {
    key?.fill(0);
  }
}

/**
 * Like withStoredDataKey with the wrapped key already read by the caller's own statement (kyc-info's,
 * D117): null when the user has none, and `use` then runs with undefined.
 */
export function withWrappedDataKey<T>(
  keyring: MasterKeyring,
  userId: number,
  wrappedKey: Buffer | null,
  use: (key: Buffer | undefined) => T,
): T {
  const key = wrappedKey ? unwrapDataKey(keyring, userId, wrappedKey) : undefined;
  try {
    return use(key);
  } finally {
    key?.fill(0);
  }
}

/** What a submission's details are bound to: the user and the submission's Idempotency-Key (unique per user). */
const detailsObject = (idempotencyKey: string) => `submission-details:${idempotencyKey}`;

/** Seals a submission's details (flat strings) for kyc_submissions.details_enc. */
export function sealDetails(
  dataKey: Buffer,
  userId: number,
  idempotencyKey: string,
  details: Record<string, string>,
): Buffer {
  return encryptBlob(dataKey, Buffer.from(JSON.stringify(details), 'utf8'), {
    userId,
    objectId: detailsObject(idempotencyKey),
  });
}

/** Opens details sealed by sealDetails; throws DecryptionError if they were moved to another row or user. */
export function openDetails(
  dataKey: Buffer,
  userId: number,
  idempotencyKey: string,
  sealed: Buffer,
): Record<string, string> {
  const json = decryptBlob(dataKey, sealed, { userId, objectId: detailsObject(idempotencyKey) });
  const value: unknown = JSON.parse(json.toString('utf8'));
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
