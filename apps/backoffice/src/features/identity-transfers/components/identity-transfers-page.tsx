import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useCursorListPage } from '../../../lib/use-cursor-list-page.ts';
import { Badge } from '../../../ui/badge.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListPage } from '../../../ui/list-page.tsx';
import { WaitingTime } from '../../../ui/waiting-time.tsx';
import {
  fetchTransferQueue,
  readTransferQuery,
  transferSearch,
  type TransferQueueItem,
} from '../api/identity-transfers.ts';
import { ClosedAccount } from '../../../ui/closed-account.tsx';
import { TransferFiltersForm } from './transfer-filters-form.tsx';

function TransferTable({ items }: { items: TransferQueueItem[] }) {
  const { t, i18n } = useTranslation();
  const columns: DataColumn<TransferQueueItem>[] = [
    {
      label: t('identityTransfers.queue.columns.transfer'),
      cell: (item) => (
        <>
          <Link to={paths.identityTransferCase.getHref(item.id)}>
            {t('identityTransfers.queue.open', { id: item.id })}
          </Link>
          {item.firstApprovedBy !== null && item.stage === 'in_review' ? (
            <Badge>{t('identityTransfers.queue.firstApproval')}</Badge>
          ) : null}
        </>
      ),
    },
    {
      label: t('identityTransfers.queue.columns.source'),
      cell: (item) => (item.sourceClosed ? <ClosedAccount userId={item.sourceUserId} /> : item.sourceEmail),
    },
    {
      label: t('identityTransfers.queue.columns.target'),
      cell: (item) => (item.targetClosed ? <ClosedAccount userId={item.targetUserId} /> : item.targetEmail),
    },
    { label: t('identityTransfers.queue.columns.level'), cell: (item) => item.level },
    {
      label: t('identityTransfers.queue.columns.stage'),
      cell: (item) => t(`identityTransfers.stages.${item.stage}`),
    },
    {
      label: t('identityTransfers.queue.columns.waiting'),
      cell: (item) => <WaitingTime since={item.createdAt} />,
    },
    {
      label: t('identityTransfers.queue.columns.coolingOff'),
      cell: (item) =>
        item.coolingOffUntil === null ? (
          '—'
        ) : (
          <time dateTime={new Date(item.coolingOffUntil).toISOString()}>
            {formatDateTime(item.coolingOffUntil, i18n.language)}
          </time>
        ),
    },
  ];
  return (
    <DataTable
      caption={t('identityTransfers.queue.caption')}
      columns={columns}
      items={items}
      rowKey={(item) => item.id}
    />
  );
}

/** /identity-transfers: transfers at one stage (in review by default), oldest first, by cursor (D56). */
export function IdentityTransfersPage() {
  const { t } = useTranslation();
  const list = useCursorListPage({
    href: paths.identityTransfers.getHref(),
    read: readTransferQuery,
    search: transferSearch,
    fetch: fetchTransferQueue,
  });
  return (
    <ListPage
      title={t('identityTransfers.area.title')}
      intro={t('identityTransfers.queue.intro')}
      filtersLabel={t('identityTransfers.queue.filters.label')}
      FilterForm={TransferFiltersForm}
      list={list}
      empty={t('identityTransfers.queue.empty')}
      total={(count) => t('identityTransfers.queue.onPage', { count })}
    >
      {(items) => <TransferTable items={items} />}
    </ListPage>
  );
}
