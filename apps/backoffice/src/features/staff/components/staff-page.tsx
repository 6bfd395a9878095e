import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { LoadError } from '../../../ui/load-error.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { fetchStaffPage, type StaffMemberEntry } from '../api/staff.ts';
import { ResetDialog } from './reset-dialog.tsx';
import { SitesDialog } from './sites-dialog.tsx';
import './staff.css';

/**
 * Staff (admin): the members of the console with their two-step verification, a page at a time
 * ("Show more" follows the server's cursor), and "Reset two-step verification" behind a confirmation
 * with a required reason. Issue 17 (D121): the sites each member works for the automatic case
 * assignment ("Edit sites"; none means every site). A changed row is replaced in place and the outcome
 * announced.
 */
export function StaffPage() {
  const { t, i18n } = useTranslation();
  const me = useStaff();
  const title = t('areas.staff.title');
  useDocumentTitle(title);
  const [cursor, setCursor] = useState<string | null>(null);
  const [items, setItems] = useState<StaffMemberEntry[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const { resource, reload } = useResource(`staff:${cursor ?? ''}`, async (signal) => {
    const page = await fetchStaffPage(cursor, signal);
    if (signal.aborted) return page;
    setItems((before) => (cursor ? [...before, ...page.items] : page.items));
    setNext(page.nextCursor);
    return page;
  });
  const [resetting, setResetting] = useState<StaffMemberEntry | null>(null);
  const [editingSites, setEditingSites] = useState<StaffMemberEntry | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const nameOf = (m: StaffMemberEntry) => m.displayName || m.email;

  const columns: DataColumn<StaffMemberEntry>[] = [
    {
      label: t('staffAdmin.columns.member'),
      cell: (m) => (
        <>
          <span className="staff-name">
            {nameOf(m)}
            {m.id === me.id ? ` ${t('staffAdmin.you')}` : ''}
          </span>
          <bdi className="staff-email">{m.email}</bdi>
        </>
      ),
    },
    { label: t('staffAdmin.columns.role'), cell: (m) => t(`roles.${m.role}`) },
    {
      label: t('staffAdmin.columns.twoStep'),
      cell: (m) =>
        m.disabled ? (
          <Badge>{t('staffAdmin.disabled')}</Badge>
        ) : m.secondFactor === 'enrolled' ? (
          t('staffAdmin.enrolled')
        ) : (
          <Badge>{t('staffAdmin.notEnrolled')}</Badge>
        ),
    },
    {
      label: t('staffAdmin.columns.codes'),
      cell: (m) => (m.secondFactor === 'enrolled' ? String(m.recoveryCodesRemaining) : '—'),
    },
    {
      label: t('staffAdmin.columns.sites'),
      cell: (m) => (m.sites.length === 0 ? t('staffAdmin.sites.every') : <bdi>{m.sites.join(', ')}</bdi>),
    },
    {
      label: t('staffAdmin.columns.lastSignIn'),
      cell: (m) => (m.lastLoginAt ? formatDateTime(m.lastLoginAt, i18n.language) : t('staffAdmin.never')),
    },
    {
      label: t('staffAdmin.columns.actions'),
      cell: (m) => (
        <div className="staff-actions">
          <Button
            variant="ghost"
            onClick={() => setEditingSites(m)}
            aria-label={t('staffAdmin.sites.editFor', { name: nameOf(m) })}
          >
            {t('staffAdmin.sites.edit')}
          </Button>
          {m.secondFactor === 'enrolled' && m.id !== me.id ? (
            <Button
              variant="ghost"
              onClick={() => setResetting(m)}
              aria-label={t('staffAdmin.resetFor', { name: nameOf(m) })}
            >
              {t('staffAdmin.reset')}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <>
      <h1>{title}</h1>
      <p className="staff-intro">{t('staffAdmin.intro')}</p>
      {done ? <Alert>{done}</Alert> : null}
      {items.length > 0 ? (
        <DataTable
          caption={t('staffAdmin.tableCaption')}
          columns={columns}
          items={items}
          rowKey={(m) => m.id}
        />
      ) : null}
      <div className="staff-more" aria-live="polite">
        {resource.state === 'loading' ? <Spinner label={t('staffAdmin.loading')} /> : null}
        {resource.state === 'error' ? (
          <LoadError message={t(errorMessageKey(resource.error))} onRetry={reload} />
        ) : null}
        {resource.state === 'ready' && next ? (
          <Button variant="secondary" onClick={() => setCursor(next)}>
            {t('staffAdmin.loadMore')}
          </Button>
        ) : null}
      </div>
      {resetting ? (
        <ResetDialog
          member={resetting}
          name={nameOf(resetting)}
          onClose={() => setResetting(null)}
          onDone={(entry) => {
            setItems((list) => list.map((m) => (m.id === entry.id ? entry : m)));
            setDone(t('staffAdmin.done', { name: nameOf(entry) }));
            setResetting(null);
          }}
        />
      ) : null}
      {editingSites ? (
        <SitesDialog
          member={editingSites}
          name={nameOf(editingSites)}
          onClose={() => setEditingSites(null)}
          onDone={(entry) => {
            setItems((list) => list.map((m) => (m.id === entry.id ? entry : m)));
            setDone(t('staffAdmin.sites.done', { name: nameOf(entry) }));
            setEditingSites(null);
          }}
        />
      ) : null}
    </>
  );
}
