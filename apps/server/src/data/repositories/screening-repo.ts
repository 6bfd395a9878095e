import type { Db } from '../db.ts';
import { cappedCount } from '../keyset.ts';
import { withListLimits, type ListLimits } from '../list-limits.ts';
import type {
  AccountFreezeRow,
  ScreeningExportRow,
  ScreeningHitCategory,
  ScreeningHitRow,
  ScreeningHitState,
  ScreeningListRow,
  ScreeningRunRow,
} from '../schema/index.ts';

/** The states still to resolve: the alerts queue's default; any of them blocks an approval. */
export const UNRESOLVED_STATES: readonly ScreeningHitState[] = ['open', 'pending_confirmation'];
/** The false positives remembered for the person and the entry, until the entry changes. */
const REMEMBERED_STATES: readonly ScreeningHitState[] = [
  'pending_confirmation',
  'cleared',
  'confirmed_false_positive',
];

/** A hit with the names of the staff who proposed and resolved it (the case page). */
export interface HitWithStaff extends ScreeningHitRow {
  proposed_name: string | null;
  proposed_email: string | null;
  resolved_name: string | null;
  resolved_email: string | null;
}

/** What a resolution writes over the hit as read. */
export interface HitTransition {
  state: ScreeningHitState;
  reason: string;
  proposedBy?: number | null;
  proposedAt?: number | null;
  resolvedBy?: number | null;
  resolvedAt?: number | null;
}

export interface AlertFilter {
  state?: ScreeningHitState | undefined;
  list?: string | undefined;
  category?: ScreeningHitCategory | undefined;
  /** Only this member's alerts (migration 045's screening_hits_assignee_idx with the default states). */
  assigneeId?: number | undefined;
  after?: [number, number] | undefined;
  limit: number;
}

export interface AlertRow {
  id: number;
  user_id: number;
  email: string;
  list_id: string;
  list_entry_id: string;
  matched_name: string;
  category: ScreeningHitCategory;
  score: number;
  state: ScreeningHitState;
  raised_at: number;
  assignee_id: number | null;
  assigned_at: number | null;
  assignee_name: string | null;
  assignee_email: string | null;
  entry_removed_at: number | null;
}

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
  /** The list's category, in clear (four eyes for sanctions; the alerts filter). */
  category: ScreeningHitCategory;
  /** The fingerprint of the list entry as scored (screening_list_entries.hash). */
  entryHash: string;
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

    /**
     * In a transaction: the list's row, made if missing, locked until the commit (PostgreSQL's upsert
     * takes the row lock), so two instances recording one new version record it once (D94).
     */
    async lockList(id: string, source: string, at: number): Promise<ScreeningListRow> {
      await db
        .insertInto('screening_lists')
        .values({ id, source, updated_at: at })
        .onConflict((oc) => oc.column('id').doUpdateSet({ source }))
        .execute();
      return db.selectFrom('screening_lists').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },

    /** A new content: the version moves (instances reload, D95) and the change is dated. */
    async markChanged(id: string, at: number): Promise<void> {
      await db
        .updateTable('screening_lists')
        .set((eb) => ({ version: eb('version', '+', 1), changed_at: at }))
        .where('id', '=', id)
        .execute();
    },

    /** A refresh that ended well (changed or not): when, and the download's validators when fetched. */
    async markRefreshed(
      id: string,
      at: number,
      validators?: { etag: string | null; lastModified: string | null },
    ): Promise<void> {
      await db
        .updateTable('screening_lists')
        .set({
          refreshed_at: at,
          last_error: null,
          ...(validators ? { etag: validators.etag, last_modified: validators.lastModified } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    /** Every list as recorded (a handful of rows: the configured lists). */
    async allLists(): Promise<ScreeningListRow[]> {
      return db.selectFrom('screening_lists').selectAll().orderBy('id').execute();
    },

    /** The sum of the lists' versions: it moves whenever any list changes; instances poll it (D95). */
    async listsVersion(): Promise<number> {
      const row = await db
        .selectFrom('screening_lists')
        .select((eb) => eb.fn.sum<number>('version').as('v'))
        .executeTakeFirst();
      return Number(row?.v ?? 0);
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

    /**
     * The run of a delta re-screening that found hits (D94): done at once, reason `list_changed`, with
     * no lists key, so an approval still screens the person in full against the lists loaded then.
     */
    async recordDeltaRun(userId: number, at: number, lists: string, hitCount: number): Promise<number> {
      const row = await db
        .insertInto('screening_runs')
        .values({
          user_id: userId,
          reason: 'list_changed',
          status: 'done',
          requested_at: at,
          screened_at: at,
          lists,
          lists_key: '',
          hit_count: hitCount,
        })
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

    /** Whether a run of the person is still due or running (screening_runs_user_idx): not screened yet. */
    async hasUnfinishedRun(userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('screening_runs')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', 'in', ['due', 'running'])
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
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
     * A hit, new or scored again. An open hit takes the new score and explanation. A false positive
     * (waiting for confirmation, cleared or confirmed) is remembered for the person and the entry: scored
     * again against the same entry (same fingerprint) it stays as resolved; against a changed entry it is
     * raised again, open, with the new score (issue 18, slice 3). A true match stays a true match.
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
          category: hit.category,
          entry_hash: hit.entryHash,
          created_at: at,
          updated_at: at,
          raised_at: at,
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
              category: eb.ref('excluded.category'),
              entry_hash: eb.ref('excluded.entry_hash'),
              updated_at: at,
              version: eb('screening_hits.version', '+', 1),
              // Raised again when it was resolved: open, from now, with nobody's resolution.
              raised_at: eb
                .case()
                .when('screening_hits.state', '=', 'open')
                .then(eb.ref('screening_hits.raised_at'))
                .else(at)
                .end(),
              state: 'open',
              reason: eb
                .case()
                .when('screening_hits.state', '=', 'open')
                .then(eb.ref('screening_hits.reason'))
                .else('')
                .end(),
              proposed_by: null,
              proposed_at: null,
              resolved_by: null,
              resolved_at: null,
            }))
            .where((eb) =>
              eb.or([
                eb('screening_hits.state', '=', 'open'),
                eb.and([
                  eb('screening_hits.state', 'in', REMEMBERED_STATES),
                  eb('screening_hits.entry_hash', '<>', eb.ref('excluded.entry_hash')),
                ]),
              ]),
            ),
        )
        .execute();
    },

    /** Every hit of the person, best first, with who proposed and resolved it. */
    async hitsOf(userId: number): Promise<HitWithStaff[]> {
      return db
        .selectFrom('screening_hits as h')
        .leftJoin('staff_users as p', 'p.id', 'h.proposed_by')
        .leftJoin('staff_users as r', 'r.id', 'h.resolved_by')
        .selectAll('h')
        .select([
          'p.display_name as proposed_name',
          'p.email as proposed_email',
          'r.display_name as resolved_name',
          'r.email as resolved_email',
        ])
        .where('h.user_id', '=', userId)
        .orderBy('h.score', 'desc')
        .orderBy('h.id')
        .execute();
    },

    /** How many hits of the person are still to resolve (screening_hits_unresolved_idx): any blocks an approval. */
    async unresolvedHitCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('screening_hits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('state', 'in', UNRESOLVED_STATES)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async findHit(hitId: number): Promise<ScreeningHitRow | undefined> {
      return db.selectFrom('screening_hits').selectAll().where('id', '=', hitId).executeTakeFirst();
    },

    /**
     * A resolution: the hit moves only from the state and version read (compare-and-set); false when
     * either changed meanwhile.
     */
    async transitionHit(
      hitId: number,
      from: { state: ScreeningHitState; version: number },
      to: HitTransition,
      at: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('screening_hits')
        .set((eb) => ({
          state: to.state,
          reason: to.reason,
          ...(to.proposedBy !== undefined ? { proposed_by: to.proposedBy } : {}),
          ...(to.proposedAt !== undefined ? { proposed_at: to.proposedAt } : {}),
          ...(to.resolvedBy !== undefined ? { resolved_by: to.resolvedBy } : {}),
          ...(to.resolvedAt !== undefined ? { resolved_at: to.resolvedAt } : {}),
          updated_at: at,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', hitId)
        .where('state', '=', from.state)
        .where('version', '=', from.version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * "Assign to me": the alert to `staffId` when its assignee is still `expected` (null: nobody);
     * false when it changed meanwhile. The hit's version is not moved: assigning is not a resolution.
     */
    async assignHit(hitId: number, staffId: number, expected: number | null, at: number): Promise<boolean> {
      const result = await db
        .updateTable('screening_hits')
        .set({ assignee_id: staffId, assigned_at: at })
        .where('id', '=', hitId)
        .where((eb) => (expected === null ? eb('assignee_id', 'is', null) : eb('assignee_id', '=', expected)))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * A page of the alerts queue (keyset on raised_at, id; issue 17's machinery): without a state the
     * hits still to resolve, on the partial indexes of migration 028 (one per filter); with a state,
     * `screening_hits_state_idx`. The person's email and the assignee's name are joined by primary key
     * for the page's rows only.
     */
    async alerts(f: AlertFilter, limits: ListLimits = {}) {
      return withListLimits(db, limits, async (trx) => {
        let q = trx.selectFrom('screening_hits as h');
        q =
          f.state === undefined
            ? q.where('h.state', 'in', UNRESOLVED_STATES)
            : q.where('h.state', '=', f.state);
        if (f.list !== undefined) q = q.where('h.list_id', '=', f.list);
        if (f.category !== undefined) q = q.where('h.category', '=', f.category);
        if (f.assigneeId !== undefined) q = q.where('h.assignee_id', '=', f.assigneeId);
        const counted = await cappedCount(trx, q.orderBy('h.raised_at').orderBy('h.id'));
        const after = f.after;
        if (after)
          q = q.where((eb) => eb(eb.refTuple('h.raised_at', 'h.id'), '>', eb.tuple(after[0], after[1])));
        const rows = await q
          .innerJoin('users as u', 'u.id', 'h.user_id')
          .leftJoin('staff_users as s', 's.id', 'h.assignee_id')
          .select([
            'h.id',
            'h.user_id',
            'u.email',
            'h.list_id',
            'h.list_entry_id',
            'h.matched_name',
            'h.category',
            'h.score',
            'h.state',
            'h.raised_at',
            'h.assignee_id',
            'h.assigned_at',
            's.display_name as assignee_name',
            's.email as assignee_email',
            'h.entry_removed_at',
          ])
          .orderBy('h.raised_at')
          .orderBy('h.id')
          .limit(f.limit + 1)
          .execute();
        return {
          ...counted,
          rows: rows.map((r): AlertRow => ({
            ...r,
            id: Number(r.id),
            user_id: Number(r.user_id),
            score: Number(r.score),
            raised_at: Number(r.raised_at),
            assignee_id: r.assignee_id === null ? null : Number(r.assignee_id),
            assigned_at: r.assigned_at === null ? null : Number(r.assigned_at),
            entry_removed_at: r.entry_removed_at === null ? null : Number(r.entry_removed_at),
          })),
        };
      });
    },

    /** The person's freeze, if a true match froze them (by primary key: kyc-info, every submission). */
    async freezeOf(userId: number): Promise<AccountFreezeRow | undefined> {
      return db.selectFrom('account_freezes').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** Freezes the person (once: a second true match keeps the first freeze). */
    async freeze(userId: number, hitId: number, staffId: number, at: number): Promise<boolean> {
      const result = await db
        .insertInto('account_freezes')
        .values({ user_id: userId, hit_id: hitId, frozen_by: staffId, frozen_at: at, notified_at: null })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /**
     * Lifts the person's freeze by `hitId` (compare-and-set: false when it was lifted meanwhile or is
     * another hit's). The freeze's history stays in the audit log and on the hit.
     */
    async liftFreeze(userId: number, hitId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('account_freezes')
        .where('user_id', '=', userId)
        .where('hit_id', '=', hitId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** Compliance was mailed about the freeze; false when someone else marked it first. */
    async markNotified(userId: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('account_freezes')
        .set({ notified_at: at })
        .where('user_id', '=', userId)
        .where('notified_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Freezes compliance has not been mailed about (account_freezes_unnotified_idx), oldest first. */
    async unnotifiedFreezes(limit: number): Promise<AccountFreezeRow[]> {
      return db
        .selectFrom('account_freezes')
        .selectAll()
        .where('notified_at', 'is', null)
        .orderBy('frozen_at')
        .limit(limit)
        .execute();
    },

    async insertExport(
      row: { userId: number; hitId: number; createdBy: number; documentEnc: Buffer },
      at: number,
    ): Promise<number> {
      const inserted = await db
        .insertInto('screening_exports')
        .values({
          user_id: row.userId,
          hit_id: row.hitId,
          created_by: row.createdBy,
          created_at: at,
          document_enc: row.documentEnc,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(inserted.id);
    },

    /** The person's latest suspicious-activity export (screening_exports_user_idx). */
    async latestExport(userId: number): Promise<ScreeningExportRow | undefined> {
      return db
        .selectFrom('screening_exports')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}
export type ScreeningRepo = ReturnType<typeof screeningRepo>;
