/**
 * The one encrypted-upload pipeline (docs/kyc.md "Documents", docs/questionnaires.md "Evidence"), for
 * identity documents and questionnaire evidence alike: the upload is inspected (lib/uploads: content
 * check, re-encoding, PDF only where allowed), sealed under the user's data key bound to the user and
 * the file's id, written as a blob, then recorded as a row of the one document store
 * (data/repositories/uploaded-files.ts). The blob goes to the configured store (DOCUMENT_STORE: file or
 * database, lib/uploads/blob-store.ts). A refused file stores nothing; a row that fails removes its
 * blob, and a crash between the two leaves an orphan that orphan-blobs.ts collects. Reading opens the
 * blob under the key the user already has; the sweep removes uploads never attached to a submission,
 * rows first, then blobs.
 */
import { randomBytes } from 'node:crypto';
import type { NewUploadedFile } from '../../data/repositories/uploaded-files.ts';
import { decryptBlob, encryptBlob, type MasterKeyring } from '../../lib/crypto/envelope.ts';
import { readBlob, type BlobStore } from '../../lib/uploads/blob-store.ts';
import {
  inspectUpload,
  type InspectedUpload,
  type InspectOptions,
} from '../../lib/uploads/inspect-upload.ts';
import type { QualitySubject } from '@kyc/contracts';
import { checkImageQuality } from '../checks/quality/check-image-quality.ts';
import { withDataKey, withStoredDataKey, type DataKeyStore } from '../kyc/data-keys.ts';

/** Where the sealed bytes go and whose key seals them. */
export interface EncryptedFiles {
  blobs: BlobStore;
  /** Where wrapped data keys live (the submissions repository). */
  keys: DataKeyStore;
  keyring: MasterKeyring;
}

/** What the uploader is told (never the blob id): the stored bytes' type, digest and size. */
export interface UploadedFile {
  id: string;
  mime: InspectedUpload['mime'];
  sha256: string;
  size: number;
}

/** Upload ids are random 128-bit hex: the object id the encryption is bound to, and the row's key. */
const newUploadId = () => randomBytes(16).toString('hex');

/**
 * Inspects `bytes` with `checks`, seals and writes them, and records the row with `record` (the
 * document store of the caller's table). Throws the inspection's UPLOAD_* error for a refused file.
 * With `quality` (a document side or a selfie), an image must also pass the image-quality checks
 * (domain/checks/quality), measured on the bytes to store; a PDF is never a side or a selfie.
 */
export async function storeEncryptedUpload(
  files: EncryptedFiles,
  upload: { userId: number; bytes: Buffer; checks: InspectOptions; quality?: QualitySubject; at: number },
  record: (stored: NewUploadedFile) => Promise<void>,
): Promise<UploadedFile> {
  const { userId, at } = upload;
  const inspected = await inspectUpload(upload.bytes, upload.checks);
  if (upload.quality && inspected.kind !== 'pdf') await checkImageQuality(inspected.bytes, upload.quality);
  const id = newUploadId();
  const blobId = await withDataKey(files.keys, files.keyring, userId, at, (key) =>
    files.blobs.put(encryptBlob(key, inspected.bytes, { userId, objectId: id })),
  );
  const stored: NewUploadedFile = {
    id,
    userId,
    mime: inspected.mime,
    sha256: inspected.sha256,
    blobId,
    size: inspected.bytes.length,
    createdAt: at,
  };
  try {
    await record(stored);
  } catch (error) {
    await files.blobs.delete(blobId).catch(() => undefined);
    throw error;
  }
  return { id, mime: inspected.mime, sha256: stored.sha256, size: stored.size };
}

/** The plaintext of a stored upload of this user (the row's id and blob id); throws if it is missing. */
export async function openEncryptedUpload(
  files: EncryptedFiles,
  userId: number,
  file: { id: string; blobId: string },
): Promise<Buffer> {
  const blob = await readBlob(files.blobs, file.blobId);
  if (!blob) throw new Error(`blob of upload ${file.id} is missing`);
  return withStoredDataKey(files.keys, files.keyring, userId, (key) => {
    if (!key) throw new Error(`data key of user ${userId} is missing`);
    return decryptBlob(key, blob, { userId, objectId: file.id });
  });
}
