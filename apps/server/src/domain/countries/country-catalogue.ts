/**
 * The country list in memory (docs/countries.md "Caching"): country lookups are on hot paths (kyc-info,
 * supported-document-type, the public country list), and 249 rows change only when an admin edits
 * coverage. One query fills the cache; the coverage edit invalidates it, in every instance with
 * REDIS_URL (composition.ts, lib/shared-state); without Redis the others keep their copy for at most
 * `ttlMs` (docs/countries.md).
 */
import type { Country } from '../../data/repositories/kyc-repo.ts';

export interface CountrySource {
  countries(includeDisabled: boolean): Promise<Country[]>;
}

export interface CountryCatalogue {
  /** Every country, sorted by code. */
  all(): Promise<readonly Country[]>;
  find(code: string): Promise<Country | undefined>;
  /** Called after a coverage change: the next read queries the database again. */
  invalidate(): void;
}

export const CATALOGUE_TTL_MS = 60_000;

export function countryCatalogue(
  source: CountrySource,
  { ttlMs = CATALOGUE_TTL_MS, now = Date.now }: { ttlMs?: number; now?: () => number } = {},
): CountryCatalogue {
  let loaded: { at: number; list: Promise<{ list: Country[]; byCode: Map<string, Country> }> } | null = null;

  function load() {
    if (loaded && now() - loaded.at < ttlMs) return loaded.list;
    const list = source.countries(true).then((rows) => ({
      list: rows,
      byCode: new Map(rows.map((c) => [c.code, c])),
    }));
    const entry = { at: now(), list };
    loaded = entry;
    // A failed read is not kept. (An invalidation during a read drops it too: `loaded` is then null.)
    list.catch(() => {
      if (loaded === entry) loaded = null;
    });
    return list;
  }

  return {
    async all() {
      return (await load()).list;
    },
    async find(code) {
      return (await load()).byCode.get(code.toUpperCase());
    },
    invalidate() {
      loaded = null;
    },
  };
}
