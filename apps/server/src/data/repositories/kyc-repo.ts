import type { Db } from '../db.ts';
import type { ApplicantRow, KycLevelStateRow, NewApplicant, ReverificationRow } from '../schema.ts';

/** A country of the list with its document types parsed and its flag as a boolean. */
export interface Country {
  code: string;
  nameKey: string;
  kycDisabled: boolean;
  documentTypes: string[];
}

export interface QuotaRow {
  scope: string;
  level: number;
  coin: string;
  limit: number;
}

export interface LevelStateFields {
  status: string;
  type?: string;
  rejectReasonCode?: string;
  rejectReason?: string;
}

export interface ReverificationFields {
  status: string;
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

/** Applicants, their step states, re-verification, quotas and the country list: the only KYC SQL. */
export function kycRepo(db: Db) {
  return {
    async findApplicant(userId: number): Promise<ApplicantRow | undefined> {
      return db.selectFrom('applicants').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** Creates the applicant with these fields, or updates the fields of the existing one. */
    async upsertApplicant(userId: number, fields: ApplicantFields, at: number): Promise<void> {
      await db
        .insertInto('applicants')
        .values({ ...fields, user_id: userId, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...fields, updated_at: at }))
        .execute();
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
      await db
        .insertInto('kyc_level_states')
        .values({ ...values, user_id: userId, level })
        .onConflict((oc) => oc.columns(['user_id', 'level']).doUpdateSet(values))
        .execute();
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
      const rows = await query.execute();
      return rows.map((r) => ({
        code: r.code,
        nameKey: r.name_key,
        kycDisabled: r.kyc_disabled === 1,
        documentTypes: parseDocuments(r.document_types),
      }));
    },

    async findCountry(code: string): Promise<Country | undefined> {
      const r = await db.selectFrom('countries').selectAll().where('code', '=', code).executeTakeFirst();
      return r
        ? {
            code: r.code,
            nameKey: r.name_key,
            kycDisabled: r.kyc_disabled === 1,
            documentTypes: parseDocuments(r.document_types),
          }
        : undefined;
    },
  };
}
export type KycRepo = ReturnType<typeof kycRepo>;
