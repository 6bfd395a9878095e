import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Card } from '../../../ui/card.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { FilterForm } from '../../../ui/filter-form.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import {
  fetchInbox,
  inboxSearch,
  isSupportStatus,
  isSupportTopic,
  readInboxQuery,
  SUPPORT_STATUSES,
  type InboxQuery,
  type SupportInboxItem,
} from '../api/support-inbox.ts';
import '../../../ui/list-page.css';
import { ClosedAccount } from '../../../ui/closed-account.tsx';
import './support-inbox.css';

/** The status filter (the list pages' FilterForm): the value goes into the URL, on the newest page. */
function StatusFilter({ initial, onApply }: { initial: InboxQuery; onApply: (q: InboxQuery) => void }) {
  const { t } = useTranslation();
  return (
    <FilterForm
      label={t('supportInbox.filters.label')}
      applyLabel={t('supportInbox.filters.apply')}
      clearLabel={t('supportInbox.filters.clear')}
      onSubmit={(text) => {
        const status = text('status');
        onApply(isSupportStatus(status) ? { status } : {});
      }}
      onClear={() => onApply({})}
    >
      <SelectField
        name="status"
        label={t('supportInbox.filters.status')}
        defaultValue={initial.status ?? ''}
        options={[
          { value: '', label: t('supportInbox.filters.any') },
          ...SUPPORT_STATUSES.map((s) => ({ value: s, label: t(`supportInbox.status.${s}`) })),
        ]}
      />
    </FilterForm>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <span className={`support-status support-status--${status}`}>
      {isSupportStatus(status) ? t(`supportInbox.status.${status}`) : status}
    </span>
  );
}

export function TopicLabel({ topic }: { topic: string }) {
  const { t } = useTranslation();
  return <>{isSupportTopic(topic) ? t(`supportInbox.topics.${topic}`) : topic}</>;
}

export function FromLabel({ item }: { item: Pick<SupportInboxItem, 'userId' | 'email' | 'closed'> }) {
  const { t } = useTranslation();
  if (item.userId === null) return <>{t('supportInbox.signedOut', { email: item.email ?? '' })}</>;
  // A closed person's report in the inbox (no email); opened with a reason, the page shows the email.
  if (item.closed && !item.email) return <ClosedAccount userId={item.userId} />;
  return (
    <>
      {item.email ?? ''}{' '}
      <span className="support-muted">({t('supportInbox.user', { id: item.userId })})</span>
    </>
  );
}

function InboxTable({ items }: { items: SupportInboxItem[] }) {
  const { t, i18n } = useTranslation();
  const columns: DataColumn<SupportInboxItem>[] = [
    {
      label: t('supportInbox.columns.received'),
      cell: (item) => (
        <time dateTime={new Date(item.createdAt).toISOString()}>
          {formatDateTime(item.createdAt, i18n.language)}
        </time>
      ),
    },
    { label: t('supportInbox.columns.topic'), cell: (item) => <TopicLabel topic={item.topic} /> },
    { label: t('supportInbox.columns.from'), cell: (item) => <FromLabel item={item} /> },
    { label: t('supportInbox.columns.status'), cell: (item) => <StatusBadge status={item.status} /> },
    {
      label: t('supportInbox.columns.message'),
      cell: (item) => (
        <Link
          to={paths.supportRequest.getHref(item.id)}
          aria-label={t('supportInbox.openRequest', { id: item.id })}
          className="support-excerpt"
        >
          {item.excerpt}
        </Link>
      ),
    },
  ];
  return (
    <DataTable
      caption={t('supportInbox.tableCaption')}
      columns={columns}
      items={items}
      rowKey={(item) => item.id}
    />
  );
}

/**
 * Support inbox (reviewer and above): the help centre's reports, newest first, filtered by status and
 * paged by a cursor in the URL (so Back and a shared link show the same page).
 */
export function SupportInboxPage() {
  const { t } = useTranslation();
  const title = t('areas.supportInbox.title');
  useDocumentTitle(title);
  const headingId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readInboxQuery(searchParams);
  const key = inboxSearch(query).toString();
  const { resource, reload } = useResource(key, (signal) => fetchInbox(query, signal));
  const hrefOf = (next: InboxQuery) => {
    const search = inboxSearch(next).toString();
    return search ? `${paths.supportInbox.getHref()}?${search}` : paths.supportInbox.getHref();
  };
  const filtered = query.status !== undefined || query.cursor !== undefined;

  return (
    <>
      <h1>{title}</h1>
      <p className="ui-list-page__intro">{t('supportInbox.intro')}</p>
      <Card as="section" className="ui-list-page__filters" aria-labelledby={headingId}>
        <h2 id={headingId} className="visually-hidden">
          {t('supportInbox.filters.label')}
        </h2>
        <StatusFilter key={key} initial={query} onApply={(next) => setSearchParams(inboxSearch(next))} />
      </Card>
      <section aria-live="polite" aria-busy={resource.state === 'loading'}>
        {resource.state === 'loading' ? <Spinner label={t('app.loading')} /> : null}
        {resource.state === 'error' ? (
          <LoadError message={t(errorMessageKey(resource.error))} onRetry={reload} />
        ) : null}
        {resource.state === 'ready' ? (
          resource.data.items.length === 0 ? (
            <Card>
              <p>{filtered ? t('supportInbox.emptyFiltered') : t('supportInbox.empty')}</p>
            </Card>
          ) : (
            <>
              <InboxTable items={resource.data.items} />
              <nav className="support-pages" aria-label={t('common.pagination.label')}>
                {query.cursor !== undefined ? (
                  <Link to={hrefOf({ ...(query.status ? { status: query.status } : {}) })}>
                    {t('supportInbox.firstPage')}
                  </Link>
                ) : null}
                {resource.data.nextCursor !== null ? (
                  <Link
                    to={hrefOf({
                      ...(query.status ? { status: query.status } : {}),
                      cursor: resource.data.nextCursor,
                    })}
                  >
                    {t('supportInbox.nextPage')}
                  </Link>
                ) : null}
              </nav>
            </>
          )
        ) : null}
      </section>
    </>
  );
}
