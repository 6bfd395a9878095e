/**
 * The person's request for their copy when two requests with one Idempotency-Key interleave: the second
 * reads before the first inserts, and the first's row is what would refuse it. Played in one order with
 * an in-memory repository, so the interleaving that PostgreSQL showed now and then under load happens
 * every time.
 */
import { describe, expect, it } from 'vitest';
import type { DataExportRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DataExportDeps } from './export-rows.ts';
import { selfExportUseCases } from './self-service.ts';

const USER = 7;
const NOW = 1_800_000_000_000;

function rowOf(id: number, key: string, status: DataExportRow['status']): DataExportRow {
  return {
    id,
    user_id: USER,
    origin: 'self',
    requested_by: null,
    reason: '',
    idempotency_key: key,
    status,
    requested_at: NOW,
    claimed_until: null,
    attempts: 0,
    ready_at: status === 'ready' ? NOW : null,
    expires_at: status === 'ready' ? NOW + 7 * 86_400_000 : null,
    blob_id: null,
    size: null,
    sha256: null,
    link_hash: null,
    link_expires_at: null,
    downloaded_at: null,
    error: null,
  };
}

/**
 * A repository of one person's copies; `twinArrives` runs once, right after the request's read of the
 * latest copy: the moment a concurrent request with the same key commits its row.
 */
function interleaved(twinArrives: (rows: DataExportRow[]) => void) {
  const rows: DataExportRow[] = [];
  let arrived = false;
  const dataExports = {
    findByKey: async (_userId: number, key: string) => rows.find((r) => r.idempotency_key === key),
    findById: async (id: number) => rows.find((r) => r.id === id),
    latestOf: async () => {
      const latest = rows.at(-1);
      if (!arrived) {
        arrived = true;
        twinArrives(rows);
      }
      return latest;
    },
    lastCountedRequestAt: async () => rows.at(-1)?.requested_at,
    insert: async ({ idempotencyKey }: { idempotencyKey: string }) => {
      if (rows.some((r) => r.idempotency_key === idempotencyKey)) return undefined;
      rows.push(rowOf(rows.length + 1, idempotencyKey, 'pending'));
      return rows.length;
    },
  };
  const deps = { repos: { dataExports }, now: () => NOW } as unknown as DataExportDeps;
  const links = {} as Parameters<typeof selfExportUseCases>[2];
  return selfExportUseCases(deps, () => undefined, links);
}

describe('a request for the copy, interleaved with its twin (same Idempotency-Key)', () => {
  it.each([
    ['pending', 'pending'],
    ['built already', 'ready'],
  ] as const)(
    "when the twin's copy (%s) lands between the request's reads, then the request answers it, not 62021",
    async (_, status) => {
      const useCases = interleaved((rows) => rows.push(rowOf(41, 'key-1', status)));
      const view = await useCases.request(USER, 'key-1');
      expect(view).toMatchObject({ id: 41, status });
    },
  );

  it('when the copy that refuses belongs to another key, then the refusal stands', async () => {
    const useCases = interleaved((rows) => rows.push(rowOf(41, 'key-0', 'ready')));
    await expect(useCases.request(USER, 'key-1')).rejects.toSatisfy(
      (error) => error instanceof AppError && error.retCode === 62021,
    );
  });
});
