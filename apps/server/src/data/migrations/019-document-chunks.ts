import { sql } from 'kysely';
import type { MigrationFactory, MigrationDb } from './helpers.ts';

/**
 * The `database` document store (issue 14, DOCUMENT_STORE=database, D49): the encrypted bytes of each
 * blob in rows of at most 256 KiB, keyed by the blob's id and the chunk's number from 0, so that
 * instances sharing the database share the documents and no statement carries a whole document.
 * Chunk 0 always exists (it marks the blob); its `created_at` dates the blob for the orphan sweep, which
 * the (chunk, created_at) index serves. PostgreSQL: bytea stored out of line without compression (the
 * bytes are ciphertext, which does not compress).
 */
export const m019DocumentChunks: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    const binary = dialect === 'postgres' ? 'bytea' : 'blob';
    await db.schema
      .createTable('document_chunks')
      .addColumn('blob_id', 'text', (c) => c.notNull())
      .addColumn('chunk', 'integer', (c) => c.notNull())
      .addColumn('bytes', binary, (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('document_chunks_pkey', ['blob_id', 'chunk'])
      .addCheckConstraint('document_chunks_chunk_check', sql`chunk >= 0`)
      .execute();
    await db.schema
      .createIndex('document_chunks_age_idx')
      .on('document_chunks')
      .columns(['chunk', 'created_at'])
      .execute();
    if (dialect === 'postgres')
      await sql`alter table document_chunks alter column bytes set storage external`.execute(db);
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('document_chunks').execute();
  },
});
