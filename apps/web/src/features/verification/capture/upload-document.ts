import {
  UPLOAD_LIVENESS_FIELD,
  type DocumentSide,
  type LivenessEvidence,
  type UploadDocumentResult,
} from '@kyc/contracts';
import { uploadForm, type UploadProgress } from '../../../lib/http';
import { UPLOAD_FILE_FIELD, UPLOAD_SIDE_FIELD } from '../api/wire';

export type { UploadDocumentResult, UploadProgress };

export interface UploadDocumentOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** A selfie's liveness challenge (D116), sent in the field `liveness`. */
  liveness?: LivenessEvidence | null;
}

/**
 * The catalogue's upload refusals (the file itself is the problem: type, size, quality): 40001–40019,
 * and the image-quality codes of issue 19 (glare, too dark, too bright, selfie too small), and 63010
 * (the liveness evidence sent with a selfie was refused: take it again).
 */
export const UPLOAD_REFUSAL_CODES: readonly number[] = [
  ...Array.from({ length: 19 }, (_, i) => 40001 + i),
  ...Array.from({ length: 10 }, (_, i) => 63001 + i),
];

/** spec §7 / docs/kyc.md: at most 10 MB per file (the server checks again, by content). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** What upload-document accepts: JPEG or PNG, and PDF for a proof of address. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const POA_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;

/** The file types a side accepts (the `accept` attribute of its file input). */
export function acceptedTypes(side: DocumentSide): readonly string[] {
  return side === 'poa' ? POA_TYPES : IMAGE_TYPES;
}

function fileName(side: DocumentSide, blob: Blob): string {
  if (blob instanceof File && blob.name) return blob.name;
  const extension = blob.type === 'application/pdf' ? 'pdf' : blob.type === 'image/png' ? 'png' : 'jpg';
  return `${side}.${extension}`;
}

/**
 * POST /v3/private/kyc/upload-document (SDK mode: /v1/s1/kyc/integration/upload-document), multipart
 * with the field `side` and the file field `file`. Reports progress, honours the signal, and fails as
 * every call does (spec §8).
 */
export function uploadDocument(
  side: DocumentSide,
  blob: Blob,
  options: UploadDocumentOptions = {},
): Promise<UploadDocumentResult> {
  const form = new FormData();
  form.append(UPLOAD_SIDE_FIELD, side);
  form.append(UPLOAD_FILE_FIELD, blob, fileName(side, blob));
  const { liveness, ...rest } = options;
  if (liveness && side === 'selfie') form.append(UPLOAD_LIVENESS_FIELD, JSON.stringify(liveness));
  // The capture step shows an upload refusal (40001–40019, 63001–63010) inline, where the retake is: no toast too.
  return uploadForm<UploadDocumentResult>('uploadDocument', form, {
    ...rest,
    silent: UPLOAD_REFUSAL_CODES,
  });
}
