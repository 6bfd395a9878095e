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
 *
 * Composed here from one module per concern: the person's requests, the subject access copy of the
 * back office, the build and its job, the links and downloads, and the sweep.
 */
import { exportBuilds } from './build.ts';
import type { DataExportOptions } from './export-rows.ts';
import { exportLinks } from './links.ts';
import { selfExportUseCases } from './self-service.ts';
import { subjectAccessUseCases } from './subject-access.ts';

export { BUILD_LEASE_MS, MAX_BUILD_ATTEMPTS, type DataExportLog } from './build.ts';
export type { DataExportOptions } from './export-rows.ts';
export type { DownloadedExport } from './links.ts';
export { STAFF_DOWNLOAD_PATH } from './subject-access.ts';

const SWEEP_BATCH = 200;

export function dataExportUseCases(options: DataExportOptions) {
  const deps = { ...options, now: options.now ?? Date.now };
  const { repos, blobs, now } = deps;
  const { soon, useLog, runDue, settle } = exportBuilds(deps);
  const links = exportLinks(deps);

  return {
    useLog,

    // ── the person ─────────────────────────────────────────────────────────────────────────────────
    ...selfExportUseCases(deps, soon, links),

    // ── the back office (subject access request) ─────────────────────────────────────────────────────
    ...subjectAccessUseCases(deps, soon, links),

    // ── the job and the sweep ──────────────────────────────────────────────────────────────────────
    runDue,

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

    settle,
  };
}
export type DataExportUseCases = ReturnType<typeof dataExportUseCases>;
