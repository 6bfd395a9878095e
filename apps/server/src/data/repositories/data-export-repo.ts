/**
 * The copies of a person's data (migration 031, issue 20; docs/data-export.md). Every change of a row is
 * a compare-and-set on what was read: the job's claim (pending, or a building row whose lease ended), the
 * completion under that claim (its attempt number), the link on a ready copy, the one download
 * (ready → downloaded before the copy's end).
 */
import type { Db } from '../db.ts';
import type { DataExportOrigin, DataExportRow } from '../schema/index.ts';

export interface NewDataExport {
  userId: number;
  origin: DataExportOrigin;
  requestedBy: number | null;
  reason: string;
  idempotencyKey: string;
  at: number;
}

export interface ReadyExport {
  blobId: string;
  size: number;
  sha256: string;
  readyAt: number;
  expiresAt: number;
}

export function dataExportRepo(db: Db) {
  return {
    /**
     * Inserts a pending copy; undefined when a unique rule refused it: the same Idempotency-Key of this
     * person, or a copy of the same origin still in progress (the caller tells which by reading again).
     */
    async insert(row: NewDataExport): Promise<number | undefined> {
      const inserted = await db
        .insertInto('data_exports')
        .values({
          user_id: row.userId,
          origin: row.origin,
          requested_by: row.requestedBy,
          reason: row.reason,
          idempotency_key: row.idempotencyKey,
          status: 'pending',
          requested_at: row.at,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted ? Number(inserted.id) : undefined;
    },

    async findById(id: number): Promise<DataExportRow | undefined> {
      return db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByKey(userId: number, idempotencyKey: string): Promise<DataExportRow | undefined> {
      return db
        .selectFrom('data_exports')
        .selectAll()
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
    },

    /** The person's latest copy of one origin. */
    async latestOf(userId: number, origin: DataExportOrigin): Promise<DataExportRow | undefined> {
      return db
        .selectFrom('data_exports')
        .selectAll()
        .where('user_id', '=', userId)
        .where('origin', '=', origin)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** When the person last asked for a copy that counts towards the daily limit (failed ones do not). */
    async lastCountedRequestAt(userId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('data_exports')
        .select((eb) => eb.fn.max('requested_at').as('at'))
        .where('user_id', '=', userId)
        .where('origin', '=', 'self')
        .where('status', '!=', 'failed')
        .executeTakeFirst();
      return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
    },

    /** Copies to build: pending, or building with a lease that ended (the builder died); oldest first. */
    async due(now: number, limit: number): Promise<Array<{ id: number; user_id: number }>> {
      const rows = await db
        .selectFrom('data_exports')
        .select(['id', 'user_id'])
        .where('status', 'in', ['pending', 'building'])
        .where((eb) =>
          eb.or([
            eb('status', '=', 'pending'),
            eb('claimed_until', '<', now),
            eb('claimed_until', 'is', null),
          ]),
        )
        .orderBy('requested_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: Number(r.id), user_id: Number(r.user_id) }));
    },

    /**
     * Claims a copy to build until `until`; answers the attempt number that is the claim (the completion
     * must carry it), or undefined when someone else holds it or it is built already.
     */
    async claim(id: number, now: number, until: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('data_exports')
        .select(['status', 'attempts', 'claimed_until'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const free =
        row.status === 'pending' ||
        (row.status === 'building' && (row.claimed_until === null || Number(row.claimed_until) < now));
      if (!free) return undefined;
      const attempt = Number(row.attempts) + 1;
      const result = await db
        .updateTable('data_exports')
        .set({ status: 'building', claimed_until: until, attempts: attempt })
        .where('id', '=', id)
        .where('status', '=', row.status)
        .where('attempts', '=', Number(row.attempts))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1 ? attempt : undefined;
    },

    /** The built copy recorded under the claim `attempt`; false when the claim was lost meanwhile. */
    async markReady(id: number, attempt: number, ready: ReadyExport): Promise<boolean> {
      const result = await db
        .updateTable('data_exports')
        .set({
          status: 'ready',
          claimed_until: null,
          blob_id: ready.blobId,
          size: ready.size,
          sha256: ready.sha256,
          ready_at: ready.readyAt,
          expires_at: ready.expiresAt,
          error: null,
        })
        .where('id', '=', id)
        .where('status', '=', 'building')
        .where('attempts', '=', attempt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Building failed under the claim `attempt`: back to pending for the job, or failed for good. */
    async markFailed(id: number, attempt: number, error: string, final: boolean): Promise<boolean> {
      const result = await db
        .updateTable('data_exports')
        .set({ status: final ? 'failed' : 'pending', claimed_until: null, error: error.slice(0, 500) })
        .where('id', '=', id)
        .where('status', '=', 'building')
        .where('attempts', '=', attempt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A new download link of a ready copy (the previous one stops working). */
    async setLink(id: number, linkHash: string, linkExpiresAt: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('data_exports')
        .set({ link_hash: linkHash, link_expires_at: linkExpiresAt })
        .where('id', '=', id)
        .where('status', '=', 'ready')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async findByLinkHash(linkHash: string): Promise<DataExportRow | undefined> {
      return db.selectFrom('data_exports').selectAll().where('link_hash', '=', linkHash).executeTakeFirst();
    },

    /**
     * The one download: ready → downloaded while the copy and the link last; false for the loser. The
     * link's hash stays, so a second use of it is told the copy was downloaded (62024).
     */
    async markDownloaded(id: number, linkHash: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('data_exports')
        .set({ status: 'downloaded', downloaded_at: now })
        .where('id', '=', id)
        .where('status', '=', 'ready')
        .where('link_hash', '=', linkHash)
        .where('expires_at', '>', now)
        .where('link_expires_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Forgets the blob id once the blob is deleted; a ready copy past its end becomes expired. */
    async clearBlob(id: number, blobId: string, now: number): Promise<void> {
      await db
        .updateTable('data_exports')
        .set((eb) => ({
          blob_id: null,
          status: eb
            .case()
            .when(eb.and([eb('status', '=', 'ready'), eb('expires_at', '<=', now)]))
            .then('expired' as const)
            .else(eb.ref('status'))
            .end(),
        }))
        .where('id', '=', id)
        .where('blob_id', '=', blobId)
        .execute();
    },

    /** Copies whose blob should go: downloaded, or past their end. */
    async storedToDelete(now: number, limit: number): Promise<Array<{ id: number; blob_id: string }>> {
      const rows = await db
        .selectFrom('data_exports')
        .select(['id', 'blob_id'])
        .where('blob_id', 'is not', null)
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('status', 'in', ['downloaded', 'expired'])]))
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.flatMap((r) => (r.blob_id === null ? [] : [{ id: Number(r.id), blob_id: r.blob_id }]));
    },

    /** The person's own earlier requests (their copy lists them). */
    async selfRequestsOf(userId: number): Promise<DataExportRow[]> {
      return db
        .selectFrom('data_exports')
        .selectAll()
        .where('user_id', '=', userId)
        .where('origin', '=', 'self')
        .orderBy('id')
        .execute();
    },
  };
}
export type DataExportRepo = ReturnType<typeof dataExportRepo>;
