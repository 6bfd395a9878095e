import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { ClosedAccount } from '../../../ui/closed-account.tsx';
import { useCursorListPage } from '../../../lib/use-cursor-list-page.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListPage } from '../../../ui/list-page.tsx';
import { WaitingTime } from '../../../ui/waiting-time.tsx';
import { fetchQueue, queueSearch, readQueueQuery, type QueueItem } from '../api/review.ts';
import { useTemplateText } from '../template-text.ts';
import { QueueFiltersForm } from './queue-filters-form.tsx';
import './questionnaires.css';

function itemKey(item: QueueItem): string {
  return [item.type, item.userId, item.templateCode, item.depositRef ?? ''].join(':');
}

function QueueTable({ items }: { items: QueueItem[] }) {
  const { t } = useTranslation();
  const templateText = useTemplateText();
  const columns: DataColumn<QueueItem>[] = [
    {
      label: t('questionnaireReview.queue.columns.person'),
      cell: (item) => (
        <Link to={paths.questionnaireResponse.getHref(item.userId, item.templateCode)}>
          {item.closed ? <ClosedAccount userId={item.userId} /> : item.email || String(item.userId)}
        </Link>
      ),
    },
    {
      label: t('questionnaireReview.queue.columns.template'),
      cell: (item) => (
        <>
          {templateText(item.title)}
          <span className="qr-muted"> · {t(`questionnaireReview.kinds.${item.kind}`)}</span>
        </>
      ),
    },
    {
      label: t('questionnaireReview.queue.columns.type'),
      cell: (item) => (
        <>
          {t(`questionnaireReview.queue.types.${item.type}`)}
          {item.eddStatus ? (
            <span className="qr-muted">
              {' · '}
              {t('questionnaireReview.queue.eddStatus', {
                status: t(`questionnaireReview.eddStatuses.${item.eddStatus}`),
              })}
            </span>
          ) : null}
          {item.depositRef ? (
            <span className="qr-muted">
              {' · '}
              {t('questionnaireReview.queue.deposit', { ref: item.depositRef })}
            </span>
          ) : null}
        </>
      ),
    },
    {
      label: t('questionnaireReview.queue.columns.status'),
      cell: (item) => (
        <span className={`qr-status qr-status--${item.status}`}>
          {t(`questionnaireReview.statuses.${item.status}`)}
        </span>
      ),
    },
    { label: t('questionnaireReview.queue.columns.site'), cell: (item) => item.site },
    {
      label: t('questionnaireReview.queue.columns.waiting'),
      cell: (item) => <WaitingTime since={item.pendingSince} />,
    },
    {
      label: t('assignment.column'),
      cell: (item) =>
        item.assignee?.name ?? (item.assignee ? `#${item.assignee.staffId}` : t('assignment.nobody')),
    },
  ];
  return (
    <DataTable
      caption={t('questionnaireReview.queue.tableCaption')}
      columns={columns}
      items={items}
      rowKey={itemKey}
    />
  );
}

/**
 * Questionnaires: responses to staff-reviewed templates, EDD cases, investor declarations and deposit
 * verifications waiting for a decision, oldest first, filtered by the URL's query string; each with who
 * holds its case, and a link to "My cases" (issue 17).
 */
export function QuestionnairesPage() {
  const { t } = useTranslation();
  const list = useCursorListPage({
    href: paths.questionnaires.getHref(),
    read: readQueueQuery,
    search: queueSearch,
    fetch: fetchQueue,
  });
  return (
    <ListPage
      title={t('areas.questionnaires.title')}
      intro={t('questionnaireReview.queue.intro')}
      notice={
        <p>
          <Link to={`${paths.questionnaires.getHref()}?${queueSearch({ assignedTo: 'me' }).toString()}`}>
            {t('assignment.myCases')}
          </Link>
        </p>
      }
      filtersLabel={t('questionnaireReview.queue.filters.label')}
      FilterForm={QueueFiltersForm}
      list={list}
      empty={t('questionnaireReview.queue.empty')}
      emptyFiltered={t('questionnaireReview.queue.emptyFiltered')}
      total={(count) => t('questionnaireReview.queue.total', { count })}
    >
      {(items) => <QueueTable items={items} />}
    </ListPage>
  );
}
