/**
 * Issue 18 "Risk score" (migration 038): the country risk lists, the weights' versions and each person's
 * assessments. An assessment is appended as the person's next `seq` with ON CONFLICT DO NOTHING on the
 * unique (user_id, seq): of two recomputations that read the same current row, one appends and the
 * other learns it lost (undefined) and writes nothing (D90).
 */
import type { Db } from '../db.ts';
import type { RiskAssessmentRow, RiskCountryEntryRow, RiskWeightsRow } from '../schema/index.ts';

export interface NewRiskAssessment {
  userId: number;
  seq: number;
  level: string;
  points: number;
  factors: string;
  weightsVersion: number;
  trigger: string;
  computedAt: number;
}

/** A weights version with the staff member who saved it. */
export interface RiskWeightsWithStaff extends RiskWeightsRow {
  staff_display_name: string | null;
  staff_email: string | null;
}

/** A list entry with the staff member who last changed it. */
export interface RiskCountryEntryWithStaff extends RiskCountryEntryRow {
  staff_display_name: string | null;
  staff_email: string | null;
}

export function riskRepo(db: Db) {
  return {
    /** The list entries of these countries (ISO alpha-2, upper case). */
    async listingsOf(countries: readonly string[]): Promise<RiskCountryEntryRow[]> {
      if (countries.length === 0) return [];
      return db
        .selectFrom('risk_country_entries')
        .selectAll()
        .where('country', 'in', [...countries])
        .orderBy('list')
        .orderBy('country')
        .execute();
    },

    /** The version in force: the highest, with who saved it (null columns: shipped, or no such member). */
    async currentWeights(): Promise<RiskWeightsWithStaff | undefined> {
      return db
        .selectFrom('risk_weights as w')
        .leftJoin('staff_users as s', 's.id', 'w.created_by')
        .selectAll('w')
        .select(['s.display_name as staff_display_name', 's.email as staff_email'])
        .orderBy('w.version', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Saves the next version; false when `version` exists already (someone saved it first). `cause`:
     * what it changed, the weights or the country lists (with the same weights, D93).
     */
    async insertWeights(
      version: number,
      weights: string,
      createdBy: number,
      at: number,
      cause: 'weights' | 'country_lists' = 'weights',
    ): Promise<boolean> {
      const rows = await db
        .insertInto('risk_weights')
        .values({ version, weights, created_by: createdBy, created_at: at, cause })
        .onConflict((oc) => oc.column('version').doNothing())
        .returning('version')
        .execute();
      return rows.length === 1;
    },

    /** Every entry of every list with who last changed it, by list and country (≈ 60 rows). */
    async countryEntries(): Promise<RiskCountryEntryWithStaff[]> {
      return db
        .selectFrom('risk_country_entries as e')
        .leftJoin('staff_users as s', 's.id', 'e.updated_by')
        .selectAll('e')
        .select(['s.display_name as staff_display_name', 's.email as staff_email'])
        .orderBy('e.list')
        .orderBy('e.country')
        .execute();
    },

    async findCountryEntry(list: string, country: string): Promise<RiskCountryEntryRow | undefined> {
      return db
        .selectFrom('risk_country_entries')
        .selectAll()
        .where('list', '=', list)
        .where('country', '=', country)
        .executeTakeFirst();
    },

    /** Adds the entry; false when the country is on the list already. */
    async insertCountryEntry(entry: RiskCountryEntryRow): Promise<boolean> {
      const rows = await db
        .insertInto('risk_country_entries')
        .values(entry)
        .onConflict((oc) => oc.columns(['list', 'country']).doNothing())
        .returning('country')
        .execute();
      return rows.length === 1;
    },

    /** Replaces the entry's values; false when the country is not on the list. */
    async updateCountryEntry(entry: RiskCountryEntryRow): Promise<boolean> {
      const { list, country, ...values } = entry;
      const result = await db
        .updateTable('risk_country_entries')
        .set(values)
        .where('list', '=', list)
        .where('country', '=', country)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Removes the entry; false when the country is not on the list. */
    async deleteCountryEntry(list: string, country: string): Promise<boolean> {
      const result = await db
        .deleteFrom('risk_country_entries')
        .where('list', '=', list)
        .where('country', '=', country)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** The person's current assessment: the highest seq. */
    async currentAssessment(userId: number): Promise<RiskAssessmentRow | undefined> {
      return db
        .selectFrom('risk_assessments')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Every assessment of the person, newest first (the history). */
    async assessmentsOf(userId: number): Promise<RiskAssessmentRow[]> {
      return db
        .selectFrom('risk_assessments')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('seq', 'desc')
        .execute();
    },

    /** Appends the assessment; false when that seq of the person exists already (a concurrent append). */
    async appendAssessment(a: NewRiskAssessment): Promise<boolean> {
      const rows = await db
        .insertInto('risk_assessments')
        .values({
          user_id: a.userId,
          seq: a.seq,
          level: a.level,
          points: a.points,
          factors: a.factors,
          weights_version: a.weightsVersion,
          trigger: a.trigger,
          computed_at: a.computedAt,
        })
        .onConflict((oc) => oc.columns(['user_id', 'seq']).doNothing())
        .returning('id')
        .execute();
      return rows.length === 1;
    },

    /**
     * People whose current assessment was made under an older weights version, after `afterUserId`
     * (the job's keyset), up to `limit`, by user id.
     */
    async staleAssessments(weightsVersion: number, afterUserId: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('risk_assessments as a')
        .select('a.user_id')
        .where('a.user_id', '>', afterUserId)
        .where('a.weights_version', '<', weightsVersion)
        .where(({ eb, selectFrom }) =>
          eb(
            'a.seq',
            '=',
            selectFrom('risk_assessments as b')
              .select((b) => b.fn.max('b.seq').as('m'))
              .whereRef('b.user_id', '=', 'a.user_id'),
          ),
        )
        .orderBy('a.user_id')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.user_id));
    },

    /** The latest submission of each of these templates that was not rejected (the answers the risk reads). */
    async latestSubmissions(userId: number, templateCodes: readonly string[]) {
      const rows = await db
        .selectFrom('questionnaire_submissions')
        .select(['id', 'template_code', 'template_version', 'answers_enc', 'idempotency_key', 'created_at'])
        .where('user_id', '=', userId)
        .where('template_code', 'in', [...templateCodes])
        .where('status', '!=', 'REJECTED')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const seen = new Set<string>();
      return rows.filter((r) => !seen.has(r.template_code) && seen.add(r.template_code));
    },
  };
}
export type RiskRepo = ReturnType<typeof riskRepo>;
