import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { waitingTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { fetchQueue, queueSearch, readQueueQuery, type QueueFilters, type QueueItem } from '../api/queue.ts';
import { QueueFiltersForm } from './queue-filters-form.tsx';
import '../../../ui/data-table.css';
import './verification-queue.css';

function WaitingTime({ since }: { since: number }) {
  const { t } = useTranslation();
  const { unit, count } = waitingTime(since, Date.now());
  return <>{t(`queue.waiting.${unit}`, { count })}</>;
}

function QueueTable({ items }: { items: QueueItem[] }) {
  const { t } = useTranslation();
  const columns = {
    person: t('queue.columns.person'),
    email: t('queue.columns.email'),
    site: t('queue.columns.site'),
    level: t('queue.columns.level'),
    kind: t('queue.columns.kind'),
    country: t('queue.columns.country'),
    waiting: t('queue.columns.waiting'),
  };
  return (
    <div className="ui-table-wrap">
      <table className="ui-table">
        <caption className="visually-hidden">{t('queue.tableCaption')}</caption>
        <thead>
          <tr>
            {Object.values(columns).map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const name = `${item.firstName} ${item.lastName}`.trim() || t('queue.unnamed');
            return (
              <tr key={item.submissionId}>
                <td data-label={columns.person}>
                  <Link to={paths.reviewCase.getHref(item.userId)}>{name}</Link>
                </td>
                <td data-label={columns.email}>{item.email}</td>
                <td data-label={columns.site}>{item.site}</td>
                <td data-label={columns.level}>{item.level > 0 ? item.level : '—'}</td>
                <td data-label={columns.kind}>{t(`common.kinds.${item.kind}`)}</td>
                <td data-label={columns.country}>{item.country || '—'}</td>
                <td data-label={columns.waiting}>
                  <WaitingTime since={item.pendingSince} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Verification queue: pending submissions, oldest first, filtered by the URL's query string. */
export function VerificationQueuePage() {
  const { t } = useTranslation();
  const title = t('areas.verificationQueue.title');
  useDocumentTitle(title);
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, page } = readQueueQuery(searchParams);
  const key = queueSearch(filters, page).toString();
  const { resource, reload } = useResource(key, (signal) => fetchQueue(filters, page, signal));
  const hasFilters = Object.keys(filters).length > 0;

  const apply = (next: QueueFilters) => setSearchParams(queueSearch(next));

  return (
    <>
      <h1>{title}</h1>
      <p className="queue-intro">{t('queue.intro')}</p>
      <Card as="section" className="queue-filters-card" aria-labelledby="queue-filters-heading">
        <h2 id="queue-filters-heading" className="visually-hidden">
          {t('queue.filters.label')}
        </h2>
        <QueueFiltersForm key={key} initial={filters} onApply={apply} />
      </Card>
      <section aria-live="polite" aria-busy={resource.state === 'loading'} className="queue-results">
        {resource.state === 'loading' ? <Spinner label={t('app.loading')} /> : null}
        {resource.state === 'error' ? (
          <Alert tone="error">
            <p>{t(errorMessageKey(resource.error))}</p>
            <Button variant="secondary" onClick={reload}>
              {t('errors.retry')}
            </Button>
          </Alert>
        ) : null}
        {resource.state === 'ready' ? (
          resource.data.items.length === 0 ? (
            <Card>
              <p>{hasFilters || page > 1 ? t('queue.emptyFiltered') : t('queue.empty')}</p>
            </Card>
          ) : (
            <>
              <p className="queue-total">{t('queue.total', { count: resource.data.total })}</p>
              <QueueTable items={resource.data.items} />
              <Pagination
                page={page}
                pageSize={resource.data.pageSize}
                total={resource.data.total}
                hrefFor={(n) => `${paths.verificationQueue.getHref()}?${queueSearch(filters, n).toString()}`}
              />
            </>
          )
        ) : null}
      </section>
    </>
  );
}
