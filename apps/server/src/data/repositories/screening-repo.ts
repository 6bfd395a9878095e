import type { Db } from '../db.ts';
import type { ScreeningHitRow, ScreeningListRow, ScreeningRunRow } from '../schema/index.ts';

/** What a loaded (or not yet fetched) list records about itself. */
export interface ListRecord {
  id: string;
  source: string;
  format: string | null;
  publishedAt: string | null;
  entryCount: number;
  contentHash: string | null;
  loadedAt: number | null;
  lastError: string | null;
}

/** A hit as the screening writes it: the list's data in clear, ours sealed (domain/screening). */
export interface HitWrite {
  userId: number;
  listId: string;
  listEntryId: string;
  runId: number;
  matchedName: string;
  ourNameEnc: Buffer;
  score: number;
  explanationEnc: Buffer;
}

/** How the run's lists are recorded. */
export interface RunResult {
  screenedAt: number;
  lists: string;
  listsKey: string;
  hitCount: number;
}

/** Fingerprints are written this many rows per statement (PostgreSQL and SQLite bind limits). */
export const FINGERPRINT_BATCH = 500;

/**
 * Issue 18, slice 2 (migration 027): the screening lists, their entries' fingerprints, the runs and the
 * hits. A run is claimed by compare-and-set on its status and lease (`claimed_until`), so the request's
 * own run, the job and a second instance never screen one run twice at once.
 */
export function screeningRepo(db: Db) {
  return {
    async upsertList(list: ListRecord, at: number): Promise<void> {
      const values = {
        source: list.source,
        format: list.format,
        published_at: list.publishedAt,
        entry_count: list.entryCount,
        content_hash: list.contentHash,
        loaded_at: list.loadedAt,
        last_error: list.lastError,
        updated_at: at,
      };
      await db
        .insertInto('screening_lists')
        .values({ id: list.id, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    },

    /** Records why a list could not be read, keeping what was last loaded. */
    async setListError(id: string, source: string, error: string, at: number): Promise<void> {
      await db
        .insertInto('screening_lists')
        .values({ id, source, last_error: error, updated_at: at })
        .onConflict((oc) => oc.column('id').doUpdateSet({ source, last_error: error, updated_at: at }))
        .execute();
    },

    async findList(id: string): Promise<ScreeningListRow | undefined> {
      return db.selectFrom('screening_lists').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * The fingerprints of one list version, in batches: each entry's hash, stamped with the version
     * (`seenIn`); entries of earlier versions no longer in this one are removed. Run it in a transaction.
     */
    async writeFingerprints(
      listId: string,
      seenIn: string,
      entries: readonly { entryId: string; hash: string }[],
    ): Promise<void> {
      for (let start = 0; start < entries.length; start += FINGERPRINT_BATCH) {
        const batch = entries.slice(start, start + FINGERPRINT_BATCH);
        await db
          .insertInto('screening_list_entries')
          .values(batch.map((e) => ({ list_id: listId, entry_id: e.entryId, hash: e.hash, seen_in: seenIn })))
          .onConflict((oc) =>
            oc.columns(['list_id', 'entry_id']).doUpdateSet((eb) => ({
              hash: eb.ref('excluded.hash'),
              seen_in: eb.ref('excluded.seen_in'),
            })),
          )
          .execute();
      }
      await db
        .deleteFrom('screening_list_entries')
        .where('list_id', '=', listId)
        .where('seen_in', '<>', seenIn)
        .execute();
    },

    async fingerprintCount(listId: string): Promise<number> {
      const row = await db
        .selectFrom('screening_list_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('list_id', '=', listId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** A run to do (status 'due'); answers its id. Written in the transaction that asks for it. */
    async requestRun(userId: number, reason: string, at: number): Promise<number> {
      const row = await db
        .insertInto('screening_runs')
        .values({ user_id: userId, reason, status: 'due', requested_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** Takes the run (due, or running past its lease) until `until`; false when someone else has it. */
    async claimRun(runId: number, at: number, until: number): Promise<boolean> {
      const result = await db
        .updateTable('screening_runs')
        .set((eb) => ({ status: 'running', claimed_until: until, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', runId)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'due'),
            eb.and([eb('status', '=', 'running'), eb('claimed_until', '<', at)]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Runs waiting (due, or running with an expired lease), oldest first (screening_runs_due_idx). */
    async dueRuns(at: number, limit: number): Promise<Pick<ScreeningRunRow, 'id' | 'user_id'>[]> {
      const rows = await db
        .selectFrom('screening_runs')
        .select(['id', 'user_id'])
        .where('status', 'in', ['due', 'running'])
        .where((eb) => eb.or([eb('status', '=', 'due'), eb('claimed_until', '<', at)]))
        .orderBy('requested_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: Number(r.id), user_id: Number(r.user_id) }));
    },

    async findRun(runId: number): Promise<ScreeningRunRow | undefined> {
      return db.selectFrom('screening_runs').selectAll().where('id', '=', runId).executeTakeFirst();
    },

    /** The run done, if this claim still holds it. */
    async finishRun(runId: number, result: RunResult): Promise<boolean> {
      const done = await db
        .updateTable('screening_runs')
        .set({
          status: 'done',
          claimed_until: null,
          screened_at: result.screenedAt,
          lists: result.lists,
          lists_key: result.listsKey,
          hit_count: result.hitCount,
          error: null,
        })
        .where('id', '=', runId)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },

    /** A failed attempt: due again for the job, or 'failed' after the last attempt. */
    async failRun(runId: number, error: string, giveUp: boolean): Promise<void> {
      await db
        .updateTable('screening_runs')
        .set({ status: giveUp ? 'failed' : 'due', claimed_until: null, error: error.slice(0, 500) })
        .where('id', '=', runId)
        .where('status', '=', 'running')
        .execute();
    },

    /** The person's latest finished run (screening_runs_user_idx). */
    async latestDoneRun(userId: number): Promise<ScreeningRunRow | undefined> {
      return db
        .selectFrom('screening_runs')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'done')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * A hit, new or scored again. An open hit takes the new score and explanation; a resolved one stays
     * as it was resolved (its re-opening when the entry changes is a later slice's).
     */
    async upsertHit(hit: HitWrite, at: number): Promise<void> {
      await db
        .insertInto('screening_hits')
        .values({
          user_id: hit.userId,
          list_id: hit.listId,
          list_entry_id: hit.listEntryId,
          run_id: hit.runId,
          matched_name: hit.matchedName,
          our_name_enc: hit.ourNameEnc,
          score: hit.score,
          explanation_enc: hit.explanationEnc,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'list_id', 'list_entry_id'])
            .doUpdateSet((eb) => ({
              run_id: eb.ref('excluded.run_id'),
              matched_name: eb.ref('excluded.matched_name'),
              our_name_enc: eb.ref('excluded.our_name_enc'),
              score: eb.ref('excluded.score'),
              explanation_enc: eb.ref('excluded.explanation_enc'),
              updated_at: at,
              version: eb('screening_hits.version', '+', 1),
            }))
            .where('screening_hits.state', '=', 'open'),
        )
        .execute();
    },

    /** Every hit of the person, best first. */
    async hitsOf(userId: number): Promise<ScreeningHitRow[]> {
      return db
        .selectFrom('screening_hits')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('score', 'desc')
        .orderBy('id')
        .execute();
    },

    /** How many hits of the person are open (screening_hits_open_idx): any blocks an approval. */
    async openHitCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('screening_hits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('state', '=', 'open')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}
export type ScreeningRepo = ReturnType<typeof screeningRepo>;
