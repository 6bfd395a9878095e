import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { can } from '../../../lib/permissions.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import {
  auditSearch,
  fetchAudit,
  isAuditAction,
  readAuditQuery,
  type AuditFilters,
  type AuditItem,
} from '../api/audit.ts';
import { AuditFiltersForm } from './audit-filters-form.tsx';
import '../../../ui/data-table.css';
import './audit-log.css';

/** A detail value as text: strings as they are, anything else as compact JSON. */
function detailText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function AuditTable({ items }: { items: AuditItem[] }) {
  const { t, i18n } = useTranslation();
  const staff = useStaff();
  const linkCases = can(staff.role, 'view_cases');
  const columns = {
    time: t('audit.columns.time'),
    staff: t('audit.columns.staff'),
    action: t('audit.columns.action'),
    subject: t('audit.columns.subject'),
    details: t('audit.columns.details'),
  };
  return (
    <div className="ui-table-wrap">
      <table className="ui-table">
        <caption className="visually-hidden">{t('audit.tableCaption')}</caption>
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
            const details = Object.entries(item.details);
            return (
              <tr key={item.id}>
                <td data-label={columns.time}>
                  <time dateTime={new Date(item.at).toISOString()}>
                    {formatDateTime(item.at, i18n.language)}
                  </time>
                </td>
                <td data-label={columns.staff}>{t('audit.staff', { id: item.staffId })}</td>
                <td data-label={columns.action}>
                  {isAuditAction(item.action) ? t(`audit.actions.${item.action}`) : item.action}
                </td>
                <td data-label={columns.subject}>
                  {item.subjectUserId === null ? (
                    '—'
                  ) : linkCases ? (
                    <Link to={paths.reviewCase.getHref(item.subjectUserId)}>
                      {t('audit.subject', { id: item.subjectUserId })}
                    </Link>
                  ) : (
                    t('audit.subject', { id: item.subjectUserId })
                  )}
                </td>
                <td data-label={columns.details}>
                  {item.caseRef ? <code className="audit-ref">{item.caseRef}</code> : null}
                  {details.length > 0 ? (
                    <dl className="audit-details">
                      {details.map(([name, value]) => (
                        <div key={name}>
                          <dt>{name}</dt>
                          <dd>{detailText(value)}</dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Audit log: the append-only record of views of personal data and decisions, newest first. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const title = t('areas.auditLog.title');
  useDocumentTitle(title);
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, page } = readAuditQuery(searchParams);
  const key = auditSearch(filters, page).toString();
  const { resource, reload } = useResource(key, (signal) => fetchAudit(filters, page, signal));
  const apply = (next: AuditFilters) => setSearchParams(auditSearch(next));

  return (
    <>
      <h1>{title}</h1>
      <p className="audit-intro">{t('audit.intro')}</p>
      <Card as="section" className="audit-filters-card" aria-labelledby="audit-filters-heading">
        <h2 id="audit-filters-heading" className="visually-hidden">
          {t('audit.filters.label')}
        </h2>
        <AuditFiltersForm key={key} initial={filters} onApply={apply} />
      </Card>
      <section aria-live="polite" aria-busy={resource.state === 'loading'}>
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
              <p>{t('audit.empty')}</p>
            </Card>
          ) : (
            <>
              <p className="audit-total">{t('audit.total', { count: resource.data.total })}</p>
              <AuditTable items={resource.data.items} />
              <Pagination
                page={page}
                pageSize={resource.data.pageSize}
                total={resource.data.total}
                hrefFor={(n) => `${paths.auditLog.getHref()}?${auditSearch(filters, n).toString()}`}
              />
            </>
          )
        ) : null}
      </section>
    </>
  );
}
