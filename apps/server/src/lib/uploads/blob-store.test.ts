import { mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLOB_CHUNK_BYTES, createFileBlobStore, isBlobId, readBlob } from './blob-store.ts';

const store = () => createFileBlobStore(mkdtempSync(path.join(tmpdir(), 'kyc-blobs-')));

const collect = async (chunks: AsyncIterable<Buffer> | undefined) => {
  const parts: Buffer[] = [];
  for await (const chunk of chunks ?? []) parts.push(chunk);
  return parts;
};

describe('file blob store (DATA_DIR/blobs)', () => {
  it('when bytes are put, then they are stored under a random 128-bit id in two-level fan-out, readable, mode 0600', async () => {
    const blobs = store();
    const id = await blobs.put(Buffer.from('ciphertext'));
    expect(isBlobId(id)).toBe(true);
    const file = path.join(blobs.root, id.slice(0, 2), id.slice(2, 4), id);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect((await readBlob(blobs, id))?.toString()).toBe('ciphertext');
    expect(readdirSync(path.dirname(file))).toEqual([id]);
    expect(readdirSync(path.join(blobs.root, 'tmp'))).toEqual([]); // no temporary file left behind
  });

  it('when a blob is larger than a chunk, then it is read back as a stream of chunks, in order', async () => {
    const blobs = store();
    const bytes = Buffer.alloc(2 * BLOB_CHUNK_BYTES + 10, 1).fill(2, BLOB_CHUNK_BYTES);
    const parts = await collect(await blobs.open(await blobs.put(bytes)));
    expect(parts.length).toBe(3);
    expect(Math.max(...parts.map((p) => p.length))).toBe(BLOB_CHUNK_BYTES);
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);
  });

  it('when the same bytes are put twice, then they get two different ids', async () => {
    const blobs = store();
    expect(await blobs.put(Buffer.from('x'))).not.toBe(await blobs.put(Buffer.from('x')));
  });

  it('when a blob is deleted, then it is gone, and a second delete or a read says so', async () => {
    const blobs = store();
    const id = await blobs.put(new Uint8Array([1, 2, 3]));
    expect(await blobs.delete(id)).toBe(true);
    expect(await blobs.open(id)).toBeUndefined();
    expect(await readBlob(blobs, id)).toBeUndefined();
    expect(await blobs.delete(id)).toBe(false);
  });

  it('when an id is not one the store made (path tricks, a client name), then it is refused before any file access', async () => {
    const blobs = store();
    for (const id of ['../../etc/passwd', 'passport.jpg', 'A'.repeat(32), `${'a'.repeat(31)}/`, ''])
      await expect(blobs.open(id), id).rejects.toThrow(RangeError);
    await expect(blobs.delete('../x')).rejects.toThrow(RangeError);
  });

  it('when blobs and temporary files are old or fresh, then only the old are listed and removed', async () => {
    const blobs = store();
    const day = 24 * 3_600_000;
    const old = (Date.now() - 2 * day) / 1000;
    const [oldId, freshId] = [await blobs.put(Buffer.from('a')), await blobs.put(Buffer.from('b'))];
    utimesSync(path.join(blobs.root, oldId.slice(0, 2), oldId.slice(2, 4), oldId), old, old);
    const listed: string[] = [];
    for await (const id of blobs.storedBefore(Date.now() - day)) listed.push(id);
    expect(listed).toEqual([oldId]);
    expect(freshId).not.toBe(oldId);

    // A crash mid-write: in the temp folder, and (written before issue 14) beside the blob.
    const temp = (dir: string, name: string, mtime?: number) => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, name), 'partial');
      if (mtime) utimesSync(path.join(dir, name), mtime, mtime);
    };
    const tempDir = path.join(blobs.root, 'tmp');
    temp(tempDir, `${'1'.repeat(32)}.00000000.tmp`, old);
    temp(tempDir, `${'2'.repeat(32)}.00000000.tmp`);
    temp(path.join(blobs.root, 'ab', 'cd'), `.abcd${'3'.repeat(28)}.00000000.tmp`, old);
    expect(await blobs.removeTemporaryBefore(Date.now() - 3_600_000)).toBe(2);
    expect(readdirSync(tempDir)).toEqual([`${'2'.repeat(32)}.00000000.tmp`]);
    expect(readdirSync(path.join(blobs.root, 'ab', 'cd'))).toEqual([]);
  });
});
