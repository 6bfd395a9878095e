/**
 * The person's own copy of their data (issue 20, GDPR Art. 15 and 20; docs/data-export.md, D74–D75).
 *
 * - The person asks (behind scene 30034, checked by the route) with an Idempotency-Key: a retry answers
 *   the same copy, one copy is in progress at a time (62020, a partial unique index), one a day (62021).
 *   Compliance asks for a subject access request with a reason (permission `export_subject_data`,
 *   audited); the same copy is built.
 * - The copy is built by the job queue's pattern (D65): the request's row is the work; after the commit
 *   it is built at once in the background (`soon`), and the `data-exports` job builds what is left (a
 *   failure, a lost process) under a lease claimed by compare-and-set. The zip is sealed under the
 *   person's data key into the document store and kept 7 days.
 * - A download link is taken when the person (again behind 30034) or compliance wants the file: a random
 *   token shown once, stored as its SHA-256, valid 15 minutes and never past the copy's end. The first
 *   download moves the copy to `downloaded` by compare-and-set and deletes the blob; a second is 62024,
 *   an expired copy or link 62025. The sweep deletes what has expired.
 */
import { createHash } from 'node:crypto';
import {
  DATA_EXPORT_INTERVAL_MS,
  DATA_EXPORT_LINK_TTL_MS,
  DATA_EXPORT_TTL_MS,
  DATA_EXPORTS_URL,
  type DataExportLinkResult,
  type DataExportStatus,
  type DataExportStatusResult,
  type DataExportView,
  type StaffMe,
  type SubjectAccessExportStatus,
  type SubjectAccessExportView,
} from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { DataExportOrigin, DataExportRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { decryptBlob, encryptBlob, type MasterKeyring } from '../../lib/crypto/envelope.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import { readBlob, type BlobStore } from '../../lib/uploads/blob-store.ts';
import { requirePermission } from '../backoffice/permissions.ts';
import { staffLabel } from '../backoffice/staff-label.ts';
import { withDataKey, withStoredDataKey } from '../kyc/data-keys.ts';
import { sealFreeTexts } from '../audit/sealed-text.ts';
import { collectPersonalData } from './collect.ts';
import { zipWriter } from './zip.ts';

/** How long a claimed build is ours before another taker may assume it died. */
export const BUILD_LEASE_MS = 10 * 60_000;
/** A copy whose build failed this many times is given up ('failed'; it does not count towards the limit). */
export const MAX_BUILD_ATTEMPTS = 3;
/** Copies the job builds per tick (one at a time: each holds a person's documents in memory). */
const JOB_BATCH = 5;
const SWEEP_BATCH = 200;

/** Where the back office downloads a subject access copy (the token follows). */
export const STAFF_DOWNLOAD_PATH = '/backoffice/api/data-exports/download';

export interface DataExportLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface DataExportOptions {
  repos: Repositories;
  blobs: BlobStore;
  keyring: MasterKeyring;
  now?: () => number;
}

/** What a download hands the route: the bytes and the name to save them under. */
export interface DownloadedExport {
  bytes: Buffer;
  fileName: string;
}

const objectOf = (exportId: number) => `data-export:${exportId}`;
const silent: DataExportLog = { info() {}, error() {} };

/** A ready copy past its end reads as expired before the sweep has run. */
function statusAt(row: DataExportRow, now: number): DataExportStatus {
  if (row.status === 'ready' && row.expires_at !== null && Number(row.expires_at) <= now) return 'expired';
  return row.status;
}

function viewOf(row: DataExportRow, now: number): DataExportView {
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
function refusalOf(row: DataExportRow, now: number): AppError | undefined {
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

export function dataExportUseCases(options: DataExportOptions) {
  const { repos, blobs, keyring } = options;
  const now = options.now ?? Date.now;
  const inflight = new Set<Promise<void>>();
  let log: DataExportLog = silent;

  /** Builds the zip of the person, seals it under their key and stores it; answers what markReady needs. */
  async function buildAndStore(row: DataExportRow, at: number) {
    const userId = Number(row.user_id);
    return withDataKey(repos.submissions, keyring, userId, at, async (key) => {
      const zip = zipWriter(at);
      await collectPersonalData({ repos, blobs, key, userId, at }, (file) => zip.add(file));
      const bytes = zip.finish();
      const sealed = encryptBlob(key, bytes, { userId, objectId: objectOf(Number(row.id)) });
      const blobId = await blobs.put(sealed);
      return { blobId, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    });
  }

  /** Claims the copy and builds it; false when someone else holds it or it is built already. */
  async function buildOne(id: number): Promise<boolean> {
    const at = now();
    const attempt = await repos.dataExports.claim(id, at, at + BUILD_LEASE_MS);
    if (attempt === undefined) return false;
    const row = await repos.dataExports.findById(id);
    if (!row) return false;
    try {
      const stored = await buildAndStore(row, at);
      const readyAt = now();
      const ready = await repos.dataExports.markReady(id, attempt, {
        ...stored,
        readyAt,
        expiresAt: readyAt + DATA_EXPORT_TTL_MS,
      });
      if (!ready) {
        // The lease ended and another build took over: ours goes.
        await blobs.delete(stored.blobId).catch(() => false);
        return false;
      }
      log.info(
        { event: 'data_export.ready', export: id, user: Number(row.user_id), bytes: stored.size },
        'data export ready',
      );
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await repos.dataExports.markFailed(id, attempt, message, attempt >= MAX_BUILD_ATTEMPTS);
      throw error;
    }
  }

  /** After the commit: build the copy now, in the background; a failure leaves it to the job. */
  function soon(id: number): void {
    const done = (async () => {
      await new Promise((resolve) => setImmediate(resolve));
      await buildOne(id);
    })().catch((error: unknown) => {
      log.error(
        { event: 'data_export.build.failed', export: id, err: error },
        'data export failed; the job retries it',
      );
    });
    inflight.add(done);
    void done.finally(() => inflight.delete(done));
  }

  /**
   * Inserts a pending copy, or answers the one this Idempotency-Key made; 62020 when another is in
   * progress. Concurrent requests: the unique rules let one row in, the others read it (same key) or
   * are refused (another key).
   */
  async function insertOrReplay(
    userId: number,
    origin: DataExportOrigin,
    idempotencyKey: string,
    extra: { requestedBy: number | null; reason: string },
  ): Promise<{ row: DataExportRow; created: boolean }> {
    const at = now();
    const id = await repos.dataExports.insert({ userId, origin, idempotencyKey, at, ...extra });
    const row =
      id === undefined
        ? await repos.dataExports.findByKey(userId, idempotencyKey)
        : await repos.dataExports.findById(id);
    if (!row) throw new AppError('DATA_EXPORT_IN_PROGRESS');
    if (row.origin !== origin)
      throw new AppError('PARAMS_ERROR', 'Idempotency-Key: used for another request', 400);
    return { row, created: id !== undefined };
  }

  async function nextRequestAt(userId: number): Promise<number> {
    const last = await repos.dataExports.lastCountedRequestAt(userId);
    return last === undefined ? 0 : last + DATA_EXPORT_INTERVAL_MS;
  }

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

  async function staffView(row: DataExportRow): Promise<SubjectAccessExportView> {
    const by = row.requested_by === null ? undefined : await repos.staff.findById(Number(row.requested_by));
    return {
      ...viewOf(row, now()),
      requestedBy:
        row.requested_by === null
          ? null
          : {
              staffId: Number(row.requested_by),
              name: (by ? staffLabel(by.display_name, by.email) : null) ?? '',
            },
      reason: row.reason,
    };
  }

  async function staffRowOf(exportId: number): Promise<DataExportRow> {
    const row = await repos.dataExports.findById(exportId);
    if (!row || row.origin !== 'staff') throw new AppError('DATA_EXPORT_UNKNOWN');
    return row;
  }

  return {
    useLog(logger: DataExportLog) {
      log = logger;
    },

    // ── the person ─────────────────────────────────────────────────────────────────────────────────
    /** POST /v3/private/user/data-exports (after the route spent a risk token of scene 30034). */
    async request(userId: number, idempotencyKey: string): Promise<DataExportView> {
      const replay = await repos.dataExports.findByKey(userId, idempotencyKey);
      if (replay) {
        if (replay.origin !== 'self')
          throw new AppError('PARAMS_ERROR', 'Idempotency-Key: used for another request', 400);
        return viewOf(replay, now());
      }
      const latest = await repos.dataExports.latestOf(userId, 'self');
      // A concurrent request with the same key may have inserted it since the read above.
      if (latest?.idempotency_key === idempotencyKey) return viewOf(latest, now());
      if (latest && (latest.status === 'pending' || latest.status === 'building'))
        throw new AppError('DATA_EXPORT_IN_PROGRESS');
      const next = await nextRequestAt(userId);
      if (now() < next)
        throw new AppError(
          'DATA_EXPORT_TOO_SOON',
          `one copy a day: the next from ${new Date(next).toISOString()}`,
        );
      const { row, created } = await insertOrReplay(userId, 'self', idempotencyKey, {
        requestedBy: null,
        reason: '',
      });
      if (created) soon(Number(row.id));
      return viewOf(row, now());
    },

    /** GET /v3/private/user/data-exports/latest: the page polls it. */
    async status(userId: number): Promise<DataExportStatusResult> {
      const latest = await repos.dataExports.latestOf(userId, 'self');
      return { export: latest ? viewOf(latest, now()) : null, nextRequestAt: await nextRequestAt(userId) };
    },

    /** POST /v3/private/user/data-exports/:id/link (after a risk token of 30034): the single-use link. */
    async link(userId: number, exportId: number): Promise<DataExportLinkResult> {
      const row = await repos.dataExports.findById(exportId);
      if (!row || Number(row.user_id) !== userId || row.origin !== 'self')
        throw new AppError('DATA_EXPORT_UNKNOWN');
      return newLink(row, `${DATA_EXPORTS_URL}/download`);
    },

    /** GET /v3/private/user/data-exports/download/:token: the zip, once. */
    download: (userId: number, token: string) => download(token, 'self', userId),

    // ── the back office (subject access request) ─────────────────────────────────────────────────────
    /** POST /backoffice/api/cases/:userId/data-exports: a copy for a subject access request, audited. */
    async staffRequest(
      staff: StaffMe,
      userId: number,
      reason: string,
      idempotencyKey = `sar-${randomToken(12)}`,
    ): Promise<SubjectAccessExportView> {
      requirePermission(staff, 'export_subject_data');
      if (!(await repos.users.findById(userId))) throw new AppError('DATA_EXPORT_UNKNOWN', 'no such person');
      const replay = await repos.dataExports.findByKey(userId, idempotencyKey);
      if (replay) {
        if (replay.origin !== 'staff')
          throw new AppError('PARAMS_ERROR', 'Idempotency-Key: used for another request', 400);
        return staffView(replay);
      }
      const at = now();
      const created = await repos.transaction(async (tx) => {
        const id = await tx.dataExports.insert({
          userId,
          origin: 'staff',
          requestedBy: staff.id,
          reason,
          idempotencyKey,
          at,
        });
        if (id === undefined) return undefined;
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'data_export.request',
            subjectUserId: userId,
            caseRef: `data-export:${id}`,
            // D110: the staff member's reason names the person's request; sealed under their key.
            details: await sealFreeTexts(tx.submissions, keyring, userId, at, { exportId: id, reason }, [
              'reason',
            ]),
          },
          at,
        );
        return id;
      });
      if (created === undefined) {
        const existing = await repos.dataExports.findByKey(userId, idempotencyKey);
        if (existing?.origin === 'staff') return staffView(existing);
        throw new AppError('DATA_EXPORT_IN_PROGRESS');
      }
      soon(created);
      return staffView(await staffRowOf(created));
    },

    /** GET /backoffice/api/cases/:userId/data-exports: the latest subject access copy of the person. */
    async staffStatus(staff: StaffMe, userId: number): Promise<SubjectAccessExportStatus> {
      requirePermission(staff, 'export_subject_data');
      const latest = await repos.dataExports.latestOf(userId, 'staff');
      return { export: latest ? await staffView(latest) : null };
    },

    /** POST /backoffice/api/data-exports/:id/link: the single-use link, audited. */
    async staffLink(staff: StaffMe, exportId: number): Promise<DataExportLinkResult> {
      requirePermission(staff, 'export_subject_data');
      const row = await staffRowOf(exportId);
      const link = await newLink(row, STAFF_DOWNLOAD_PATH);
      await repos.audit.insert(
        {
          staffId: staff.id,
          action: 'data_export.link',
          subjectUserId: Number(row.user_id),
          caseRef: `data-export:${exportId}`,
          details: { exportId },
        },
        now(),
      );
      return link;
    },

    /** GET /backoffice/api/data-exports/download/:token: the zip, once; audited before the bytes leave. */
    async staffDownload(staff: StaffMe, token: string): Promise<DownloadedExport> {
      requirePermission(staff, 'export_subject_data');
      return download(token, 'staff', undefined, async (row, bytes) => {
        await repos.audit.insert(
          {
            staffId: staff.id,
            action: 'data_export.download',
            subjectUserId: Number(row.user_id),
            caseRef: `data-export:${Number(row.id)}`,
            details: { exportId: Number(row.id), bytes: bytes.length },
          },
          now(),
        );
      });
    },

    // ── the job and the sweep ──────────────────────────────────────────────────────────────────────
    /** The `data-exports` job: copies still to build (a failed or lost build), oldest first. */
    async runDue(): Promise<number> {
      await Promise.allSettled([...inflight]);
      let built = 0;
      for (const due of await repos.dataExports.due(now(), JOB_BATCH)) {
        try {
          if (await buildOne(due.id)) built += 1;
        } catch (error) {
          log.error({ event: 'data_export.build.failed', export: due.id, err: error }, 'data export failed');
        }
      }
      return built;
    },

    /** The `expired-data-exports` sweep: blobs of copies downloaded or past their 7 days deleted. */
    async sweep(): Promise<number> {
      const at = now();
      let removed = 0;
      for (const row of await repos.dataExports.storedToDelete(at, SWEEP_BATCH)) {
        await blobs.delete(row.blob_id).catch(() => false);
        await repos.dataExports.clearBlob(row.id, row.blob_id, at);
        removed += 1;
      }
      return removed;
    },

    /** Waits for the background builds (app close; tests read the outcome after it). */
    async settle(): Promise<void> {
      await Promise.allSettled([...inflight]);
    },
  };
}
export type DataExportUseCases = ReturnType<typeof dataExportUseCases>;
