/**
 * The single-use download of a copy (docs/data-export.md, D74): a link is a random token shown once,
 * stored as its SHA-256, valid DATA_EXPORT_LINK_TTL_MS and never past the copy's end. The bytes are
 * opened first; the compare-and-set to `downloaded` then decides which of two concurrent downloads wins
 * (the other is 62024), and the blob goes at once.
 */
import { DATA_EXPORT_LINK_TTL_MS, type DataExportLinkResult } from '@kyc/contracts';
import type { DataExportOrigin, DataExportRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { decryptBlob } from '../../lib/crypto/envelope.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import { readBlob } from '../../lib/uploads/blob-store.ts';
import { withStoredDataKey } from '../kyc/data-keys.ts';
import { objectOf, refusalOf, type DataExportDeps } from './export-rows.ts';

/** What a download hands the route: the bytes and the name to save them under. */
export interface DownloadedExport {
  bytes: Buffer;
  fileName: string;
}

export function exportLinks({ repos, blobs, keyring, now }: DataExportDeps) {
  /** A new single-use link for a ready copy: the token once, its hash stored. */
  async function newLink(row: DataExportRow, path: string): Promise<DataExportLinkResult> {
    const at = now();
    const refusal = refusalOf(row, at);
    if (refusal) throw refusal;
    const token = randomToken(32);
    const linkExpiresAt = Math.min(at + DATA_EXPORT_LINK_TTL_MS, Number(row.expires_at));
    if (!(await repos.dataExports.setLink(Number(row.id), sha256Hex(token), linkExpiresAt, at)))
      throw (
        refusalOf((await repos.dataExports.findById(Number(row.id))) ?? row, at) ??
        new AppError('DATA_EXPORT_EXPIRED')
      );
    return { url: `${path}/${token}`, linkExpiresAt };
  }

  /**
   * The one download of a copy through its link. The bytes are opened first; the compare-and-set then
   * decides which of two concurrent downloads wins (the other is 62024); the blob goes at once.
   * `beforeBytesLeave` runs after the win and before the answer (the back office's audit entry).
   */
  async function download(
    token: string,
    origin: DataExportOrigin,
    owner: number | undefined,
    beforeBytesLeave: (row: DataExportRow, bytes: Buffer) => Promise<void> = async () => {},
  ): Promise<DownloadedExport> {
    const at = now();
    const hash = sha256Hex(token);
    const row = /^[\w-]{20,128}$/.test(token) ? await repos.dataExports.findByLinkHash(hash) : undefined;
    if (!row || row.origin !== origin || (owner !== undefined && Number(row.user_id) !== owner))
      throw new AppError('DATA_EXPORT_LINK_INVALID');
    const refusal = refusalOf(row, at);
    if (refusal) throw refusal;
    if (row.link_expires_at === null || Number(row.link_expires_at) <= at)
      throw new AppError('DATA_EXPORT_EXPIRED', 'the download link has expired; take a new one');
    const userId = Number(row.user_id);
    const blobId = row.blob_id;
    const sealed = blobId ? await readBlob(blobs, blobId) : undefined;
    if (!blobId || !sealed) throw new AppError('DATA_EXPORT_EXPIRED', 'the copy is no longer stored');
    const bytes = await withStoredDataKey(repos.submissions, keyring, userId, (key) => {
      if (!key) throw new AppError('DATA_EXPORT_EXPIRED', 'the copy can no longer be opened');
      return decryptBlob(key, sealed, { userId, objectId: objectOf(Number(row.id)) });
    });
    if (!(await repos.dataExports.markDownloaded(Number(row.id), hash, at))) {
      const again = await repos.dataExports.findById(Number(row.id));
      throw (again && refusalOf(again, at)) ?? new AppError('DATA_EXPORT_EXPIRED');
    }
    await beforeBytesLeave(row, bytes);
    // Single use: nothing is kept once it is downloaded (the sweep retries a delete that fails here).
    if (await blobs.delete(blobId).catch(() => false))
      await repos.dataExports.clearBlob(Number(row.id), blobId, at);
    const day = new Date(Number(row.requested_at)).toISOString().slice(0, 10);
    return { bytes, fileName: `personal-data-${userId}-${day}-${Number(row.id)}.zip` };
  }

  return { newLink, download };
}
