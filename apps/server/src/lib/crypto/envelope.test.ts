import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BLOB_VERSION,
  createKeyring,
  decryptBlob,
  DecryptionError,
  encryptBlob,
  generateDataKey,
  masterKey,
  rewrapDataKey,
  unwrapDataKey,
  wrapDataKey,
  wrappingKeyId,
} from './envelope.ts';

const flip = (buffer: Buffer, index: number) => {
  const copy = Buffer.from(buffer);
  copy[index] = (copy[index] ?? 0) ^ 0x01;
  return copy;
};

describe('data keys wrapped under the master key', () => {
  const keyring = createKeyring(randomBytes(32));

  it('when a data key is wrapped and unwrapped for the same user, then it comes back, and two wraps differ', () => {
    const dataKey = generateDataKey();
    const a = wrapDataKey(keyring, 42, dataKey);
    const b = wrapDataKey(keyring, 42, dataKey);
    expect(a.length).toBe(65);
    expect(a.equals(b)).toBe(false);
    expect(a.includes(dataKey)).toBe(false);
    expect(unwrapDataKey(keyring, 42, a).equals(dataKey)).toBe(true);
    expect(wrappingKeyId(a)).toBe(keyring.current.id);
  });

  it('when a wrapped key is unwrapped for another user, tampered with, or under another master key, then it is refused', () => {
    const wrapped = wrapDataKey(keyring, 'u-1', generateDataKey());
    expect(() => unwrapDataKey(keyring, 'u-2', wrapped)).toThrow(DecryptionError);
    expect(() => unwrapDataKey(keyring, 'u-1', flip(wrapped, 20))).toThrow(DecryptionError);
    expect(() => unwrapDataKey(keyring, 'u-1', flip(wrapped, wrapped.length - 1))).toThrow(DecryptionError);
    expect(() => unwrapDataKey(keyring, 'u-1', flip(wrapped, 0))).toThrow(/known version/);
    expect(() => unwrapDataKey(keyring, 'u-1', wrapped.subarray(0, 64))).toThrow(DecryptionError);
    expect(() => unwrapDataKey(createKeyring(randomBytes(32)), 'u-1', wrapped)).toThrow(/unknown master key/);
    // The key id sits in the authenticated header: rewriting it to another known key's id fails too.
    const other = randomBytes(32);
    const both = createKeyring(other, [keyring.current.key]);
    const forged = Buffer.from(wrapped);
    forged.writeUInt32BE(masterKey(other).id, 1);
    expect(() => unwrapDataKey(both, 'u-1', forged)).toThrow(DecryptionError);
  });

  it('when the master key is rotated, then old wrapped keys still unwrap and re-wrap under the new key id', () => {
    const oldKey = randomBytes(32);
    const before = createKeyring(oldKey);
    const dataKey = generateDataKey();
    const wrapped = wrapDataKey(before, 7, dataKey);

    const after = createKeyring(randomBytes(32), [oldKey]);
    expect(after.current.id).not.toBe(before.current.id);
    expect(unwrapDataKey(after, 7, wrapped).equals(dataKey)).toBe(true);
    const rewrapped = rewrapDataKey(after, 7, wrapped);
    expect(wrappingKeyId(rewrapped)).toBe(after.current.id);
    expect(unwrapDataKey(createKeyring(after.current.key), 7, rewrapped).equals(dataKey)).toBe(true);
  });

  it('when a key is not 32 bytes, then it is refused', () => {
    expect(() => masterKey(randomBytes(16))).toThrow(RangeError);
    expect(() => wrapDataKey(keyring, 1, randomBytes(31))).toThrow(RangeError);
  });
});

describe('blobs encrypted under a data key', () => {
  const dataKey = generateDataKey();
  const aad = { userId: 42, objectId: 'doc-1' };
  const plaintext = Buffer.from('a scanned passport, in bytes');

  it('when a blob is encrypted and decrypted with the same key and binding, then the bytes come back', () => {
    const blob = encryptBlob(dataKey, plaintext, aad);
    expect(blob[0]).toBe(BLOB_VERSION);
    expect(blob.length).toBe(plaintext.length + 29);
    expect(blob.includes(plaintext)).toBe(false);
    expect(decryptBlob(dataKey, blob, aad).equals(plaintext)).toBe(true);
    expect(decryptBlob(dataKey, encryptBlob(dataKey, Buffer.alloc(0), aad), aad).length).toBe(0);
  });

  it('when the same file is encrypted twice, then the nonces and ciphertexts differ', () => {
    const a = encryptBlob(dataKey, plaintext, aad);
    const b = encryptBlob(dataKey, plaintext, aad);
    expect(a.subarray(1, 13).equals(b.subarray(1, 13))).toBe(false);
    expect(a.equals(b)).toBe(false);
  });

  it('when the ciphertext, the tag, the nonce or the version is tampered with, then decryption is refused', () => {
    const blob = encryptBlob(dataKey, plaintext, aad);
    for (const index of [0, 5, 13, 20, blob.length - 1])
      expect(() => decryptBlob(dataKey, flip(blob, index), aad), `byte ${index}`).toThrow(DecryptionError);
    expect(() => decryptBlob(dataKey, blob.subarray(0, blob.length - 1), aad)).toThrow(DecryptionError);
    expect(() => decryptBlob(dataKey, blob.subarray(0, 10), aad)).toThrow(DecryptionError);
  });

  it("when a blob is moved to another user or object, or read with another user's key, then decryption is refused", () => {
    const blob = encryptBlob(dataKey, plaintext, aad);
    expect(() => decryptBlob(dataKey, blob, { userId: 43, objectId: 'doc-1' })).toThrow(DecryptionError);
    expect(() => decryptBlob(dataKey, blob, { userId: 42, objectId: 'doc-2' })).toThrow(DecryptionError);
    expect(() => decryptBlob(dataKey, blob, { userId: 4, objectId: '2doc-1' })).toThrow(DecryptionError);
    expect(() =>
      decryptBlob(dataKey, blob, { userId: '42', objectId: 'doc-1' }).equals(plaintext),
    ).not.toThrow();
    expect(() => decryptBlob(generateDataKey(), blob, aad)).toThrow(DecryptionError);
  });
});
