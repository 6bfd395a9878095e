/**
 * The country list in memory (docs/countries.md "Caching"): country lookups are on hot paths (kyc-info,
 * supported-document-type, the public country list), and 249 rows change only when an admin edits
 * coverage. One query fills the cache; the coverage edit invalidates it, in every instance with
 * REDIS_URL (composition.ts, lib/shared-state); without Redis the others keep their copy for at most
 * `ttlMs` (docs/countries.md).
 */
import type { Country } from '../../data/repositories/kyc-repo.ts';
import { cachedRead } from '../../lib/cached-read.ts';

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
  // One read shared until the TTL or an invalidation; a failed read is not kept (lib/cached-read.ts).
  const loaded = cachedRead(
    async () => {
      const list = await source.countries(true);
      return { list, byCode: new Map(list.map((c) => [c.code, c])) };
    },
    { ttlMs, now },
  );

  return {
    async all() {
      return (await loaded.get()).list;
    },
    async find(code) {
      return (await loaded.get()).byCode.get(code.toUpperCase());
    },
    invalidate() {
      loaded.invalidate();
    },
  };
}
