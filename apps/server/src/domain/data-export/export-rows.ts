/**
 * A copy as its requester sees it (docs/data-export.md): the status at a given time (a ready copy past
 * its end reads as expired before the sweep has run), the view the API answers, why it cannot be linked
 * or downloaded now, and the object id its zip is sealed under; and the feature's dependencies.
 */
import type { DataExportStatus, DataExportView } from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { DataExportRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MasterKeyring } from '../../lib/crypto/envelope.ts';
import type { BlobStore } from '../../lib/uploads/blob-store.ts';

export interface DataExportOptions {
  repos: Repositories;
  blobs: BlobStore;
  keyring: MasterKeyring;
  now?: () => number;
}

/** The options with the clock resolved, as each module of the feature takes them. */
export type DataExportDeps = Required<DataExportOptions>;

export const objectOf = (exportId: number) => `data-export:${exportId}`;

/** A ready copy past its end reads as expired before the sweep has run. */
function statusAt(row: DataExportRow, now: number): DataExportStatus {
  if (row.status === 'ready' && row.expires_at !== null && Number(row.expires_at) <= now) return 'expired';
  return row.status;
}

export function viewOf(row: DataExportRow, now: number): DataExportView {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    id: Number(row.id),
    status: statusAt(row, now),
    requestedAt: Number(row.requested_at),
    readyAt: n(row.ready_at),
    expiresAt: n(row.expires_at),
    downloadedAt: n(row.downloaded_at),
    size: n(row.size),
  };
}

/** Why a copy cannot be linked or downloaded now, by its state (undefined: it can). */
export function refusalOf(row: DataExportRow, now: number): AppError | undefined {
  switch (statusAt(row, now)) {
    case 'pending':
    case 'building':
      return new AppError('DATA_EXPORT_NOT_READY');
    case 'failed':
      return new AppError('DATA_EXPORT_FAILED');
    case 'downloaded':
      return new AppError('DATA_EXPORT_ALREADY_DOWNLOADED');
    case 'expired':
      return new AppError('DATA_EXPORT_EXPIRED');
    case 'ready':
      return undefined;
  }
}
