/**
 * Where encrypted uploads live: DATA_DIR/blobs/, outside any static root, one file per blob. Names are
 * random 128-bit hex chosen here — a client-supplied name never reaches the file system — fanned out
 * over two directory levels (ab/cd/abcd…) so no directory grows huge. A write is atomic: a temporary
 * file in the same directory, fsync, rename, fsync of the directory; a reader sees the whole blob or
 * none. The store holds bytes only: callers encrypt first (lib/crypto) and record id and sha256.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';

const BLOB_ID = /^[0-9a-f]{32}$/;

export interface BlobStore {
  /** The root directory (DATA_DIR/blobs). */
  readonly root: string;
  /** Stores the bytes under a new random id and returns it once they are durably on disk. */
  put(bytes: Uint8Array): Promise<string>;
  /** The bytes of a blob, or undefined when there is none with this id. */
  get(id: string): Promise<Buffer | undefined>;
  /** Deletes a blob; true when it existed. */
  delete(id: string): Promise<boolean>;
}

export function isBlobId(id: string): boolean {
  return BLOB_ID.test(id);
}

export function createBlobStore(dataDir: string): BlobStore {
  const root = path.join(path.resolve(dataDir), 'blobs');

  const fileOf = (id: string) => {
    // Ids come from put(), but a stored id read back from the database is still checked: no path tricks.
    if (!isBlobId(id)) throw new RangeError('not a blob id');
    return path.join(root, id.slice(0, 2), id.slice(2, 4), id);
  };

  return {
    root,

    async put(bytes) {
      const id = randomBytes(16).toString('hex');
      const file = fileOf(id);
      const dir = path.dirname(file);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const temp = path.join(dir, `.${id}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        const handle = await open(temp, 'wx', 0o600);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      await syncDirectory(dir);
      return id;
    },

    async get(id) {
      try {
        return await readFile(fileOf(id));
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async delete(id) {
      const file = fileOf(id);
      try {
        await unlink(file);
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
      await syncDirectory(path.dirname(file));
      return true;
    },
  };
}

const isNotFound = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/** Makes the rename (or unlink) itself durable; not every platform can fsync a directory. */
async function syncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // EISDIR/EPERM on some platforms (Windows): the rename is still atomic, only its durability is weaker.
  } finally {
    await handle?.close();
  }
}
