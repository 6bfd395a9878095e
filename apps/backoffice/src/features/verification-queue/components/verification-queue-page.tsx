import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useCursorListPage } from '../../../lib/use-cursor-list-page.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListPage } from '../../../ui/list-page.tsx';
import { WaitingTime } from '../../../ui/waiting-time.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { ClosedAccount } from '../../../ui/closed-account.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { submissionLabelKey } from '../../../lib/submission-kinds.ts';
import { fetchQueue, queueSearch, readQueueQuery, type QueueItem } from '../api/queue.ts';
import { QueueFiltersForm } from './queue-filters-form.tsx';

function QueueTable({ items }: { items: QueueItem[] }) {
  const { t, i18n } = useTranslation();
  const columns: DataColumn<QueueItem>[] = [
    {
      label: t('queue.columns.person'),
      cell: (item) => (
        <>
          <Link to={paths.reviewCase.getHref(item.userId)}>
            {item.closed ? (
              <ClosedAccount userId={item.userId} />
            ) : (
              `${item.firstName} ${item.lastName}`.trim() || t('queue.unnamed')
            )}
          </Link>
          {item.finalProposed ? <Badge>{t('captureSignOff.pendingFinal.badge')}</Badge> : null}
        </>
      ),
    },
    { label: t('queue.columns.email'), cell: (item) => (item.closed ? '—' : item.email) },
    { label: t('queue.columns.site'), cell: (item) => item.site },
    { label: t('queue.columns.level'), cell: (item) => (item.level > 0 ? item.level : '—') },
    { label: t('queue.columns.kind'), cell: (item) => t(submissionLabelKey(item.kind, item.level)) },
    { label: t('queue.columns.country'), cell: (item) => item.country || '—' },
    { label: t('queue.columns.waiting'), cell: (item) => <WaitingTime since={item.pendingSince} /> },
    {
      label: t('deadlines.column'),
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
      label: t('assignment.column'),
      cell: (item) =>
        item.assignee?.name ?? (item.assignee ? `#${item.assignee.staffId}` : t('assignment.nobody')),
    },
  ];
  return (
    <DataTable
      caption={t('queue.tableCaption')}
      columns={columns}
      items={items}
      rowKey={(item) => item.submissionId}
    />
  );
}

/** Verification queue: pending submissions, oldest first, filtered by the URL's query string. */
export function VerificationQueuePage() {
  const { t } = useTranslation();
  const list = useCursorListPage({
    href: paths.verificationQueue.getHref(),
    read: readQueueQuery,
    search: queueSearch,
    fetch: fetchQueue,
  });
  return (
    <ListPage
      title={t('areas.verificationQueue.title')}
      intro={t('queue.intro')}
      notice={
        <p>
          <Link to={`${paths.verificationQueue.getHref()}?${queueSearch({ assignedTo: 'me' }).toString()}`}>
            {t('assignment.myCases')}
          </Link>
        </p>
      }
      filtersLabel={t('queue.filters.label')}
      FilterForm={QueueFiltersForm}
      list={list}
      empty={t('queue.empty')}
      emptyFiltered={t('queue.emptyFiltered')}
      total={(count) => t('queue.total', { count })}
    >
      {(items) => <QueueTable items={items} />}
    </ListPage>
  );
}
