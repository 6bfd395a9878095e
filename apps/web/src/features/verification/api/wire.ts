/**
 * Wire constants of @kyc/contracts whose modules also define zod schemas (api/kyc-submit.ts): a value
 * import from there brings zod (about 29 KB gzip) into the screen chunks, so the web keeps these
 * copies. wire.test.ts checks that they equal the contracts' values.
 */
export const UPLOAD_FILE_FIELD = 'file';
export const UPLOAD_SIDE_FIELD = 'side';
export const UPDATE_KYC_REASON = 'UPDATE_KYC';

/** The identity document types (spec §3). */
export const DOCUMENT_TYPES = ['ID_CARD', 'PASSPORT', 'DRIVERS', 'RESIDENCE_PERMIT'] as const;
