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
import { fetchQueue, queueSearch, readQueueQuery, type QueueFilters, type QueueItem } from '../api/review.ts';
import { useTemplateText } from '../template-text.ts';
import { QueueFiltersForm } from './queue-filters-form.tsx';
import '../../../ui/data-table.css';
import './questionnaires.css';

function WaitingTime({ since }: { since: number }) {
  const { t } = useTranslation();
  const { unit, count } = waitingTime(since, Date.now());
  return <>{t(`queue.waiting.${unit}`, { count })}</>;
}

function itemKey(item: QueueItem): string {
  return [item.type, item.userId, item.templateCode, item.depositRef ?? ''].join(':');
}

function QueueTable({ items }: { items: QueueItem[] }) {
  const { t } = useTranslation();
  const templateText = useTemplateText();
  const columns = {
    person: t('questionnaireReview.queue.columns.person'),
    template: t('questionnaireReview.queue.columns.template'),
    type: t('questionnaireReview.queue.columns.type'),
    status: t('questionnaireReview.queue.columns.status'),
    site: t('questionnaireReview.queue.columns.site'),
    waiting: t('questionnaireReview.queue.columns.waiting'),
  };
  return (
    <div className="ui-table-wrap">
      <table className="ui-table">
        <caption className="visually-hidden">{t('questionnaireReview.queue.tableCaption')}</caption>
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
          {items.map((item) => (
            <tr key={itemKey(item)}>
              <td data-label={columns.person}>
                <Link to={paths.questionnaireResponse.getHref(item.userId, item.templateCode)}>
                  {item.email || String(item.userId)}
                </Link>
              </td>
              <td data-label={columns.template}>
                {templateText(item.title)}
                <span className="qr-muted"> · {t(`questionnaireReview.kinds.${item.kind}`)}</span>
              </td>
              <td data-label={columns.type}>
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
              </td>
              <td data-label={columns.status}>
                <span className={`qr-status qr-status--${item.status}`}>
                  {t(`questionnaireReview.statuses.${item.status}`)}
                </span>
              </td>
              <td data-label={columns.site}>{item.site}</td>
              <td data-label={columns.waiting}>
                <WaitingTime since={item.pendingSince} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Questionnaires: responses to staff-reviewed templates, EDD cases, investor declarations and deposit
 * verifications waiting for a decision, oldest first, filtered by the URL's query string.
 */
export function QuestionnairesPage() {
  const { t } = useTranslation();
  const title = t('areas.questionnaires.title');
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
      <p className="qr-intro">{t('questionnaireReview.queue.intro')}</p>
      <Card as="section" className="qr-filters-card" aria-labelledby="qr-filters-heading">
        <h2 id="qr-filters-heading" className="visually-hidden">
          {t('questionnaireReview.queue.filters.label')}
        </h2>
        <QueueFiltersForm key={key} initial={filters} onApply={apply} />
      </Card>
      <section aria-live="polite" aria-busy={resource.state === 'loading'} className="qr-results">
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
              <p>
                {hasFilters || page > 1
                  ? t('questionnaireReview.queue.emptyFiltered')
                  : t('questionnaireReview.queue.empty')}
              </p>
            </Card>
          ) : (
            <>
              <p className="qr-total">
                {t('questionnaireReview.queue.total', { count: resource.data.total })}
              </p>
              <QueueTable items={resource.data.items} />
              <Pagination
                page={page}
                pageSize={resource.data.pageSize}
                total={resource.data.total}
                hrefFor={(n) => `${paths.questionnaires.getHref()}?${queueSearch(filters, n).toString()}`}
              />
            </>
          )
        ) : null}
      </section>
    </>
  );
}
