import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { can } from '../../../lib/permissions.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { useCursorListPage } from '../../../lib/use-cursor-list-page.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListPage } from '../../../ui/list-page.tsx';
import {
  auditCsvHref,
  auditSearch,
  fetchAudit,
  isAuditAction,
  readAuditQuery,
  type AuditItem,
} from '../api/audit.ts';
import { AuditChainNotice } from './audit-chain-notice.tsx';
import { AuditFiltersForm } from './audit-filters-form.tsx';
import './audit-log.css';

/** A free text sealed under the person's data key (D107, D110): `{sealed, ref}`. */
function isSealedText(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { sealed?: unknown }).sealed === 'string' &&
    typeof (value as { ref?: unknown }).ref === 'string'
  );
}

/**
 * A detail value as text: strings as they are, anything else as compact JSON. A sealed text (at any depth)
 * is not opened here — that would unwrap one person's key per row — but named as such: the person's case
 * shows it (D110).
 */
function detailText(value: unknown, sealedLabel: string): string {
  if (typeof value === 'string') return value;
  if (isSealedText(value)) return sealedLabel;
  return JSON.stringify(value, (_key, inner: unknown) => (isSealedText(inner) ? sealedLabel : inner));
}

function AuditDetails({ item }: { item: AuditItem }) {
  const { t } = useTranslation();
  const details = Object.entries(item.details);
  return (
    <>
      {item.caseRef ? <code className="audit-ref">{item.caseRef}</code> : null}
      {details.length > 0 ? (
        <dl className="audit-details">
          {details.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{detailText(value, t('audit.sealedText'))}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </>
  );
}

function AuditTable({ items }: { items: AuditItem[] }) {
  const { t, i18n } = useTranslation();
  const staff = useStaff();
  const linkCases = can(staff.role, 'view_cases');
  const columns: DataColumn<AuditItem>[] = [
    {
      label: t('audit.columns.time'),
      cell: (item) => (
        <time dateTime={new Date(item.at).toISOString()}>{formatDateTime(item.at, i18n.language)}</time>
      ),
    },
    {
      label: t('audit.columns.staff'),
      // The number stays beside the name: the staff filter above takes it.
      cell: (item) =>
        // Staff 0: a decision no person took (the in-house provider's, issue 19; a vendor's).
        item.staffId === 0
          ? t('audit.system')
          : item.staffName
            ? t('audit.staffNamed', { name: item.staffName, id: item.staffId })
            : t('audit.staff', { id: item.staffId }),
    },
    {
      label: t('audit.columns.action'),
      cell: (item) => (isAuditAction(item.action) ? t(`audit.actions.${item.action}`) : item.action),
    },
    {
      label: t('audit.columns.subject'),
      cell: (item) =>
        item.subjectUserId === null ? (
          '—'
        ) : linkCases ? (
          <Link to={paths.reviewCase.getHref(item.subjectUserId)}>
            {t('audit.subject', { id: item.subjectUserId })}
          </Link>
        ) : (
          t('audit.subject', { id: item.subjectUserId })
        ),
    },
    { label: t('audit.columns.details'), cell: (item) => <AuditDetails item={item} /> },
  ];
  return (
    <DataTable caption={t('audit.tableCaption')} columns={columns} items={items} rowKey={(item) => item.id} />
  );
}

/** Audit log: the append-only record of views of personal data and decisions, newest first. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const list = useCursorListPage({
    href: paths.auditLog.getHref(),
    read: readAuditQuery,
    search: auditSearch,
    fetch: fetchAudit,
  });
  return (
    <ListPage
      title={t('areas.auditLog.title')}
      intro={t('audit.intro')}
      notice={
        <>
          <AuditChainNotice />
          <p>
            <a href={auditCsvHref(list.filters)} download>
              {t('audit.downloadCsv')}
            </a>{' '}
            <span className="audit-csv-hint">{t('audit.downloadCsvHint')}</span>
          </p>
        </>
      }
      filtersLabel={t('audit.filters.label')}
      FilterForm={AuditFiltersForm}
      list={list}
      empty={t('audit.empty')}
      total={(count) => t('audit.total', { count })}
    >
      {(items) => <AuditTable items={items} />}
    </ListPage>
  );
}
