/**
 * Country coverage writes (docs/countries.md): the back office's change of one country, by
 * compare-and-set on `version`, so two admins editing at once cannot overwrite each other unseen.
 * Reads of the list are kycRepo's (`countries`, `findCountry`).
 */
import type { Db } from '../db.ts';
import { countryOf, type Country } from './kyc-repo.ts';

export interface CoverageFields {
  kycDisabled: boolean;
  closedReason: string;
  documentTypes: readonly string[];
}

export function countriesRepo(db: Db) {
  return {
    async all(): Promise<Country[]> {
      return (await db.selectFrom('countries').selectAll().orderBy('code').execute()).map(countryOf);
    },

    /** The country after the change, or undefined when its version is no longer `version` (or no row). */
    async setCoverage(
      code: string,
      version: number,
      fields: CoverageFields,
      at: number,
    ): Promise<Country | undefined> {
      const result = await db
        .updateTable('countries')
        .set((eb) => ({
          kyc_disabled: fields.kycDisabled ? 1 : 0,
          closed_reason: fields.closedReason,
          document_types: JSON.stringify(fields.documentTypes),
          version: eb('version', '+', 1),
          updated_at: at,
        }))
        .where('code', '=', code)
        .where('version', '=', version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return undefined;
      const row = await db.selectFrom('countries').selectAll().where('code', '=', code).executeTakeFirst();
      return row ? countryOf(row) : undefined;
    },
  };
}
export type CountriesRepo = ReturnType<typeof countriesRepo>;
