import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageLink } from '../lib/use-cursor-list-page.ts';
import './pagination.css';

interface CursorPaginationProps {
  pageNumber: number;
  first: PageLink | null;
  previous: PageLink | null;
  next: PageLink | null;
}

/** "First page", "Previous page", "Page 3", "Next page" of a cursor-paged list (issue 17). */
export function CursorPagination({ pageNumber, first, previous, next }: CursorPaginationProps) {
  const { t } = useTranslation();
  if (!first && !previous && !next) return null;
  return (
    <nav className="ui-pagination" aria-label={t('common.pagination.label')}>
      <span className="ui-pagination__group">
        {first && first.href !== previous?.href ? (
          <Link to={first.href} state={first.state}>
            {t('common.pagination.first')}
          </Link>
        ) : null}
        {previous ? (
          <Link to={previous.href} state={previous.state} rel="prev">
            {t('common.pagination.previous')}
          </Link>
        ) : null}
      </span>
      <span className="ui-pagination__status" aria-current="page">
        {t('common.pagination.pageN', { page: pageNumber })}
      </span>
      {next ? (
        <Link to={next.href} state={next.state} rel="next">
          {t('common.pagination.next')}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
