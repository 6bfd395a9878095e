import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { can } from '../../../lib/permissions.ts';
import { paths } from '../../../lib/paths.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { useCursorListPage } from '../../../lib/use-cursor-list-page.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListPage } from '../../../ui/list-page.tsx';
import {
  fetchRedactions,
  readRedactionsQuery,
  redactionsSearch,
  type RedactionRecord,
} from '../api/redactions.ts';
import { useRetentionLabels } from '../retention-labels.ts';
import { RedactionsFiltersForm } from './redactions-filters-form.tsx';
import { RunErasure } from './run-erasure.tsx';
import './retention.css';

function RedactionsTable({ items }: { items: RedactionRecord[] }) {
  const { t, i18n } = useTranslation();
  const labels = useRetentionLabels();
  const columns: DataColumn<RedactionRecord>[] = [
    {
      label: t('retention.redactions.columns.when'),
      cell: (r) => (
        <time dateTime={new Date(r.redactedAt).toISOString()}>
          {formatDateTime(r.redactedAt, i18n.language)}
        </time>
      ),
    },
    {
      label: t('retention.redactions.columns.person'),
      cell: (r) =>
        r.userId === null ? (
          t('retention.redactions.batch')
        ) : (
          <Link to={paths.reviewCase.getHref(r.userId)}>
            {t('retention.common.person', { id: r.userId })}
          </Link>
        ),
    },
    { label: t('retention.redactions.columns.kind'), cell: (r) => labels.kind(r.kind) },
    { label: t('retention.redactions.columns.site'), cell: (r) => labels.site(r.site) },
    {
      label: t('retention.redactions.columns.policy'),
      cell: (r) => t('retention.redactions.version', { version: r.policyVersion, run: r.runId }),
    },
    {
      label: t('retention.redactions.columns.due'),
      cell: (r) =>
        r.userId === null
          ? t('retention.redactions.olderThan', { at: formatDateTime(r.dueAt, i18n.language) })
          : t('retention.redactions.dueSince', {
              at: formatDateTime(r.dueAt, i18n.language),
              clock: labels.clock(r.clock),
            }),
    },
    {
      label: t('retention.redactions.columns.counts'),
      cell: (r) => labels.counts(r.counts) || t('retention.redactions.nothingCounted'),
    },
  ];
  return (
    <DataTable
      caption={t('retention.redactions.tableCaption')}
      columns={columns}
      items={items}
      rowKey={(r) => r.id}
    />
  );
}

/**
 * Redaction records (issue 20; senior reviewers, admins, auditors): what the erasure job redacted, when,
 * under which policy version and run, newest first by cursor. Admins run the job now from here.
 */
export function RedactionsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const list = useCursorListPage({
    href: paths.redactions.getHref(),
    read: readRedactionsQuery,
    search: redactionsSearch,
    fetch: fetchRedactions,
  });
  return (
    <ListPage
      title={t('areas.redactions.title')}
      intro={t('retention.redactions.intro')}
      notice={can(staff.role, 'edit_retention') ? <RunErasure onRan={list.reload} /> : undefined}
      filtersLabel={t('retention.redactions.filters.label')}
      FilterForm={RedactionsFiltersForm}
      list={list}
      empty={t('retention.redactions.empty')}
      emptyFiltered={t('retention.redactions.emptyFiltered')}
      total={(count) => t('retention.redactions.total', { count })}
    >
      {(items) => <RedactionsTable items={items} />}
    </ListPage>
  );
}
