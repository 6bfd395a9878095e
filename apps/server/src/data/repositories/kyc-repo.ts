import {
  REDACTED_VALUE,
  type DisplayUpdatePoiStatus,
  type KycStepStatus,
  type KycStepType,
} from '@kyc/contracts';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db.ts';
import { compiledOnce } from '../compiled-once.ts';
import { everyColumn, fromJson, jsonRows } from '../json-rows.ts';
import { appendStatusEvent, levelRef } from './status-outbox-repo.ts';
import type {
  ApplicantRow,
  CountryRow,
  KycLevelStateRow,
  NewApplicant,
  ReverificationRow,
  Tables,
  UserRow,
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

/** The account fields kyc-info answers from (site, member type, the KYC member tag). */
export type KycPersonUser = Pick<UserRow, 'id' | 'site' | 'registered_member_type' | 'member_tag_kyc'>;

/** Everything the KYC read side knows of one person, read by `person` in one statement. */
export interface KycPerson {
  user: KycPersonUser;
  /** Personal fields opened (plaintext), as `findApplicant` answers it. */
  applicant: ApplicantRow | undefined;
  /** By level, as `levelStates`. */
  levelStates: KycLevelStateRow[];
  reverification: ReverificationRow | undefined;
  /** Issue 18: a true screening match froze the person (a row in account_freezes, as screening's freezeOf). */
  frozen: boolean;
  /** The user's wrapped data key (null: none stored), which opens what is sealed under it (D117). */
  wrappedKey: Buffer | null;
}

/** Every column of each row `person` reads as JSON: the same row as `select *` gives. */
const APPLICANT_COLUMNS = everyColumn<ApplicantRow>()([
  'id',
  'user_id',
  'country',
  'first_name',
  'last_name',
  'date_of_birth',
  'residence_country',
  'provider',
  'level',
  'kyc_opened',
  'limitation',
  'limitation_reason',
  'custody',
  'second_identity_state',
  'created_at',
  'updated_at',
]);
const LEVEL_STATE_COLUMNS = everyColumn<KycLevelStateRow>()([
  'user_id',
  'level',
  'type',
  'status',
  'reject_reason_code',
  'reject_reason',
  'updated_at',
]);
const REVERIFICATION_COLUMNS = everyColumn<ReverificationRow>()([
  'user_id',
  'status',
  'reject_reason',
  'deadline',
  'site',
  'country',
  'updated_at',
]);

function parseDocuments(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The applicant columns stored sealed under the user's data key (docs/kyc.md "Personal data at rest"). */
export const PERSONAL_FIELDS = ['first_name', 'last_name', 'date_of_birth'] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];
export type PersonalFields = Partial<Record<PersonalField, string>>;

/**
 * The person's columns of a kyc-info statement, correlated with the outer `users` row: the user's own,
 * each other table's row(s) as JSON, the freeze and the wrapped data key (D115). `person` below runs them
 * alone; kyc-info runs them with the session's row and the other repositories' parts (kyc-info-repo.ts).
 */
export function personSelections(db: Db, eb: ExpressionBuilder<Tables, 'users'>) {
  const json = jsonRows(db);
  return [
    eb.ref('users.id').as('id'),
    eb.ref('users.site').as('site'),
    eb.ref('users.registered_member_type').as('registered_member_type'),
    eb.ref('users.member_tag_kyc').as('member_tag_kyc'),
    json
      .object(
        eb.selectFrom('applicants').select(APPLICANT_COLUMNS).whereRef('user_id', '=', 'users.id'),
        APPLICANT_COLUMNS,
      )
      .as('applicant'),
    json
      .array(
        eb.selectFrom('kyc_level_states').select(LEVEL_STATE_COLUMNS).whereRef('user_id', '=', 'users.id'),
        LEVEL_STATE_COLUMNS,
        [['level', 'asc']],
      )
      .as('level_states'),
    json
      .object(
        eb.selectFrom('reverification').select(REVERIFICATION_COLUMNS).whereRef('user_id', '=', 'users.id'),
        REVERIFICATION_COLUMNS,
      )
      .as('reverification'),
    eb
      .exists(eb.selectFrom('account_freezes').select('user_id').whereRef('user_id', '=', 'users.id'))
      .as('frozen'),
    eb
      .selectFrom('user_data_keys')
      .select('wrapped_key')
      .whereRef('user_id', '=', 'users.id')
      .as('wrapped_key'),
  ] as const;
}

/** What `personSelections` answers, as the driver gives it (JSON text on SQLite, parsed on PostgreSQL). */
export interface PersonColumns {
  id: number | null;
  site: string;
  registered_member_type: string;
  member_tag_kyc: string;
  applicant: unknown;
  level_states: unknown;
  reverification: unknown;
  frozen: unknown;
  wrapped_key: Uint8Array | null;
}

/**
 * The person of a row of `personSelections`, the applicant's personal fields opened with the wrapped key
 * the same row carries; undefined when the outer `users` row is missing (an unknown user).
 */
export async function personOf(
  db: Db,
  row: PersonColumns,
  personal: PersonalDataCipher | undefined,
): Promise<KycPerson | undefined> {
  if (row.id === null) return undefined;
  const userId = Number(row.id);
  const stored = fromJson<ApplicantRow | null>(row.applicant) ?? undefined;
  const wrappedKey = row.wrapped_key ? Buffer.from(row.wrapped_key) : null;
  return {
    user: {
      id: userId,
      site: row.site,
      registered_member_type: row.registered_member_type,
      member_tag_kyc: row.member_tag_kyc,
    } as KycPersonUser,
    applicant: stored && personal ? await personal.openWith(db, userId, stored, wrappedKey) : stored,
    levelStates: fromJson<KycLevelStateRow[]>(row.level_states),
    reverification: fromJson<ReverificationRow | null>(row.reverification) ?? undefined,
    frozen: Boolean(row.frozen),
    wrappedKey,
  };
}

/** `person`'s statement: the person's columns of the one user. */
const personStatement = compiledOnce(['userId'], (db: Db, { userId }: { userId: number }) =>
  db
    .selectFrom('users')
    .select((eb) => personSelections(db, eb))
    .where('users.id', '=', userId),
);

/**
 * Seals and opens the personal columns (implemented by domain/kyc/personal-data.ts); `db` is the
 * connection or transaction the repository runs on, so a first data key is created inside it.
 */
export interface PersonalDataCipher {
  seal(db: Db, userId: number, fields: PersonalFields): Promise<PersonalFields>;
  open<T extends PersonalFields>(db: Db, userId: number, row: T): Promise<T>;
  /** Issue 17: many rows (a list page), their users' data keys read in one query; never creates a key. */
  openAll<T extends PersonalFields>(db: Db, rows: readonly T[], userIdOf: (row: T) => number): Promise<T[]>;
  /**
   * Issue 14 (D115): as `open`, with the user's wrapped data key read by the caller's own statement
   * (kyc-info's `person`); without one stored, exactly as `open`.
   */
  openWith<T extends PersonalFields>(db: Db, userId: number, row: T, wrappedKey: Buffer | null): Promise<T>;
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
    /**
     * kyc-info's person in one statement (issue 14, D115): the account, the applicant, the level states,
     * the re-verification, the freeze and the wrapped data key that opens the applicant's names, where
     * reading them one by one took six round trips. Undefined for an unknown user.
     */
    async person(userId: number): Promise<KycPerson | undefined> {
      const [row] = await personStatement(db, { userId });
      return row ? personOf(db, row as PersonColumns, personal) : undefined;
    },

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
