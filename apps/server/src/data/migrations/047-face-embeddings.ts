import { withIdColumn, type MigrationFactory, type MigrationDb } from './helpers.ts';

/**
 * Issue 19 "Duplicates" (docs/checks.md "Faces", D109): `face_embeddings`, one per in-house level-1
 * submission whose selfie shows exactly one face (`submission_id` unique). `embedding_enc` is the face
 * descriptor (128 float32) sealed with a key derived from the master key `key_id` names (not the
 * person's data key: a 1:N search must open every row with one key); erasure deletes the row
 * (`user_id` index). The search reads the rows in `id` order into memory (the primary key is its index).
 */
export const m047FaceEmbeddings: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    const binary = dialect === 'postgres' ? 'bytea' : 'blob';
    await withIdColumn(db.schema.createTable('face_embeddings'), dialect)
      .addColumn('submission_id', 'bigint', (c) => c.notNull().unique())
      .addColumn('user_id', 'bigint', (c) => c.notNull())
      .addColumn('key_id', 'bigint', (c) => c.notNull())
      .addColumn('embedding_enc', binary, (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('face_embeddings_user_idx').on('face_embeddings').column('user_id').execute();
  },
  async down(db: MigrationDb) {
    await db.schema.dropTable('face_embeddings').execute();
  },
});
