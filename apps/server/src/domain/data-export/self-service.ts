/**
 * The person's own copy (docs/data-export.md, D74): asked for behind scene 30034 (checked by the route)
 * with an Idempotency-Key, so a retry answers the same copy; one copy in progress at a time (62020, a
 * partial unique index) and one a day (62021); the status the page polls; the single-use link and the
 * download.
 */
import {
  DATA_EXPORT_INTERVAL_MS,
  DATA_EXPORTS_URL,
  type DataExportLinkResult,
  type DataExportStatusResult,
  type DataExportView,
} from '@kyc/contracts';
import type { DataExportOrigin, DataExportRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { viewOf, type DataExportDeps } from './export-rows.ts';
import type { exportLinks } from './links.ts';

export function selfExportUseCases(
  { repos, now }: DataExportDeps,
  soon: (id: number) => void,
  { newLink, download }: ReturnType<typeof exportLinks>,
) {
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

  /**
   * The one-a-day refusal may come from this very request's twin: a concurrent request with the same key
   * can insert its row after our read of the latest copy and before our read of the last request, which
   * then refuses us (seen on PostgreSQL with four test workers: the second of two same-key requests
   * answered 62021). That row is committed, so reading the key once more finds the twin's copy. (A copy in
   * progress under another key cannot be the twin's: one copy is in progress at a time.)
   */
  async function replayOrRefuse(
    userId: number,
    idempotencyKey: string,
    refusal: AppError,
  ): Promise<DataExportView> {
    const twin = await repos.dataExports.findByKey(userId, idempotencyKey);
    if (twin?.origin === 'self') return viewOf(twin, now());
    throw refusal;
  }

  async function nextRequestAt(userId: number): Promise<number> {
    const last = await repos.dataExports.lastCountedRequestAt(userId);
    return last === undefined ? 0 : last + DATA_EXPORT_INTERVAL_MS;
  }

  return {
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
        return replayOrRefuse(
          userId,
          idempotencyKey,
          new AppError(
            'DATA_EXPORT_TOO_SOON',
            `one copy a day: the next from ${new Date(next).toISOString()}`,
          ),
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
  };
}
