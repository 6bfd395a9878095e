import {
  REDACTED_VALUE,
  type DisplayUpdatePoiStatus,
  type KycStepStatus,
  type KycStepType,
} from '@kyc/contracts';
import type { Db } from '../db.ts';
import { appendStatusEvent, levelRef } from './status-outbox-repo.ts';
import type {
  ApplicantRow,
  CountryRow,
  KycLevelStateRow,
  NewApplicant,
  ReverificationRow,
} from '../schema/index.ts';

/** A country of the list with its document types parsed and its flag as a boolean. */
export interface Country {
  code: string;
  alpha3: string;
  nameKey: string;
  kycDisabled: boolean;
  /** Why a closed country is closed (contracts COUNTRY_CLOSED_REASONS); '' when offered. */
  closedReason: string;
  documentTypes: string[];
  version: number;
  updatedAt: number;
}

/** A `countries` row as the domain sees it (also used by countries-repo). */
export function countryOf(r: CountryRow): Country {
  return {
    code: r.code,
    alpha3: r.alpha3,
    nameKey: r.name_key,
    kycDisabled: r.kyc_disabled === 1,
    closedReason: r.closed_reason,
    documentTypes: parseDocuments(r.document_types),
    version: Number(r.version),
    updatedAt: Number(r.updated_at),
  };
}

export interface QuotaRow {
  scope: string;
  level: number;
  coin: string;
  limit: number;
}

export interface LevelStateFields {
  status: KycStepStatus;
  type?: KycStepType;
  rejectReasonCode?: string;
  rejectReason?: string;
}

export interface ReverificationFields {
  status: DisplayUpdatePoiStatus;
  rejectReason?: string;
  deadline?: number | null;
  site?: string;
  country?: string;
}

export type ApplicantFields = Partial<Omit<NewApplicant, 'id' | 'user_id' | 'created_at' | 'updated_at'>>;

function parseDocuments(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The applicant columns stored sealed under the user's data key (docs/kyc.md "Personal data at rest"). */
export const PERSONAL_FIELDS = ['first_name', 'last_name', 'date_of_birth'] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];
export type PersonalFields = Partial<Record<PersonalField, string>>;

/**
 * Seals and opens the personal columns (implemented by domain/kyc/personal-data.ts); `db` is the
 * connection or transaction the repository runs on, so a first data key is created inside it.
 */
export interface PersonalDataCipher {
  seal(db: Db, userId: number, fields: PersonalFields): Promise<PersonalFields>;
  open<T extends PersonalFields>(db: Db, userId: number, row: T): Promise<T>;
  /** Issue 17: many rows (a list page), their users' data keys read in one query; never creates a key. */
  openAll<T extends PersonalFields>(db: Db, rows: readonly T[], userIdOf: (row: T) => number): Promise<T[]>;
}

/**
 * Applicants, their step states, re-verification, quotas and the country list: the only KYC SQL.
 *
 * With `personal` (data/personal-data.ts), the applicant's names and date of birth are sealed on write
 * and opened on read, so callers only ever see plaintext. Without it (the demo seed, which runs before
 * the app holds the master key), they are read as stored and written in clear; the app seals such rows
 * at start-up (sealClearPersonalData).
 */
export function kycRepo(db: Db, personal?: PersonalDataCipher) {
  return {
    async findApplicant(userId: number): Promise<ApplicantRow | undefined> {
      const row = await db
        .selectFrom('applicants')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && personal ? personal.open(db, userId, row) : row;
    },

    /** Creates the applicant with these fields, or updates the fields of the existing one. */
    async upsertApplicant(userId: number, fields: ApplicantFields, at: number): Promise<void> {
      const stored = personal ? { ...fields, ...(await personal.seal(db, userId, fields)) } : fields;
      await db
        .insertInto('applicants')
        .values({ ...stored, user_id: userId, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...stored, updated_at: at }))
        .execute();
    },

    /** Applicants with a personal column still in clear (not starting with `sealedPrefix`). */
    async applicantsWithClearPersonalData(
      sealedPrefix: string,
    ): Promise<({ user_id: number } & Required<PersonalFields>)[]> {
      const rows = await db
        .selectFrom('applicants')
        .select(['user_id', 'first_name', 'last_name', 'date_of_birth'])
        .where((eb) =>
          eb.or(
            PERSONAL_FIELDS.map((f) =>
              // Issue 20: a redacted field holds the marker in clear on purpose (no key to seal it under).
              eb.and([eb(f, '!=', ''), eb(f, '!=', REDACTED_VALUE), eb(f, 'not like', `${sealedPrefix}%`)]),
            ),
          ),
        )
        .execute();
      return rows.map((r) => ({ ...r, user_id: Number(r.user_id) }));
    },

    /** Replaces personal columns only while they still hold `from` (compare-and-set); true if it did. */
    async replacePersonalFields(userId: number, from: PersonalFields, to: PersonalFields): Promise<boolean> {
      let update = db.updateTable('applicants').set(to).where('user_id', '=', userId);
      for (const f of PERSONAL_FIELDS) if (from[f] !== undefined) update = update.where(f, '=', from[f]);
      const result = await update.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async levelStates(userId: number): Promise<KycLevelStateRow[]> {
      return db
        .selectFrom('kyc_level_states')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('level')
        .execute();
    },

    async setLevelState(userId: number, level: number, fields: LevelStateFields, at: number): Promise<void> {
      const values = {
        status: fields.status,
        type: fields.type ?? 'INDIVIDUAL',
        reject_reason_code: fields.rejectReasonCode ?? '',
        reject_reason: fields.rejectReason ?? '',
        updated_at: at,
      };
      const before = await db
        .selectFrom('kyc_level_states')
        .select('status')
        .where('user_id', '=', userId)
        .where('level', '=', level)
        .executeTakeFirst();
      await db
        .insertInto('kyc_level_states')
        .values({ ...values, user_id: userId, level })
        .onConflict((oc) => oc.columns(['user_id', 'level']).doUpdateSet(values))
        .execute();
      // The partners' outbox (D45), in the caller's transaction: only a status that really changed.
      if (before?.status !== fields.status)
        await appendStatusEvent(
          db,
          { userId, kind: 'kyc_level', ref: levelRef(level), status: fields.status },
          at,
        );
    },

    /**
     * Compare-and-set of a level's state: changes it only while its status is still `from` (false: a
     * concurrent change won, and the caller's transaction should roll back).
     */
    async casLevelState(
      userId: number,
      level: number,
      from: KycStepStatus,
      fields: LevelStateFields,
      at: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('kyc_level_states')
        .set({
          status: fields.status,
          reject_reason_code: fields.rejectReasonCode ?? '',
          reject_reason: fields.rejectReason ?? '',
          updated_at: at,
        })
        .where('user_id', '=', userId)
        .where('level', '=', level)
        .where('status', '=', from)
        .executeTakeFirst();
      const changed = Number(result.numUpdatedRows) === 1;
      if (changed && from !== fields.status)
        await appendStatusEvent(
          db,
          { userId, kind: 'kyc_level', ref: levelRef(level), status: fields.status },
          at,
        );
      return changed;
    },

    async findReverification(userId: number): Promise<ReverificationRow | undefined> {
      return db.selectFrom('reverification').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    async setReverification(userId: number, fields: ReverificationFields, at: number): Promise<void> {
      const values = {
        status: fields.status,
        reject_reason: fields.rejectReason ?? '',
        deadline: fields.deadline ?? null,
        site: fields.site ?? '',
        country: fields.country ?? '',
        updated_at: at,
      };
      await db
        .insertInto('reverification')
        .values({ ...values, user_id: userId })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },

    /** Every quota row, by scope, level and coin. */
    async quotas(): Promise<QuotaRow[]> {
      const rows = await db
        .selectFrom('kyc_quotas')
        .selectAll()
        .orderBy('scope')
        .orderBy('level')
        .orderBy('coin')
        .execute();
      return rows.map((r) => ({
        scope: r.scope,
        level: r.level,
        coin: r.coin,
        limit: Number(r.limit_amount),
      }));
    },

    async countries(includeDisabled: boolean): Promise<Country[]> {
      let query = db.selectFrom('countries').selectAll().orderBy('code');
      if (!includeDisabled) query = query.where('kyc_disabled', '=', 0);
      return (await query.execute()).map(countryOf);
    },

    async findCountry(code: string): Promise<Country | undefined> {
      const r = await db.selectFrom('countries').selectAll().where('code', '=', code).executeTakeFirst();
      return r ? countryOf(r) : undefined;
    },
  };
}
export type KycRepo = ReturnType<typeof kycRepo>;
