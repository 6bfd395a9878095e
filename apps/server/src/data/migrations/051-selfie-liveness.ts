import type { MigrationDb, MigrationFactory } from './helpers.ts';

/**
 * Issue 19 "Faces", the liveness challenge (docs/checks.md "Liveness", D116): `kyc_documents.liveness_enc`,
 * a selfie's liveness evidence (the challenge, the browser's measures, its keyframes) sealed under the
 * person's data key, bound to the row's id. On the selfie's own row so that every path that erases the
 * selfie (redaction, the unsubmitted-uploads sweep) erases its evidence with it.
 */
export const m051SelfieLiveness: MigrationFactory = (dialect) => ({
  async up(db: MigrationDb) {
    const binary = dialect === 'postgres' ? 'bytea' : 'blob';
    await db.schema.alterTable('kyc_documents').addColumn('liveness_enc', binary).execute();
  },
  async down(db: MigrationDb) {
    await db.schema.alterTable('kyc_documents').dropColumn('liveness_enc').execute();
  },
});
