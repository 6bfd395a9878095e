import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './pagination.css';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** The link (same page, other query string) that shows page `n`. */
  hrefFor: (n: number) => string;
}

/** "Page 2 of 5" with previous and next links; nothing when everything fits on one page. */
export function Pagination({ page, pageSize, total, hrefFor }: PaginationProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="ui-pagination" aria-label={t('common.pagination.label')}>
      {page > 1 ? (
        <Link to={hrefFor(Math.min(page - 1, pages))} rel="prev">
          {t('common.pagination.previous')}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <span className="ui-pagination__status" aria-current="page">
        {t('common.pagination.status', { page, pages })}
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} rel="next">
          {t('common.pagination.next')}
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
