import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBlobStore, isBlobId } from './blob-store.ts';

const store = () => createBlobStore(mkdtempSync(path.join(tmpdir(), 'kyc-blobs-')));

describe('blob store (DATA_DIR/blobs)', () => {
  it('when bytes are put, then they are stored under a random 128-bit id in two-level fan-out, readable, mode 0600', async () => {
    const blobs = store();
    const id = await blobs.put(Buffer.from('ciphertext'));
    expect(isBlobId(id)).toBe(true);
    const file = path.join(blobs.root, id.slice(0, 2), id.slice(2, 4), id);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect((await blobs.get(id))?.toString()).toBe('ciphertext');
    expect(readdirSync(path.dirname(file))).toEqual([id]); // no temporary file left behind
  });

  it('when the same bytes are put twice, then they get two different ids', async () => {
    const blobs = store();
    expect(await blobs.put(Buffer.from('x'))).not.toBe(await blobs.put(Buffer.from('x')));
  });

  it('when a blob is deleted, then it is gone, and a second delete or a read says so', async () => {
    const blobs = store();
    const id = await blobs.put(new Uint8Array([1, 2, 3]));
    expect(await blobs.delete(id)).toBe(true);
    expect(await blobs.get(id)).toBeUndefined();
    expect(await blobs.delete(id)).toBe(false);
  });

  it('when an id is not one the store made (path tricks, a client name), then it is refused before any file access', async () => {
    const blobs = store();
    for (const id of ['../../etc/passwd', 'passport.jpg', 'A'.repeat(32), `${'a'.repeat(31)}/`, ''])
      await expect(blobs.get(id), id).rejects.toThrow(RangeError);
    await expect(blobs.delete('../x')).rejects.toThrow(RangeError);
  });
});
