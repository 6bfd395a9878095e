/**
 * Country coverage in the back office (docs/countries.md "Changing coverage"): the searchable list and
 * the change of one country (admin only, `edit_countries`). A change is a compare-and-set on the row's
 * version, written in one transaction with its `countries.update` audit entry, and then the in-memory
 * catalogue is invalidated so that the next kyc-info, country list or submit sees it.
 */
import {
  COVERAGE_STATES,
  type CountryCoverageEntry,
  type CountryCoverageList,
  type CountryCoveragePatch,
  type CountryCoverageQuery,
  type StaffMe,
  DOCUMENT_TYPES,
  isCountryClosedReason,
} from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { Country } from '../../data/repositories/kyc-repo.ts';
import { AppError } from '../../lib/app-error.ts';
import { pageOf } from '../../lib/page-of.ts';
import { requirePermission } from '../backoffice/permissions.ts';
import type { CountryCatalogue } from './country-catalogue.ts';
import { checkCoverage } from './coverage-rules.ts';

export function coverageEntryOf(country: Country): CountryCoverageEntry {
  return {
    code: country.code,
    alpha3: country.alpha3,
    state: country.kycDisabled ? COVERAGE_STATES[1] : COVERAGE_STATES[0],
    closedReason:
      country.kycDisabled && isCountryClosedReason(country.closedReason) ? country.closedReason : '',
    documentTypes: DOCUMENT_TYPES.filter((type) => country.documentTypes.includes(type)),
    version: country.version,
    updatedAt: country.updatedAt,
  };
}

/** Lower case without accents, so "cote" finds "Côte d’Ivoire" and "turkiye" finds "Türkiye". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function namer(lang: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'code' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

export function countryCoverageUseCases({
  repos,
  catalogue,
}: {
  repos: Repositories;
  catalogue: CountryCatalogue;
}) {
  return {
    /**
     * Every country matching the filters, sorted by its name in `lang`, one page of them. The list is
     * the catalogue in memory (249 rows): filtering and sorting by a name the platform translates
     * cannot be an SQL index, and costs microseconds here (docs/countries.md).
     */
    async list(staff: StaffMe, query: CountryCoverageQuery): Promise<CountryCoverageList> {
      requirePermission(staff, 'edit_countries');
      const lang = query.lang ?? 'en';
      const nameOf = namer(lang);
      const english = namer('en');
      const all = (await catalogue.all()).map(coverageEntryOf);
      const q = query.q ? folded(query.q) : '';
      const items = all
        .filter((c) => !query.state || c.state === query.state)
        .filter(
          (c) =>
            !q ||
            folded(c.code) === q ||
            folded(c.alpha3) === q ||
            folded(nameOf(c.code)).includes(q) ||
            folded(english(c.code)).includes(q),
        )
        .map((c) => ({ entry: c, name: nameOf(c.code) }))
        .sort((a, b) => a.name.localeCompare(b.name, lang))
        .map(({ entry }) => entry);
      return {
        items: pageOf(items, query.page, query.pageSize),
        total: items.length,
        page: query.page,
        pageSize: query.pageSize,
        offered: all.filter((c) => c.state === 'offered').length,
        closed: all.filter((c) => c.state === 'closed').length,
      };
    },

    /** One country's coverage: 53001 unknown, 53002 changed since `version`, 53003 / 53004 the rules. */
    async update(
      staff: StaffMe,
      rawCode: string,
      patch: CountryCoveragePatch,
      now = Date.now(),
    ): Promise<CountryCoverageEntry> {
      requirePermission(staff, 'edit_countries');
      const code = rawCode.toUpperCase();
      const checked = checkCoverage(patch);
      const updated = await repos.transaction(async (tx) => {
        const before = await tx.kyc.findCountry(code);
        if (!before) throw new AppError('COUNTRY_UNKNOWN', `no country ${code}`);
        const changed = await tx.countries.setCoverage(code, patch.version, checked, now);
        if (!changed)
          throw new AppError(
            'COUNTRY_EDIT_CONFLICT',
            `country ${code} is at version ${before.version}, not ${patch.version}`,
          );
        const from = coverageEntryOf(before);
        const to = coverageEntryOf(changed);
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'countries.update',
            caseRef: `country:${code}`,
            details: {
              code,
              from: { state: from.state, closedReason: from.closedReason, documentTypes: from.documentTypes },
              to: { state: to.state, closedReason: to.closedReason, documentTypes: to.documentTypes },
              version: to.version,
            },
          },
          now,
        );
        return to;
      });
      catalogue.invalidate();
      return updated;
    },
  };
}
export type CountryCoverageUseCases = ReturnType<typeof countryCoverageUseCases>;
