import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths.ts';
import { useListPage } from '../../../lib/use-list-page.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListPage } from '../../../ui/list-page.tsx';
import {
  countrySearch,
  fetchCountries,
  readCountryQuery,
  type CountryCoverageEntry,
  type CountryCoverageList,
  type CountryFilters,
} from '../api/countries.ts';
import { CountryFiltersForm } from './country-filters-form.tsx';
import { CoverageDialog } from './coverage-dialog.tsx';
import './countries.css';

/** Country names in the page language from the platform (Intl.DisplayNames), never hand-typed. */
function useCountryName(): (code: string) => string {
  const { i18n } = useTranslation();
  try {
    const names = new Intl.DisplayNames([i18n.language, 'en'], { type: 'region', fallback: 'code' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

const NO_ROWS: ReadonlyMap<string, CountryCoverageEntry> = new Map();

/** The answer's offered / closed counts with the changes saved on this page since it was read. */
function countsAfter(
  data: CountryCoverageList,
  savedRows: ReadonlyMap<string, CountryCoverageEntry>,
): { offered: number; closed: number } {
  let closed = data.closed;
  for (const item of data.items) {
    const now = savedRows.get(item.code);
    if (now && now.state !== item.state) closed += now.state === 'closed' ? 1 : -1;
  }
  return { offered: data.offered + data.closed - closed, closed };
}

type Outcome = { tone: 'saved'; name: string } | { tone: 'conflict' } | null;

/**
 * Countries (admin): every ISO 3166-1 country with its coverage, searchable by name or code and by
 * state, paged like the other lists; Edit opens the country's coverage. A saved change replaces the
 * row in place (focus stays on its Edit button); a conflict reads the list again.
 */
export function CountriesPage() {
  const { t, i18n } = useTranslation();
  const nameOf = useCountryName();
  // "ID card, Passport" with the page language's own separators (Arabic "،").
  const listFormat = new Intl.ListFormat(i18n.language, { type: 'unit', style: 'short' });
  const list = useListPage<CountryFilters, CountryCoverageList>({
    href: paths.countries.getHref(),
    read: readCountryQuery,
    search: countrySearch,
    fetch: (filters, page, signal) => fetchCountries(filters, page, i18n.language, signal),
  });
  // Rows saved on this page, shown in place until the list is read again (another query or a reload).
  const [saved, setSaved] = useState<{ key: string; rows: ReadonlyMap<string, CountryCoverageEntry> }>({
    key: '',
    rows: new Map(),
  });
  const savedRows = saved.key === list.key ? saved.rows : NO_ROWS;
  const [editing, setEditing] = useState<CountryCoverageEntry | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const summary = list.resource.state === 'ready' ? countsAfter(list.resource.data, savedRows) : null;

  const columns: DataColumn<CountryCoverageEntry>[] = [
    {
      label: t('countries.columns.country'),
      cell: (c) => (
        <>
          {nameOf(c.code)} <bdi className="countries-code">{c.code}</bdi>
        </>
      ),
    },
    {
      label: t('countries.columns.state'),
      cell: (c) =>
        c.state === 'closed' ? (
          <span className="countries-closed">
            {c.closedReason
              ? t('countries.closedWith', { reason: t(`countries.reasons.${c.closedReason}`) })
              : t('countries.states.closed')}
          </span>
        ) : (
          t('countries.states.offered')
        ),
    },
    {
      label: t('countries.columns.documents'),
      cell: (c) =>
        c.documentTypes.length === 0
          ? t('countries.noDocuments')
          : listFormat.format(c.documentTypes.map((type) => t(`case.documentTypes.${type}`))),
    },
    {
      label: t('countries.columns.actions'),
      cell: (c) => (
        <Button variant="ghost" onClick={() => setEditing(c)}>
          {t('countries.edit', { country: nameOf(c.code) })}
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListPage
        title={t('areas.countries.title')}
        intro={t('countries.intro')}
        filtersLabel={t('countries.filters.label')}
        FilterForm={CountryFiltersForm}
        list={list}
        empty={t('countries.empty')}
        total={(count) => t('countries.total', { count })}
      >
        {(items) => (
          <>
            {outcome?.tone === 'saved' ? (
              <Alert>{t('countries.saved', { country: outcome.name })}</Alert>
            ) : null}
            {outcome?.tone === 'conflict' ? (
              <Alert tone="error">{t('countries.errors.conflict')}</Alert>
            ) : null}
            {summary ? <p className="countries-summary">{t('countries.summary', summary)}</p> : null}
            <DataTable
              caption={t('countries.tableCaption')}
              columns={columns}
              items={items.map((c) => savedRows.get(c.code) ?? c)}
              rowKey={(c) => c.code}
            />
          </>
        )}
      </ListPage>
      {editing ? (
        <CoverageDialog
          country={editing}
          name={nameOf(editing.code)}
          onClose={() => setEditing(null)}
          onSaved={(entry) => {
            setSaved({ key: list.key, rows: new Map(savedRows).set(entry.code, entry) });
            setOutcome({ tone: 'saved', name: nameOf(entry.code) });
            setEditing(null);
          }}
          onConflict={() => {
            setEditing(null);
            setSaved({ key: '', rows: NO_ROWS });
            setOutcome({ tone: 'conflict' });
            list.reload();
          }}
        />
      ) : null}
    </>
  );
}
