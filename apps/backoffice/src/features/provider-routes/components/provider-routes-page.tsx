import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { isVendor, useProviderLabel } from '../../../lib/providers.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import {
  EVERY_OTHER_COUNTRY,
  fetchProviderRoutes,
  type ProviderRouteEntry,
  type ProviderRoutesView,
} from '../api/provider-routes.ts';
import { DeleteRouteDialog } from './delete-route-dialog.tsx';
import { RouteDialog } from './route-dialog.tsx';
import './provider-routes.css';

type Outcome = { tone: 'saved' | 'deleted'; country: string } | { tone: 'conflict' } | null;
type Editing =
  { kind: 'edit'; route: ProviderRouteEntry | null } | { kind: 'delete'; route: ProviderRouteEntry };

/** "Germany (DE)" from the platform's names, "Every other country (*)" for the '*' route. */
function useRouteCountryName(): (country: string) => string {
  const { t, i18n } = useTranslation();
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([i18n.language, 'en'], { type: 'region', fallback: 'code' });
  } catch {
    names = null;
  }
  return (country) =>
    country === EVERY_OTHER_COUNTRY
      ? t('providerRoutes.everyOther')
      : `${names?.of(country) ?? country} (${country})`;
}

interface RoutesContentProps {
  view: ProviderRoutesView;
  /** Reads the list again after a change; the page keeps the outcome while it loads. */
  changed: (outcome: Outcome) => void;
}

function RoutesContent({ view, changed }: RoutesContentProps) {
  const { t, i18n } = useTranslation();
  const providerLabel = useProviderLabel();
  const countryName = useRouteCountryName();
  const [editing, setEditing] = useState<Editing | null>(null);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  const vendors = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const conflict = () => {
    setEditing(null);
    changed({ tone: 'conflict' });
  };

  const columns: DataColumn<ProviderRouteEntry>[] = [
    { label: t('providerRoutes.columns.country'), cell: (r) => countryName(r.country) },
    {
      label: t('providerRoutes.columns.provider'),
      cell: (r) => (
        <>
          {providerLabel(r.provider)}
          {isVendor(r.provider) && !view.configured.includes(r.provider) ? (
            <span className="provider-routes__warning">{t('providerRoutes.servedInHouse')}</span>
          ) : null}
        </>
      ),
    },
    { label: t('providerRoutes.columns.percentage'), cell: (r) => percent.format(r.percentage / 100) },
    { label: t('providerRoutes.columns.updated'), cell: (r) => formatDateTime(r.updatedAt, i18n.language) },
    {
      label: t('providerRoutes.columns.actions'),
      cell: (r) => (
        <span className="provider-routes__actions">
          <Button variant="ghost" onClick={() => setEditing({ kind: 'edit', route: r })}>
            {t('providerRoutes.edit', { country: countryName(r.country) })}
          </Button>
          <Button variant="ghost" onClick={() => setEditing({ kind: 'delete', route: r })}>
            {t('providerRoutes.remove', { country: countryName(r.country) })}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <>
      <Card as="section" aria-labelledby="provider-routes-setup">
        <h2 id="provider-routes-setup">{t('providerRoutes.setupHeading')}</h2>
        <p>{t('providerRoutes.fallback', { provider: providerLabel(view.defaultProvider) })}</p>
        <p>
          {view.configured.length > 0
            ? t('providerRoutes.configured', { vendors: vendors.format(view.configured.map(providerLabel)) })
            : t('providerRoutes.configuredNone')}
        </p>
      </Card>
      <Card as="section" aria-labelledby="provider-routes-list">
        <h2 id="provider-routes-list">{t('providerRoutes.listHeading')}</h2>
        <Button onClick={() => setEditing({ kind: 'edit', route: null })}>{t('providerRoutes.add')}</Button>
        {view.routes.length === 0 ? (
          <p>{t('providerRoutes.empty')}</p>
        ) : (
          <DataTable
            caption={t('providerRoutes.tableCaption')}
            columns={columns}
            items={view.routes}
            rowKey={(r) => r.country}
          />
        )}
      </Card>
      {editing?.kind === 'edit' ? (
        <RouteDialog
          route={editing.route}
          countryName={editing.route ? countryName(editing.route.country) : null}
          configured={view.configured}
          onClose={() => setEditing(null)}
          onConflict={conflict}
          onSaved={(saved) => {
            setEditing(null);
            changed({ tone: 'saved', country: countryName(saved.country) });
          }}
        />
      ) : null}
      {editing?.kind === 'delete' ? (
        <DeleteRouteDialog
          route={editing.route}
          countryName={countryName(editing.route.country)}
          fallbackName={providerLabel(view.defaultProvider)}
          onClose={() => setEditing(null)}
          onConflict={conflict}
          onDeleted={() => {
            setEditing(null);
            changed({ tone: 'deleted', country: countryName(editing.route.country) });
          }}
        />
      ) : null}
    </>
  );
}

/**
 * Provider routing (admin, decision D23): per country a provider and the share of its people sent
 * there, the fallback (KYC_DEFAULT_PROVIDER) for everyone else, and which vendors this server can use.
 * A person keeps the provider their verification started with, whatever the routes say later.
 */
export function ProviderRoutesPage() {
  const { t } = useTranslation();
  const { resource, reload } = useResource('provider-routes', (signal) => fetchProviderRoutes(signal));
  const [outcome, setOutcome] = useState<Outcome>(null);
  useDocumentTitle(t('areas.providerRoutes.title'));
  const changed = (next: Outcome) => {
    setOutcome(next);
    reload();
  };
  return (
    <>
      <h1>{t('areas.providerRoutes.title')}</h1>
      <p>{t('providerRoutes.intro')}</p>
      {outcome?.tone === 'saved' ? (
        <Alert>{t('providerRoutes.saved', { country: outcome.country })}</Alert>
      ) : null}
      {outcome?.tone === 'deleted' ? (
        <Alert>{t('providerRoutes.deleted', { country: outcome.country })}</Alert>
      ) : null}
      {outcome?.tone === 'conflict' ? (
        <Alert tone="error">{t('providerRoutes.errors.conflict')}</Alert>
      ) : null}
      {resource.state === 'loading' ? <Spinner size="page" label={t('app.loading')} /> : null}
      {resource.state === 'error' ? (
        <LoadError message={t(errorMessageKey(resource.error))} onRetry={reload} />
      ) : null}
      {resource.state === 'ready' ? <RoutesContent view={resource.data} changed={changed} /> : null}
    </>
  );
}
