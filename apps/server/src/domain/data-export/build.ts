/**
 * Building a copy (docs/data-export.md, D74; the job queue's pattern of D65): the request's row is the
 * work. After the commit it is built at once in the background (`soon`); the `data-exports` job builds
 * what is left (a failure, a lost process) under a lease claimed by compare-and-set. The zip of
 * everything collected is sealed under the person's data key into the document store; a build that lost
 * its lease drops its blob.
 */
import { createHash } from 'node:crypto';
import { DATA_EXPORT_TTL_MS } from '@kyc/contracts';
import type { DataExportRow } from '../../data/schema/index.ts';
import { encryptBlob } from '../../lib/crypto/envelope.ts';
import { withDataKey } from '../kyc/data-keys.ts';
import { collectPersonalData } from './collect.ts';
import { objectOf, type DataExportDeps } from './export-rows.ts';
import { zipWriter } from './zip.ts';

/** How long a claimed build is ours before another taker may assume it died. */
export const BUILD_LEASE_MS = 10 * 60_000;
/** A copy whose build failed this many times is given up ('failed'; it does not count towards the limit). */
export const MAX_BUILD_ATTEMPTS = 3;
/** Copies the job builds per tick (one at a time: each holds a person's documents in memory). */
const JOB_BATCH = 5;

export interface DataExportLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

const silent: DataExportLog = { info() {}, error() {} };

export function exportBuilds({ repos, blobs, keyring, now }: DataExportDeps) {
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

  return {
    soon,

    useLog(logger: DataExportLog) {
      log = logger;
    },

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

    /** Waits for the background builds (app close; tests read the outcome after it). */
    async settle(): Promise<void> {
      await Promise.allSettled([...inflight]);
    },
  };
}
