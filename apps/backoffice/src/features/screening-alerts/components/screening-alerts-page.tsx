import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roleCan } from '@kyc/contracts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatDateTime, formatScore } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { ClosedAccount } from '../../../ui/closed-account.tsx';
import { useStaff } from '../../../lib/staff-session.tsx';
import { useCursorListPage } from '../../../lib/use-cursor-list-page.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListPage } from '../../../ui/list-page.tsx';
import { WaitingTime } from '../../../ui/waiting-time.tsx';
import {
  alertsSearch,
  assignAlertToMe,
  fetchAlerts,
  readAlertsQuery,
  type AlertItem,
} from '../api/alerts.ts';
import { AlertsFiltersForm } from './alerts-filters-form.tsx';

/** "Assign to me" on one alert, over the assignee the row shows; the list is read again after. */
function AssignToMe({
  item,
  onAssigned,
  onError,
}: {
  item: AlertItem;
  onAssigned: () => void;
  onError: (message: string) => void;
}) {
  const { t } = useTranslation();
  const staff = useStaff();
  const [busy, setBusy] = useState(false);
  if (!roleCan(staff.role, 'decide') || item.assignee?.staffId === staff.id) return null;
  if (item.assignee && !roleCan(staff.role, 'assign_cases')) return null;
  const assign = async () => {
    setBusy(true);
    try {
      await assignAlertToMe(item.hitId, item.assignee?.staffId ?? null);
      onAssigned();
    } catch (failure) {
      onError(t(errorMessageKey(failure)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" busy={busy} onClick={() => void assign()}>
      {t('screeningAlerts.assignToMe')}
    </Button>
  );
}

function AlertsTable({
  items,
  onAssigned,
  onError,
}: {
  items: AlertItem[];
  onAssigned: () => void;
  onError: (m: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const columns: DataColumn<AlertItem>[] = [
    {
      label: t('screeningAlerts.columns.person'),
      cell: (item) => (
        <Link to={paths.reviewCase.getHref(item.userId)}>
          {item.closed ? <ClosedAccount userId={item.userId} /> : item.email}
        </Link>
      ),
    },
    {
      label: t('screeningAlerts.columns.list'),
      cell: (item) => (
        <>
          <bdi>{item.list}</bdi> ({t(`case.screening.categories.${item.category}`)})
          {item.entryRemovedAt !== null ? (
            <>
              {' '}
              <Badge>
                {t('screeningAlerts.entryRemoved', {
                  date: formatDateTime(item.entryRemovedAt, i18n.language),
                })}
              </Badge>
            </>
          ) : null}
        </>
      ),
    },
    {
      label: t('screeningAlerts.columns.matched'),
      cell: (item) => (item.closed ? '—' : <bdi>{item.matchedName}</bdi>),
    },
    { label: t('screeningAlerts.columns.score'), cell: (item) => formatScore(item.score, i18n.language) },
    { label: t('screeningAlerts.columns.age'), cell: (item) => <WaitingTime since={item.raisedAt} /> },
    {
      label: t('screeningAlerts.columns.state'),
      cell: (item) => t(`case.screening.hitStates.${item.state}`),
    },
    {
      label: t('screeningAlerts.columns.deadline'),
      cell: (item) => (
        <>
          <time dateTime={new Date(item.dueAt).toISOString()}>
            {formatDateTime(item.dueAt, i18n.language)}
          </time>
          {item.breached ? <Badge>{t('deadlines.breached')}</Badge> : null}
        </>
      ),
    },
    {
      label: t('screeningAlerts.columns.assignee'),
      cell: (item) => (
        <>
          {item.assignee?.name ?? (item.assignee ? `#${item.assignee.staffId}` : t('assignment.nobody'))}{' '}
          <AssignToMe item={item} onAssigned={onAssigned} onError={onError} />
        </>
      ),
    },
  ];
  return (
    <DataTable
      caption={t('screeningAlerts.tableCaption')}
      columns={columns}
      items={items}
      rowKey={(item) => item.hitId}
    />
  );
}

/**
 * Screening alerts (issue 18, slice 3): the hits still to resolve (or of one state), oldest raised first,
 * cursor-paged like every list; each row links to the case, where the hit is resolved. Below it (the
 * alerts are the work; on a phone five list cards above them pushed the first alert far down), the
 * screening lists' status and, for admins, "refresh now" (D95), given by the route (app/routes.tsx:
 * features do not import each other).
 */
export function ScreeningAlertsPage({ lists }: { lists?: ReactNode } = {}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const list = useCursorListPage({
    href: paths.screeningAlerts.getHref(),
    read: readAlertsQuery,
    search: alertsSearch,
    fetch: fetchAlerts,
  });
  return (
    <>
      <ListPage
        title={t('areas.screeningAlerts.title')}
        intro={t('screeningAlerts.intro')}
        notice={error ? <Alert tone="error">{error}</Alert> : null}
        filtersLabel={t('screeningAlerts.filters.label')}
        FilterForm={AlertsFiltersForm}
        list={list}
        empty={t('screeningAlerts.empty')}
        emptyFiltered={t('screeningAlerts.emptyFiltered')}
        total={(count) => t('screeningAlerts.total', { count })}
      >
        {(items) => (
          <AlertsTable
            items={items}
            onAssigned={() => {
              setError(null);
              list.reload();
            }}
            onError={setError}
          />
        )}
      </ListPage>
      {lists}
    </>
  );
}
