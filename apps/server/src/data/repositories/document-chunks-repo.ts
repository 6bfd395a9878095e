/**
 * The `database` document store (issue 14, DOCUMENT_STORE=database, D49; migration 019): the blob
 * interface of lib/uploads/blob-store.ts over the document_chunks table, so that every instance on a
 * shared database reads every document. A blob is written as rows of BLOB_CHUNK_BYTES in one transaction
 * (all its chunks or none: a crash leaves no partial blob) and read back one row per query, so neither
 * direction has a whole document in one statement or one result. Deleting a blob deletes its chunks.
 * SQLite (tests, `npm start`) and PostgreSQL (bytea) alike.
 */
import { BLOB_CHUNK_BYTES, isBlobId, newBlobId, type BlobStore } from '../../lib/uploads/blob-store.ts';
import type { Db } from '../db.ts';

/** How many candidate ids one query of the orphan sweep's listing answers. */
const LIST_PAGE = 500;

const checked = (id: string) => {
  // The same refusal as the file store: an id the store did not make is a caller's bug.
  if (!isBlobId(id)) throw new RangeError('not a blob id');
  return id;
};

export function databaseBlobStore(db: Db, now: () => number = Date.now): BlobStore {
  /** One chunk's bytes, or undefined past the last one (or when the blob is gone). */
  const chunkOf = async (id: string, chunk: number): Promise<Buffer | undefined> => {
    const row = await db
      .selectFrom('document_chunks')
      .select('bytes')
      .where('blob_id', '=', id)
      .where('chunk', '=', chunk)
      .executeTakeFirst();
    return row ? Buffer.from(row.bytes) : undefined;
  };

  return {
    kind: 'database',

    async put(bytes) {
      const id = newBlobId();
      const at = now();
      const whole = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      await db.transaction().execute(async (trx) => {
        // Chunk 0 even for no bytes at all: it is what says the blob exists.
        for (let chunk = 0, start = 0; chunk === 0 || start < whole.length; chunk++) {
          const end = Math.min(start + BLOB_CHUNK_BYTES, whole.length);
          await trx
            .insertInto('document_chunks')
            .values({ blob_id: id, chunk, bytes: whole.subarray(start, end), created_at: at })
            .execute();
          start = end;
        }
      });
      return id;
    },

    async open(id) {
      const first = await chunkOf(checked(id), 0);
      if (!first) return undefined;
      return (async function* () {
        yield first;
        for (let chunk = 1; ; chunk++) {
          const next = await chunkOf(id, chunk);
          if (!next) return;
          yield next;
        }
      })();
    },

    async delete(id) {
      const result = await db
        .deleteFrom('document_chunks')
        .where('blob_id', '=', checked(id))
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async *storedBefore(before) {
      // Pages in (created_at, blob_id) order along the (chunk, created_at) index.
      let after: { at: number; id: string } | undefined;
      for (;;) {
        const page = await db
          .selectFrom('document_chunks')
          .select(['blob_id', 'created_at'])
          .where('chunk', '=', 0)
          .where('created_at', '<', before)
          .$if(after !== undefined, (q) =>
            q.where((eb) =>
              eb.or([
                eb('created_at', '>', after?.at ?? 0),
                eb.and([eb('created_at', '=', after?.at ?? 0), eb('blob_id', '>', after?.id ?? '')]),
              ]),
            ),
          )
          .orderBy('created_at')
          .orderBy('blob_id')
          .limit(LIST_PAGE)
          .execute();
        for (const row of page) yield row.blob_id;
        const last = page.at(-1);
        if (!last || page.length < LIST_PAGE) return;
        after = { at: Number(last.created_at), id: last.blob_id };
      }
    },

    async removeTemporaryBefore() {
      // No temporary files: a transaction that never committed left no rows.
      return 0;
    },
  };
}
