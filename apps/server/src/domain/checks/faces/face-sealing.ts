/**
 * Sealing a selfie's face descriptor for the duplicate-face index (issue 19 "Duplicates", D109). Not
 * under the person's data key: a 1:N search has to open every stored descriptor, and unwrapping one
 * data key per row (100 000 rows) at each start would be slow and would spread every person's key
 * through the index. So one face-index key per master key, derived with HKDF (label
 * `kyc-face-index-v1`), seals each descriptor as a blob bound to its person and submission; the row
 * names its master key (`key_id`), so a rotation keeps old rows readable. A descriptor is 128 float32.
 */
import { hkdfSync } from 'node:crypto';
import { decryptBlob, encryptBlob, type MasterKeyring } from '../../../lib/crypto/envelope.ts';
import { DESCRIPTOR_LENGTH } from './face-index.ts';

const LABEL = 'kyc-face-index-v1';
const derived = new WeakMap<Buffer, Buffer>();

function indexKey(masterKey: Buffer): Buffer {
  let key = derived.get(masterKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), LABEL, 32));
    derived.set(masterKey, key);
  }
  return key;
}

const aad = (userId: number, submissionId: number) => ({
  userId,
  objectId: `face-embedding:${submissionId}`,
});

export function sealDescriptor(
  keyring: MasterKeyring,
  userId: number,
  submissionId: number,
  descriptor: ArrayLike<number>,
): { keyId: number; sealed: Buffer } {
  const floats = Float32Array.from({ length: DESCRIPTOR_LENGTH }, (_, i) => descriptor[i] ?? 0);
  const plain = Buffer.from(floats.buffer, floats.byteOffset, floats.byteLength);
  return {
    keyId: keyring.current.id,
    sealed: encryptBlob(indexKey(keyring.current.key), plain, aad(userId, submissionId)),
  };
}

/** The descriptor, or null when its master key is no longer in the keyring or the seal does not open. */
export function openDescriptor(
  keyring: MasterKeyring,
  row: { user_id: number; submission_id: number; key_id: number; embedding_enc: Buffer },
): Float32Array | null {
  const master = keyring.byId(row.key_id);
  if (!master) return null;
  try {
    const plain = decryptBlob(indexKey(master.key), row.embedding_enc, aad(row.user_id, row.submission_id));
    return new Float32Array(plain.buffer.slice(plain.byteOffset, plain.byteOffset + plain.byteLength));
  } catch {
    return null;
  }
}
