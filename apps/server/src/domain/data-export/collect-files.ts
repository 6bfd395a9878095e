/**
 * The person's own files in their copy (docs/data-export.md "What is in it"): each identity document,
 * selfie and questionnaire evidence decrypted under their data key, handed over and let go before the
 * next is read. Answers where each went, so the JSON can name the file (null when it did not open).
 */
import { decryptBlob } from '../../lib/crypto/envelope.ts';
import { readBlob, type BlobStore } from '../../lib/uploads/blob-store.ts';
import { extensionOf, openOrNull, type ExportFile, type PersonSources } from './collect-format.ts';

export interface FilePaths {
  documentPaths: Map<string, string | null>;
  evidencePaths: Map<string, string | null>;
}

export async function collectFiles(
  { repos, key, userId }: PersonSources,
  blobs: BlobStore,
  put: (file: ExportFile) => void,
): Promise<FilePaths> {
  const src = repos.dataExportSources;
  const documentPaths = new Map<string, string | null>();
  for (const doc of await src.documents(userId)) {
    const folder = doc.submission_id === null ? 'not-submitted' : `submission-${Number(doc.submission_id)}`;
    const path = `documents/${folder}/${doc.id}-${doc.side}.${extensionOf(doc.mime)}`;
    const blob = await readBlob(blobs, doc.blob_id);
    const bytes = blob && openOrNull(() => decryptBlob(key, blob, { userId, objectId: doc.id }));
    documentPaths.set(doc.id, bytes ? path : null);
    if (bytes) put({ path, bytes, compress: false });
  }
  const evidencePaths = new Map<string, string | null>();
  for (const file of await src.evidence(userId)) {
    const path = `evidence/${file.id}.${extensionOf(file.mime)}`;
    const blob = await readBlob(blobs, file.blob_id);
    const bytes = blob && openOrNull(() => decryptBlob(key, blob, { userId, objectId: file.id }));
    evidencePaths.set(file.id, bytes ? path : null);
    if (bytes) put({ path, bytes, compress: false });
  }
  return { documentPaths, evidencePaths };
}
