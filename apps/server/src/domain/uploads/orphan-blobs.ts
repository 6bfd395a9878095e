/**
 * The orphan sweep (issue 14, docs/operations.md "Documents", D49): blobs no upload row points at and
 * temporary files of writes that never finished — what a crash between the blob's write and its row's
 * insert, or inside a write, leaves behind. Either store (lib/uploads/blob-store.ts).
 *
 * - A blob is an orphan when no row of kyc_documents or questionnaire_evidence holds its id and it is
 *   older than ORPHAN_GRACE_MS: an upload is written first and recorded right after, so a younger one
 *   may be in flight. Ids are never reused, so a blob found unreferenced past the grace stays so.
 *   Candidates are checked against the tables and deleted in batches of SWEEP_BATCH.
 * - A temporary file (file store: DATA_DIR/blobs/tmp) older than STALE_TEMP_MS belongs to no write in
 *   progress (a write takes seconds).
 *
 * Both walk the whole store, so each runs a pass at most every PASS_EVERY_MS per process (the first
 * sweep after start runs one); the periodic sweep (server.ts, every 10 minutes) logs each count.
 */
import type { BlobStore } from '../../lib/uploads/blob-store.ts';

/** A blob younger than this is never an orphan: its row may not be written yet. */
export const ORPHAN_GRACE_MS = 24 * 3_600_000;
/** A temporary file older than this is left by a crash. */
export const STALE_TEMP_MS = 3_600_000;
/** At most one pass of each sweep this often per process. */
export const PASS_EVERY_MS = 6 * 3_600_000;
/** Candidate blobs checked against the upload tables per query. */
export const SWEEP_BATCH = 500;

/** Which of these blob ids an upload row holds (data/repositories/uploaded-files.ts). */
export interface BlobReferences {
  referencedBlobIds(blobIds: readonly string[]): Promise<Set<string>>;
}

export interface OrphanSweepDeps {
  blobs: BlobStore;
  references: BlobReferences;
  now?: () => number;
}

/** Deletes the blobs of `blobs` stored before `before` that no row references; answers how many. */
export async function deleteOrphanBlobs(
  blobs: BlobStore,
  references: BlobReferences,
  before: number,
): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const settle = async () => {
    const referenced = await references.referencedBlobIds(batch);
    for (const id of batch) if (!referenced.has(id) && (await blobs.delete(id))) removed += 1;
    batch = [];
  };
  for await (const id of blobs.storedBefore(before)) {
    batch.push(id);
    if (batch.length >= SWEEP_BATCH) await settle();
  }
  if (batch.length > 0) await settle();
  return removed;
}

export function orphanSweepUseCases(deps: OrphanSweepDeps) {
  const { blobs, references } = deps;
  const now = deps.now ?? Date.now;
  const lastPass = { blobs: -Infinity, temporary: -Infinity };

  /** Runs `pass` unless this process ran it less than PASS_EVERY_MS ago (then answers 0). */
  const throttled = async (which: keyof typeof lastPass, at: number, pass: () => Promise<number>) => {
    if (at - lastPass[which] < PASS_EVERY_MS) return 0;
    lastPass[which] = at;
    return pass();
  };

  return {
    /** Blobs no upload row references, older than ORPHAN_GRACE_MS. */
    sweepOrphanBlobs(at = now()): Promise<number> {
      return throttled('blobs', at, () => deleteOrphanBlobs(blobs, references, at - ORPHAN_GRACE_MS));
    },

    /** Temporary files of writes that never finished, older than STALE_TEMP_MS. */
    sweepStaleTemporaryFiles(at = now()): Promise<number> {
      return throttled('temporary', at, () => blobs.removeTemporaryBefore(at - STALE_TEMP_MS));
    },
  };
}
