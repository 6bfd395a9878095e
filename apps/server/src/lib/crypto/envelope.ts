/**
 * Envelope encryption of uploaded documents (issue 4, "Uploads"). Two levels of keys:
 *
 * - the master key (DATA_MASTER_KEY, 32 bytes) lives only in configuration and wraps data keys;
 * - each user has a random 256-bit data key, stored only wrapped: AES-256-GCM under the master key,
 *   the user id as additional authenticated data (a wrapped key copied to another user's row does not
 *   unwrap), and the master key's id, so that after a rotation old keys still unwrap and can be re-wrapped.
 *
 * Files are encrypted with AES-256-GCM under the user's data key, a fresh random 96-bit nonce per file,
 * and the user id + object id as additional authenticated data: a blob moved to another user or to
 * another object fails to decrypt. Both formats are self-describing buffers starting with a version byte.
 *
 *   wrapped data key: 0x01 | master key id (4) | nonce (12) | ciphertext (32) | tag (16) = 65 bytes
 *   blob:             0x01 | nonce (12) | ciphertext (n) | tag (16)
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID_BYTES = 4;

/** Version byte of the wrapped data key format. */
export const WRAPPED_KEY_VERSION = 1;
/** Version byte of the blob format. */
export const BLOB_VERSION = 1;

const WRAPPED_KEY_LENGTH = 1 + KEY_ID_BYTES + NONCE_BYTES + KEY_BYTES + TAG_BYTES;
const BLOB_OVERHEAD = 1 + NONCE_BYTES + TAG_BYTES;

/** Thrown when a wrapped key or a blob is malformed, tampered with, or bound to another user/object. */
export class DecryptionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DecryptionError';
  }
}

export interface MasterKey {
  /** 32-bit id derived from the key itself, recorded in every wrapped key (not secret). */
  readonly id: number;
  readonly key: Buffer;
}

/**
 * The master keys the server knows: `current` wraps new data keys; `previous` ones only unwrap (after a
 * rotation, until every wrapped key has been re-wrapped with `rewrapDataKey`).
 */
export interface MasterKeyring {
  readonly current: MasterKey;
  /** Every key, the current one first, then the previous ones in the order configured. */
  readonly keys: readonly MasterKey[];
  byId(id: number): MasterKey | undefined;
}

/**
 * The key id is derived from the key (HMAC with a fixed label), so no separate version number must be
 * configured and kept in step: two different keys get different ids with overwhelming probability.
 */
export function masterKey(key: Buffer): MasterKey {
  if (key.length !== KEY_BYTES) throw new RangeError('a master key is 32 bytes');
  const id = createHmac('sha256', key).update('kyc-master-key-id').digest().readUInt32BE(0);
  return { id, key: Buffer.from(key) };
}

export function createKeyring(current: Buffer, previous: readonly Buffer[] = []): MasterKeyring {
  const keys = new Map<number, MasterKey>();
  for (const key of [...previous, current].map(masterKey)) keys.set(key.id, key);
  const currentKey = masterKey(current);
  const previousKeys = previous.map(masterKey).filter((key) => key.id !== currentKey.id);
  return { current: currentKey, keys: [currentKey, ...previousKeys], byId: (id) => keys.get(id) };
}

/** A fresh random 256-bit data key. */
export function generateDataKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

const wrapAad = (userId: string | number, header: Buffer) =>
  Buffer.concat([Buffer.from(JSON.stringify(['kyc-data-key', String(userId)]), 'utf8'), header]);

/** Wraps a user's data key under the keyring's current master key; only this result is stored. */
export function wrapDataKey(keyring: MasterKeyring, userId: string | number, dataKey: Buffer): Buffer {
  if (dataKey.length !== KEY_BYTES) throw new RangeError('a data key is 32 bytes');
  const header = Buffer.alloc(1 + KEY_ID_BYTES);
  header.writeUInt8(WRAPPED_KEY_VERSION, 0);
  header.writeUInt32BE(keyring.current.id, 1);
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(ALGORITHM, keyring.current.key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(wrapAad(userId, header));
  const ciphertext = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return Buffer.concat([header, nonce, ciphertext, cipher.getAuthTag()]);
}

/** The id of the master key that wrapped this data key (to find keys still to re-wrap after a rotation). */
export function wrappingKeyId(wrapped: Buffer): number {
  if (wrapped.length !== WRAPPED_KEY_LENGTH || wrapped[0] !== WRAPPED_KEY_VERSION)
    throw new DecryptionError('not a wrapped data key of a known version');
  return wrapped.readUInt32BE(1);
}

export function unwrapDataKey(keyring: MasterKeyring, userId: string | number, wrapped: Buffer): Buffer {
  const keyId = wrappingKeyId(wrapped);
  const master = keyring.byId(keyId);
  if (!master) throw new DecryptionError(`data key wrapped by an unknown master key (id ${keyId})`);
  const header = wrapped.subarray(0, 1 + KEY_ID_BYTES);
  const nonce = wrapped.subarray(header.length, header.length + NONCE_BYTES);
  const ciphertext = wrapped.subarray(header.length + NONCE_BYTES, wrapped.length - TAG_BYTES);
  const tag = wrapped.subarray(wrapped.length - TAG_BYTES);
  return decrypt(master.key, nonce, ciphertext, tag, wrapAad(userId, header), 'data key');
}

/** Unwraps with whichever known key wrapped it and wraps again under the current one (rotation). */
export function rewrapDataKey(keyring: MasterKeyring, userId: string | number, wrapped: Buffer): Buffer {
  const dataKey = unwrapDataKey(keyring, userId, wrapped);
  try {
    return wrapDataKey(keyring, userId, dataKey);
  } finally {
    dataKey.fill(0);
  }
}

/** What a blob is bound to: decrypting it under any other pair fails. */
export interface BlobAad {
  userId: string | number;
  objectId: string;
}

// JSON keeps the fields apart whatever they contain: ("4", "2x") and ("42", "x") never collide.
const blobAad = ({ userId, objectId }: BlobAad) =>
  Buffer.from(JSON.stringify(['kyc-blob', BLOB_VERSION, String(userId), objectId]), 'utf8');

/** Encrypts a file under a user's data key: one self-describing buffer (version, nonce, ciphertext, tag). */
export function encryptBlob(dataKey: Buffer, plaintext: Buffer, aad: BlobAad): Buffer {
  if (dataKey.length !== KEY_BYTES) throw new RangeError('a data key is 32 bytes');
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(ALGORITHM, dataKey, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(blobAad(aad));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.of(BLOB_VERSION), nonce, ciphertext, cipher.getAuthTag()]);
}

export function decryptBlob(dataKey: Buffer, blob: Buffer, aad: BlobAad): Buffer {
  if (blob.length < BLOB_OVERHEAD || blob[0] !== BLOB_VERSION)
    throw new DecryptionError('not a blob of a known version');
  const nonce = blob.subarray(1, 1 + NONCE_BYTES);
  const ciphertext = blob.subarray(1 + NONCE_BYTES, blob.length - TAG_BYTES);
  const tag = blob.subarray(blob.length - TAG_BYTES);
  return decrypt(dataKey, nonce, ciphertext, tag, blobAad(aad), 'blob');
}

function decrypt(
  key: Buffer,
  nonce: Buffer,
  ciphertext: Buffer,
  tag: Buffer,
  aad: Buffer,
  what: string,
): Buffer {
  try {
    const decipher = createDecipheriv(ALGORITHM, key, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  } catch (error) {
    // GCM says only "unable to authenticate": wrong key, wrong binding or tampering look the same.
    throw new DecryptionError(`${what} failed authentication`, { cause: error });
  }
}
