import type { Db } from '../db.ts';
import type { ScreeningDeltaRow } from '../schema/index.ts';
import type { PersonalDataCipher } from './kyc-repo.ts';

/** Document types whose issuing country is the holder's nationality (as screening-service.ts). */
const NATIONALITY_DOCUMENTS = ['PASSPORT', 'ID_CARD'];

/** A person the delta re-screens: names and date of birth opened, nationality from the level-1 document. */
export interface DeltaPerson {
  userId: number;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  nationality: string | null;
}

export interface DeltaRecord {
  listId: string;
  fromHash: string;
  toHash: string;
  changed: readonly string[];
  removed: readonly string[];
  uptoApplicantId: number;
  at: number;
}

/**
 * Issue 18, delta re-screening (migration 041, D94): the changes of a list's content and the keyset walk
 * over the people they re-screen. A delta is claimed by a lease (`claimed_until`) and moves its cursor by
 * compare-and-set, so two instances never walk one batch twice at once and a crash resumes at the cursor.
 */
export function screeningDeltaRepo(db: Db, personal?: PersonalDataCipher) {
  return {
    /** The fingerprints of a list as recorded: entry id → hash (one query; ~20 000 rows for a large list). */
    async fingerprintsOf(listId: string): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('screening_list_entries')
        .select(['entry_id', 'hash'])
        .where('list_id', '=', listId)
        .execute();
      return new Map(rows.map((r) => [r.entry_id, r.hash]));
    },

    /** The newest applicant's id: people who start after it are screened by their own submission. */
    async highestApplicant(): Promise<number> {
      const row = await db
        .selectFrom('applicants')
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst();
      return Number(row?.m ?? 0);
    },

    /** Records one change (once: the same change seen twice, or by two instances, adds nothing). */
    async recordDelta(d: DeltaRecord): Promise<boolean> {
      const result = await db
        .insertInto('screening_deltas')
        .values({
          list_id: d.listId,
          from_hash: d.fromHash,
          to_hash: d.toHash,
          changed: JSON.stringify(d.changed),
          removed: JSON.stringify(d.removed),
          upto_applicant_id: d.uptoApplicantId,
          created_at: d.at,
        })
        .onConflict((oc) => oc.columns(['list_id', 'from_hash', 'to_hash']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** The oldest unfinished delta nobody holds, but those skipped (screening_deltas_running_idx). */
    async nextDelta(at: number, skip: readonly number[] = []): Promise<ScreeningDeltaRow | undefined> {
      let q = db.selectFrom('screening_deltas').selectAll().where('status', '=', 'running');
      if (skip.length > 0) q = q.where('id', 'not in', [...skip]);
      return q
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },

    async findDelta(id: number): Promise<ScreeningDeltaRow | undefined> {
      return db.selectFrom('screening_deltas').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Takes the delta until `until` when nobody holds it; false when another instance does. */
    async claimDelta(id: number, at: number, until: number): Promise<boolean> {
      const result = await db
        .updateTable('screening_deltas')
        .set({ claimed_until: until })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A batch done: the cursor moves from `from` to `to` (compare-and-set), the lease is extended. */
    async advanceDelta(
      id: number,
      from: number,
      to: number,
      counts: { screened: number; hits: number },
      until: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('screening_deltas')
        .set((eb) => ({
          cursor: to,
          screened: eb('screened', '+', counts.screened),
          hits: eb('hits', '+', counts.hits),
          claimed_until: until,
        }))
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('cursor', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async finishDelta(id: number, cursor: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('screening_deltas')
        .set({ status: 'done', finished_at: at, claimed_until: null })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('cursor', '=', cursor)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Abandons the unfinished deltas of a list no longer configured (D111) that were recorded before
     * `before` (this instance's start: a delta recorded later may be of a list a newer instance added).
     * Compare-and-set on the status: answers the ids this call closed, so two instances at once close
     * each delta once. Never resumed: the job reads only `running` deltas.
     */
    async abandonDeltas(listId: string, before: number, at: number): Promise<number[]> {
      const rows = await db
        .updateTable('screening_deltas')
        .set({ status: 'abandoned', end_reason: 'list_removed', finished_at: at, claimed_until: null })
        .where('list_id', '=', listId)
        .where('status', '=', 'running')
        .where('created_at', '<', before)
        .returning('id')
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /**
     * Of these people, those with a finished run that used this list version in full (`listKey`,
     * "list:hash" of screening_runs.lists_key): the delta has nothing to add for them.
     */
    async screenedWith(userIds: readonly number[], listKey: string): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('screening_runs')
        .select('user_id')
        .distinct()
        .where('user_id', 'in', [...userIds])
        .where('status', '=', 'done')
        .where('lists_key', 'like', `%${listKey}%`)
        .execute();
      return new Set(rows.map((r) => Number(r.user_id)));
    },

    /** The latest deltas of a list (the lists' status). */
    async latestDelta(listId: string): Promise<ScreeningDeltaRow | undefined> {
      return db
        .selectFrom('screening_deltas')
        .selectAll()
        .where('list_id', '=', listId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * The next people after `cursor` (up to `upto`), by applicant id (the primary key, creation order):
     * the last applicant id read (the next cursor, even when none of them is verified or waiting) and those who are:
     * a level verified, or a level waiting for review. Names opened in one key query per batch.
     */
    async peopleAfter(
      cursor: number,
      upto: number,
      limit: number,
    ): Promise<{ last: number | undefined; people: DeltaPerson[] }> {
      const rows = await db
        .selectFrom('applicants as a')
        .select([
          'a.id',
          'a.user_id',
          'a.first_name',
          'a.last_name',
          'a.date_of_birth',
          'a.level',
          'a.country',
        ])
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('kyc_level_states as s')
                .select('s.user_id')
                .whereRef('s.user_id', '=', 'a.user_id')
                .where('s.status', '=', 'PENDING'),
            )
            .as('waiting'),
        )
        .where('a.id', '>', cursor)
        .where('a.id', '<=', upto)
        .orderBy('a.id')
        .limit(limit)
        .execute();
      const last = rows.length > 0 ? Number(rows[rows.length - 1]?.id) : undefined;
      const chosen = rows
        .filter((r) => Number(r.level) >= 1 || Boolean(r.waiting))
        .map((r) => ({ ...r, user_id: Number(r.user_id) }));
      if (chosen.length === 0) return { last, people: [] };
      const opened = personal ? await personal.openAll(db, chosen, (r) => r.user_id) : chosen;
      const documents = await db
        .selectFrom('kyc_submissions')
        .select(['user_id', 'issuing_country'])
        .where(
          'user_id',
          'in',
          chosen.map((r) => r.user_id),
        )
        .where('level', '=', 1)
        .where('document_type', 'in', NATIONALITY_DOCUMENTS)
        .orderBy('id')
        .execute();
      const nationality = new Map(documents.map((d) => [Number(d.user_id), d.issuing_country]));
      return {
        last,
        people: opened.map((r) => ({
          userId: r.user_id,
          firstName: r.first_name ?? '',
          lastName: r.last_name ?? '',
          dateOfBirth: r.date_of_birth ?? '',
          nationality: nationality.get(r.user_id) || null,
        })),
      };
    },
  };
}
export type ScreeningDeltaRepo = ReturnType<typeof screeningDeltaRepo>;
