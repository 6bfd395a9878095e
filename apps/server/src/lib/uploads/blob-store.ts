/**
 * Where encrypted uploads live (issue 14, DOCUMENT_STORE, D49): one interface, two stores. The store
 * holds bytes only: callers encrypt first (lib/crypto) and record the id it answers and the sha256.
 *
 * - `file` (the default): DATA_DIR/blobs/, outside any static root, one file per blob, fanned out over
 *   two directory levels (ab/cd/abcd…) so no directory grows huge. A write is atomic: a temporary file
 *   in DATA_DIR/blobs/tmp (the upload temp folder, same file system), fsync, rename into place, fsync of
 *   the directory; a reader sees the whole blob or none. Each instance has its own.
 * - `database` (data/repositories/document-chunks-repo.ts): the same bytes in 256 KiB rows of one table,
 *   so instances that share the database share the documents without a shared file system.
 *
 * Ids are random 128-bit hex chosen by the store — a client-supplied name never reaches a path or a
 * query. Reading is a stream of chunks in either store: no query or read holds a whole document.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, opendir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

const BLOB_ID = /^[0-9a-f]{32}$/;
const FAN_OUT = /^[0-9a-f]{2}$/;
/** A temporary file of a write in progress: `<blob id>.<random>.tmp` (before issue 14: `.<id>.<random>.tmp`). */
const TEMP_FILE = /^[0-9a-f]{32}\.[0-9a-f]{8}\.tmp$/;
const LEGACY_TEMP_FILE = /^\.[0-9a-f]{32}\.[0-9a-f]{8}\.tmp$/;

/** DOCUMENT_STORE: where the encrypted documents are kept. */
export const DOCUMENT_STORES = ['file', 'database'] as const;
export type DocumentStoreKind = (typeof DOCUMENT_STORES)[number];

/** The piece size of reads (file) and rows (database). */
export const BLOB_CHUNK_BYTES = 256 * 1024;

export interface BlobStore {
  readonly kind: DocumentStoreKind;
  /** Stores the bytes under a new random id and answers it once they are durably stored. */
  put(bytes: Uint8Array): Promise<string>;
  /** The bytes of a blob as a stream of chunks (in order), or undefined when there is none with this id. */
  open(id: string): Promise<AsyncIterable<Buffer> | undefined>;
  /** Deletes a blob (database: all its chunks); true when it existed. */
  delete(id: string): Promise<boolean>;
  /** The ids of the blobs stored before `before` (epoch ms): the orphan sweep's candidates. */
  storedBefore(before: number): AsyncIterable<string>;
  /**
   * Removes the temporary files of writes that never finished (a crash between write and rename) last
   * changed before `before`; answers how many. The database store writes none: a transaction that
   * never commits leaves no rows.
   */
  removeTemporaryBefore(before: number): Promise<number>;
}

export function isBlobId(id: string): boolean {
  return BLOB_ID.test(id);
}

/** A new random blob id. */
export const newBlobId = () => randomBytes(16).toString('hex');

/**
 * The whole blob, read chunk by chunk, or undefined when it is missing. For callers that must hold the
 * bytes anyway: decryption (lib/crypto) authenticates the whole blob before it answers a single byte.
 */
export async function readBlob(store: BlobStore, id: string): Promise<Buffer | undefined> {
  const chunks = await store.open(id);
  if (!chunks) return undefined;
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** The `file` store under DATA_DIR/blobs (its root) with its temp folder DATA_DIR/blobs/tmp. */
export function createFileBlobStore(dataDir: string): BlobStore & { readonly root: string } {
  const root = path.join(path.resolve(dataDir), 'blobs');
  const tempDir = path.join(root, 'tmp');

  const fileOf = (id: string) => {
    // Ids come from put(), but a stored id read back from the database is still checked: no path tricks.
    if (!isBlobId(id)) throw new RangeError('not a blob id');
    return path.join(root, id.slice(0, 2), id.slice(2, 4), id);
  };

  return {
    kind: 'file',
    root,

    async put(bytes) {
      const id = newBlobId();
      const file = fileOf(id);
      const dir = path.dirname(file);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await mkdir(tempDir, { recursive: true, mode: 0o700 });
      const temp = path.join(tempDir, `${id}.${randomBytes(4).toString('hex')}.tmp`);
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

    async open(id) {
      const file = fileOf(id);
      if ((await modifiedAt(file)) === undefined) return undefined;
      // Opened when read, closed when the reading ends (or stops early): an unread stream holds no file.
      return (async function* () {
        const handle = await open(file, 'r');
        try {
          for (;;) {
            const buffer = Buffer.allocUnsafe(BLOB_CHUNK_BYTES);
            const { bytesRead } = await handle.read(buffer, 0, BLOB_CHUNK_BYTES, null);
            if (bytesRead === 0) return;
            yield bytesRead < BLOB_CHUNK_BYTES ? buffer.subarray(0, bytesRead) : buffer;
          }
        } finally {
          await handle.close();
        }
      })();
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

    async *storedBefore(before) {
      // A blob's time is its file's: written once, never changed.
      for await (const file of filesBefore(before, BLOB_ID)) yield path.basename(file);
    },

    async removeTemporaryBefore(before) {
      let removed = 0;
      const stale = async (file: string) => {
        const changed = await modifiedAt(file);
        if (changed === undefined || changed >= before) return;
        await rm(file, { force: true });
        removed += 1;
      };
      for (const name of await sortedNames(tempDir, TEMP_FILE)) await stale(path.join(tempDir, name));
      // Writes before issue 14 kept their temporary file beside the blob.
      for await (const file of filesBefore(before, LEGACY_TEMP_FILE)) await stale(file);
      return removed;
    },
  };

  /** The files named like `pattern` in the fan-out directories (ab/cd/), in name order, changed before `before`. */
  async function* filesBefore(before: number, pattern: RegExp): AsyncGenerator<string> {
    for (const first of await sortedNames(root, FAN_OUT))
      for (const second of await sortedNames(path.join(root, first), FAN_OUT)) {
        const dir = path.join(root, first, second);
        for (const name of await sortedNames(dir, pattern)) {
          const changed = await modifiedAt(path.join(dir, name));
          if (changed !== undefined && changed < before) yield path.join(dir, name);
        }
      }
  }
}

const isNotFound = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/** The names in `dir` matching `pattern`, sorted; none when the directory does not exist. */
async function sortedNames(dir: string, pattern: RegExp): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const entry of await opendir(dir)) if (pattern.test(entry.name)) names.push(entry.name);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
  return names.sort();
}

/** A file's modification time (ms), or undefined when it is gone meanwhile. */
async function modifiedAt(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

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
