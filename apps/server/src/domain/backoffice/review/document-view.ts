/**
 * One document of a case, decrypted (docs/backoffice.md "Documents"): the data key is unwrapped for this
 * user and the blob is bound to user id + document id, so a blob moved to another row or user does not
 * open. The view is audited (`document.view`, no content) before anything is answered.
 */
import type { StaffMe } from '@kyc/contracts';
import type { Repositories } from '../../../data/repositories/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { decryptBlob, type MasterKeyring } from '../../../lib/crypto/envelope.ts';
import { readBlob, type BlobStore } from '../../../lib/uploads/blob-store.ts';
import { withStoredDataKey } from '../../kyc/data-keys.ts';
import { requirePermission } from '../permissions.ts';
import { accessNote, closedAccessGate, redactedKind } from '../../retention/closed-access.ts';

/** What reading a document needs: the encrypted blobs and the master keys that unwrap data keys. */
export interface ReviewFiles {
  blobs: BlobStore;
  keyring: MasterKeyring;
}

/** A decrypted document ready to stream: the stored MIME type (never a client's), and the bytes. */
export interface DocumentContent {
  id: string;
  mime: string;
  bytes: Buffer;
}

/** One answer for an unknown document and another user's: which of the two is never revealed. */
const noSuchDocument = () => new AppError('PARAMS_ERROR', 'documentId: no such document', 404);

export function documentViewUseCase(
  repos: Pick<Repositories, 'accountClosures' | 'audit' | 'retention' | 'submissions'>,
  files: ReviewFiles,
) {
  const gate = closedAccessGate(repos, files.keyring);
  return async function viewDocument(
    staff: StaffMe,
    userId: number,
    documentId: string,
    now = Date.now(),
  ): Promise<DocumentContent> {
    requirePermission(staff, 'view_cases');
    const access = await gate.require(staff, userId, now);
    const doc = await repos.submissions.findDocument(userId, documentId);
    // Issue 20: the person's documents were erased: said so (62042, 410) rather than "no such document".
    if (!doc && access && redactedKind(await gate.markers(userId), 'identity_documents'))
      throw new AppError('RECORD_REDACTED', undefined, 410);
    // An upload never submitted is not part of the case: answered like an unknown one.
    if (!doc || doc.submission_id === null) throw noSuchDocument();
    const blob = await readBlob(files.blobs, doc.blob_id);
    if (!blob) throw new Error(`blob of document ${doc.id} is missing`);
    const bytes = await withStoredDataKey(repos.submissions, files.keyring, userId, (key) => {
      if (!key) throw new Error(`data key of user ${userId} is missing`);
      return decryptBlob(key, blob, { userId, objectId: doc.id });
    });
    await repos.audit.insert(
      {
        staffId: staff.id,
        action: 'document.view',
        subjectUserId: userId,
        caseRef: `user:${userId}/document:${doc.id}`,
        details: { documentId: doc.id, side: doc.side, ...accessNote(access) },
      },
      now,
    );
    return { id: doc.id, mime: doc.mime, bytes };
  };
}
