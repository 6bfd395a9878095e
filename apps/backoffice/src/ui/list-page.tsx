import { useId, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../lib/error-message.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import type { ListResult } from '../lib/use-list-page.ts';
import type { CursorListResult, PageLink } from '../lib/use-cursor-list-page.ts';
import { CursorPagination } from './cursor-pagination.tsx';
import type { Resource } from '../lib/use-resource.ts';
import { Card } from './card.tsx';
import { LoadError } from './load-error.tsx';
import type { FilterFormProps } from './filter-form.tsx';
import { Pagination } from './pagination.tsx';
import { Spinner } from './spinner.tsx';
import './list-page.css';

interface ListPageProps<F, T> {
  /** The page heading, also the tab title. */
  title: string;
  intro: string;
  /** Shown under the introduction, above the filters (e.g. the audit log's integrity line). */
  notice?: ReactNode;
  /** Names the filters' section (a visually hidden heading). */
  filtersLabel: string;
  /** The screen's filter form. */
  FilterForm: ComponentType<FilterFormProps<F>>;
  /** What `useListPage` (a list held whole) or `useCursorListPage` (a database list, issue 17) returns. */
  list:
    | {
        filters: F;
        page: number;
        key: string;
        filtered: boolean;
        apply: (filters: F) => void;
        resource: Resource<ListResult<T>>;
        reload: () => void;
        hrefFor: (n: number) => string;
      }
    | {
        filters: F;
        key: string;
        filtered: boolean;
        apply: (filters: F) => void;
        resource: Resource<CursorListResult<T>>;
        reload: () => void;
        pageNumber: number;
        first: PageLink | null;
        previous: PageLink | null;
        next: (cursor: string) => PageLink;
      };
  /** Shown instead of the list when there is no item at all. */
  empty: string;
  /** Shown instead when the filters or the page leave no item (default: `empty`). */
  emptyFiltered?: string;
  /** "12 items", for the total number of items over all pages. */
  total: (count: number) => string;
  /** The items of this page, e.g. as a DataTable (a card per row on phones). */
  children: (items: T[]) => ReactNode;
}

/**
 * The frame of a back-office list screen: heading, introduction, filters, then the results region,
 * announced politely as it changes: a spinner, the translated error with Try again, the empty message,
 * or the total, the items and the pagination.
 */
export function ListPage<F, T>({
  title,
  intro,
  notice,
  filtersLabel,
  FilterForm,
  list,
  empty,
  emptyFiltered = empty,
  total,
  children,
}: ListPageProps<F, T>) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  const headingId = useId();
  const resource = list.resource as Resource<ListResult<T> | CursorListResult<T>>;
  return (
    <>
      <h1>{title}</h1>
      <p className="ui-list-page__intro">{intro}</p>
      {notice}
      <Card as="section" className="ui-list-page__filters" aria-labelledby={headingId}>
        <h2 id={headingId} className="visually-hidden">
          {filtersLabel}
        </h2>
        {/* Keyed by the query: after Back or a pagination link the form starts again from the URL. */}
        <FilterForm key={list.key} initial={list.filters} onApply={list.apply} />
      </Card>
      <section aria-live="polite" aria-busy={resource.state === 'loading'}>
        {resource.state === 'loading' ? <Spinner label={t('app.loading')} /> : null}
        {resource.state === 'error' ? (
          <LoadError message={t(errorMessageKey(resource.error))} onRetry={list.reload} />
        ) : null}
        {resource.state === 'ready' ? (
          resource.data.items.length === 0 ? (
            <Card>
              <p>{list.filtered ? emptyFiltered : empty}</p>
            </Card>
          ) : (
            <>
              <p className="ui-list-page__total">
                {'totalCapped' in resource.data && resource.data.totalCapped
                  ? t('common.totalCapped', { count: resource.data.total })
                  : total(resource.data.total)}
              </p>
              {children(resource.data.items)}
              {'pageNumber' in list && 'nextCursor' in resource.data ? (
                <CursorPagination
                  pageNumber={list.pageNumber}
                  first={list.first}
                  previous={list.previous}
                  next={resource.data.nextCursor ? list.next(resource.data.nextCursor) : null}
                />
              ) : null}
              {'page' in list && 'pageSize' in resource.data ? (
                <Pagination
                  page={list.page}
                  pageSize={resource.data.pageSize}
                  total={resource.data.total}
                  hrefFor={list.hrefFor}
                />
              ) : null}
            </>
          )
        ) : null}
      </section>
    </>
  );
}
