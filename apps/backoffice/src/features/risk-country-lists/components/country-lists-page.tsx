import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { countryName, formatCalendarDate, formatDate } from '../../../lib/format.ts';
import { can } from '../../../lib/permissions.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Alert } from '../../../ui/alert.tsx';
import { ConflictAlert } from '../../../ui/conflict-alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import {
  fetchCountryLists,
  sourceLink,
  type RiskCountryEntryView,
  type RiskCountryListName,
  type RiskCountryListsView,
} from '../api/country-lists.ts';
import { EntryDialog } from './entry-dialog.tsx';
import { useListName } from './list-name.ts';
import { RemoveEntryDialog } from './remove-entry-dialog.tsx';
import './country-lists.css';

type Outcome =
  { tone: 'saved' | 'removed'; country: string; list: RiskCountryListName } | { tone: 'conflict' } | null;
type Editing =
  | { kind: 'add'; list: RiskCountryListName }
  | { kind: 'edit' | 'remove'; list: RiskCountryListName; entry: RiskCountryEntryView };

function Source({ source }: { source: string }) {
  const link = sourceLink(source);
  if (!link)
    return (
      <span className="risk-lists__source" dir="ltr">
        {source}
      </span>
    );
  return (
    <span className="risk-lists__source" dir="ltr">
      <a href={link.href} target="_blank" rel="noopener noreferrer">
        {new URL(link.href).hostname}
      </a>
      {link.note ? <span className="risk-lists__muted">{link.note}</span> : null}
    </span>
  );
}

interface ListsContentProps {
  view: RiskCountryListsView;
  editable: boolean;
  onSaved: (saved: RiskCountryListsView, outcome: Outcome) => void;
  onConflict: () => void;
}

function ListsContent({ view, editable, onSaved, onConflict }: ListsContentProps) {
  const { t, i18n } = useTranslation();
  const listName = useListName();
  const [editing, setEditing] = useState<Editing | null>(null);
  const name = (code: string) => countryName(code, i18n.language);

  const columnsOf = (list: RiskCountryListName): DataColumn<RiskCountryEntryView>[] => [
    { label: t('riskCountryLists.columns.country'), cell: (e) => name(e.country) },
    {
      label: t('riskCountryLists.columns.listedSince'),
      cell: (e) =>
        e.listedSince ? formatCalendarDate(e.listedSince, i18n.language) : t('riskCountryLists.notStated'),
    },
    {
      label: t('riskCountryLists.columns.published'),
      cell: (e) => formatCalendarDate(e.published, i18n.language),
    },
    { label: t('riskCountryLists.columns.source'), cell: (e) => <Source source={e.source} /> },
    {
      label: t('riskCountryLists.columns.updated'),
      cell: (e) =>
        e.updatedBy === null
          ? t('riskCountryLists.shipped')
          : t('riskCountryLists.changedBy', {
              name: e.updatedByName ?? `#${e.updatedBy}`,
              at: formatDate(e.updatedAt, i18n.language),
            }),
    },
    ...(editable
      ? [
          {
            label: t('riskCountryLists.columns.actions'),
            cell: (e: RiskCountryEntryView) => (
              <span className="risk-lists__actions">
                <Button
                  variant="ghost"
                  aria-label={t('riskCountryLists.editLabel', {
                    country: name(e.country),
                    list: listName(list),
                  })}
                  onClick={() => setEditing({ kind: 'edit', list, entry: e })}
                >
                  {t('riskCountryLists.edit')}
                </Button>
                <Button
                  variant="ghost"
                  aria-label={t('riskCountryLists.removeLabel', {
                    country: name(e.country),
                    list: listName(list),
                  })}
                  onClick={() => setEditing({ kind: 'remove', list, entry: e })}
                >
                  {t('riskCountryLists.remove')}
                </Button>
              </span>
            ),
          },
        ]
      : []),
  ];

  const conflict = () => {
    setEditing(null);
    onConflict();
  };
  return (
    <div className="risk-lists">
      {view.lists.map(({ list, entries }) => (
        <Card as="section" key={list} aria-labelledby={`risk-list-${list}`} className="risk-lists__card">
          <h2 id={`risk-list-${list}`}>{listName(list)}</h2>
          <p className="risk-lists__muted">{t('riskCountryLists.count', { number: entries.length })}</p>
          {editable ? (
            <Button
              variant="secondary"
              aria-label={t('riskCountryLists.addLabel', { list: listName(list) })}
              onClick={() => setEditing({ kind: 'add', list })}
            >
              {t('riskCountryLists.add')}
            </Button>
          ) : null}
          {entries.length === 0 ? (
            <p>{t('riskCountryLists.empty')}</p>
          ) : (
            <DataTable
              caption={listName(list)}
              columns={columnsOf(list)}
              items={entries}
              rowKey={(e) => e.country}
            />
          )}
        </Card>
      ))}
      {editing && editing.kind !== 'remove' ? (
        <EntryDialog
          list={editing.list}
          listName={listName(editing.list)}
          entry={editing.kind === 'edit' ? editing.entry : null}
          countryName={editing.kind === 'edit' ? name(editing.entry.country) : null}
          baseVersion={view.version}
          onClose={() => setEditing(null)}
          onConflict={conflict}
          onSaved={(saved, country) => {
            setEditing(null);
            onSaved(saved, { tone: 'saved', country: name(country), list: editing.list });
          }}
        />
      ) : null}
      {editing?.kind === 'remove' ? (
        <RemoveEntryDialog
          list={editing.list}
          listName={listName(editing.list)}
          country={editing.entry.country}
          countryName={name(editing.entry.country)}
          baseVersion={view.version}
          onClose={() => setEditing(null)}
          onConflict={conflict}
          onRemoved={(saved) => {
            setEditing(null);
            onSaved(saved, { tone: 'removed', country: name(editing.entry.country), list: editing.list });
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * Country risk lists (issue 18; read: everyone who sees cases; change: admins with `edit_risk_weights`,
 * D92): FATF call for action, FATF increased monitoring and the EU high-risk third countries, each
 * country named in the page language with since when it is listed, the publication and its source. A
 * change is saved as a new version of the risk settings, so everyone's risk is recomputed (D93).
 */
export function CountryListsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const editable = can(staff.role, 'edit_risk_weights');
  const listName = useListName();
  const { resource, reload, replace } = useResource('risk-country-lists', (signal) =>
    fetchCountryLists(signal),
  );
  const [outcome, setOutcome] = useState<Outcome>(null);
  useDocumentTitle(t('areas.riskCountryLists.title'));
  return (
    <>
      <h1>{t('areas.riskCountryLists.title')}</h1>
      <p>{t('riskCountryLists.intro')}</p>
      <p>{t('riskCountryLists.recompute')}</p>
      {editable ? null : <p className="risk-lists__muted">{t('riskCountryLists.readOnly')}</p>}
      {outcome?.tone === 'saved' ? (
        <Alert>
          {t('riskCountryLists.saved', { country: outcome.country, list: listName(outcome.list) })}
        </Alert>
      ) : null}
      {outcome?.tone === 'removed' ? (
        <Alert>
          {t('riskCountryLists.removed', { country: outcome.country, list: listName(outcome.list) })}
        </Alert>
      ) : null}
      {outcome?.tone === 'conflict' ? (
        <ConflictAlert
          message={t('riskCountryLists.errors.conflict')}
          reloadLabel={t('riskCountryLists.reload')}
          onReload={() => {
            setOutcome(null);
            reload();
          }}
        />
      ) : null}
      {resource.state === 'loading' ? <Spinner size="page" label={t('app.loading')} /> : null}
      {resource.state === 'error' ? (
        <LoadError message={t(errorMessageKey(resource.error))} onRetry={reload} />
      ) : null}
      {resource.state === 'ready' ? (
        <ListsContent
          view={resource.data}
          editable={editable}
          onSaved={(saved, next) => {
            setOutcome(next);
            replace(saved);
          }}
          onConflict={() => setOutcome({ tone: 'conflict' })}
        />
      ) : null}
    </>
  );
}
