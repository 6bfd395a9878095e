/**
 * GET/POST /backoffice/api/risk/country-lists (docs/screening.md "Country lists", D93): every list's
 * entries, and one change of one list (add, edit or remove an entry). Reading needs `view_cases` (the
 * lists are the source of the country factors every case page shows); changing needs
 * `edit_risk_weights` (admins: the lists are part of the risk configuration, like the weights).
 *
 * A change is one transaction over the risk configuration version read: it first saves the next
 * version of `risk_weights` with the same weights and cause `country_lists` — the compare-and-set (a
 * version saved meanwhile, by a list change or a weights change, is 61022, and of two changes at once
 * the second's insert finds the version taken) — then changes the entry and writes the audit entry. The
 * `risk` job recomputes everyone assessed under an older version, as after a weights change (D91).
 */
import {
  ISO_COUNTRY_CODES,
  RISK_COUNTRY_LISTS,
  type RiskCountryListChange,
  type RiskCountryListsView,
  type StaffMe,
} from '@kyc/contracts';
import type { Repositories } from '../../data/repositories/index.ts';
import type { RiskCountryEntryRow } from '../../data/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../backoffice/permissions.ts';
import { staffLabel } from '../backoffice/staff-label.ts';
import { weightsInForce } from './weights-admin.ts';

type Values = Pick<RiskCountryEntryRow, 'listed_since' | 'published' | 'source'>;

/** A calendar date as YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}

/** The source begins with an https URL with a host; a note may follow after a space. */
export function isHttpsSource(value: string): boolean {
  const [first = ''] = value.trim().split(/\s+/, 1);
  try {
    const url = new URL(first);
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The checked values of an add or edit (53001, 61023, 61024); nothing is read or written before. */
export function checkedValues(
  change: Extract<RiskCountryListChange, { action: 'add' | 'edit' }>,
  now: number,
): Values {
  const listedSince = change.listedSince?.trim() || null;
  const published = change.published.trim();
  if (listedSince !== null && !isCalendarDate(listedSince))
    throw new AppError('RISK_COUNTRY_LIST_DATE_INVALID', `listedSince ${listedSince} is not YYYY-MM-DD`);
  if (!isCalendarDate(published))
    throw new AppError('RISK_COUNTRY_LIST_DATE_INVALID', `published ${published} is not YYYY-MM-DD`);
  if (published > new Date(now).toISOString().slice(0, 10))
    throw new AppError('RISK_COUNTRY_LIST_DATE_INVALID', `published ${published} is in the future`);
  const source = change.source.trim();
  if (!isHttpsSource(source))
    throw new AppError('RISK_COUNTRY_LIST_SOURCE_INVALID', 'source must begin with an https URL');
  return { listed_since: listedSince, published, source };
}

export function riskCountryListUseCases(repos: Pick<Repositories, 'risk' | 'transaction'>) {
  async function view(r: Pick<Repositories, 'risk'>): Promise<RiskCountryListsView> {
    const [{ version }, rows] = await Promise.all([weightsInForce(r), r.risk.countryEntries()]);
    return {
      version,
      lists: RISK_COUNTRY_LISTS.map((list) => ({
        list,
        entries: rows
          .filter((row) => row.list === list)
          .map((row) => ({
            country: row.country,
            listedSince: row.listed_since,
            published: row.published,
            source: row.source,
            updatedBy: row.updated_by === null ? null : Number(row.updated_by),
            updatedByName:
              row.updated_by === null ? null : staffLabel(row.staff_display_name, row.staff_email),
            updatedAt: Number(row.updated_at),
          })),
      })),
    };
  }

  return {
    async getLists(staff: StaffMe): Promise<RiskCountryListsView> {
      requirePermission(staff, 'view_cases');
      return view(repos);
    },

    async change(staff: StaffMe, change: RiskCountryListChange, now = Date.now()) {
      requirePermission(staff, 'edit_risk_weights');
      const { list, country } = change;
      if (!ISO_COUNTRY_CODES.includes(country))
        throw new AppError('COUNTRY_UNKNOWN', `no country ${country}`);
      const values = change.action === 'remove' ? null : checkedValues(change, now);
      return repos.transaction(async (tx) => {
        const current = await weightsInForce(tx);
        const version = current.version + 1;
        const stale = () =>
          new AppError(
            'RISK_COUNTRY_LISTS_VERSION_CHANGED',
            `the risk configuration in force is version ${current.version}, not ${change.baseVersion}`,
            409,
          );
        if (current.version !== change.baseVersion) throw stale();
        // The compare-and-set first: a concurrent change waits here and then finds the version taken.
        if (
          !(await tx.risk.insertWeights(
            version,
            JSON.stringify(current.weights),
            staff.id,
            now,
            'country_lists',
          ))
        )
          throw stale();
        const before = await tx.risk.findCountryEntry(list, country);
        const row = values && { list, country, ...values, updated_by: staff.id, updated_at: now };
        const done =
          change.action === 'add' && row
            ? await tx.risk.insertCountryEntry(row)
            : change.action === 'edit' && row
              ? await tx.risk.updateCountryEntry(row)
              : await tx.risk.deleteCountryEntry(list, country);
        if (!done)
          throw change.action === 'add'
            ? new AppError('RISK_COUNTRY_LIST_ENTRY_EXISTS', `${country} is on ${list} already`)
            : new AppError('RISK_COUNTRY_LIST_ENTRY_UNKNOWN', `${country} is not on ${list}`);
        const shown = (r: Values | undefined | null) =>
          r ? { listedSince: r.listed_since, published: r.published, source: r.source } : null;
        await tx.audit.insert(
          {
            staffId: staff.id,
            action: 'risk.country_lists.update',
            caseRef: `risk-weights:${version}`,
            details: {
              action: change.action,
              list,
              country,
              from: shown(before),
              to: shown(values),
              version: { from: current.version, to: version },
            },
          },
          now,
        );
        return view(tx);
      });
    },
  };
}
export type RiskCountryListUseCases = ReturnType<typeof riskCountryListUseCases>;
