/**
 * The screening lists on the alerts page (issue 18, D95): each configured list with its format, entries,
 * last refresh, last change, last error (the last good copy stays in use) and its latest delta
 * re-screening; admins refresh every list now. The server checks the permission again (10005).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleCan } from '@kyc/contracts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useStaff } from '../../../lib/staff-session.tsx';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { fetchScreeningLists, refreshScreeningLists, type ScreeningList } from '../api/lists.ts';

function ListsTable({ lists }: { lists: ScreeningList[] }) {
  const { t, i18n } = useTranslation();
  const when = (ms: number | null) =>
    ms === null ? t('screeningLists.never') : formatDateTime(ms, i18n.language);
  const columns: DataColumn<ScreeningList>[] = [
    { label: t('screeningLists.columns.name'), cell: (l) => <bdi>{l.name}</bdi> },
    { label: t('screeningLists.columns.format'), cell: (l) => (l.format ? <bdi>{l.format}</bdi> : '—') },
    { label: t('screeningLists.columns.entries'), cell: (l) => l.entries.toLocaleString('en-US') },
    { label: t('screeningLists.columns.lastRefresh'), cell: (l) => when(l.lastRefreshAt) },
    { label: t('screeningLists.columns.lastChange'), cell: (l) => when(l.lastChangeAt) },
    {
      label: t('screeningLists.columns.status'),
      cell: (l) =>
        l.lastError ? (
          <span>
            {t('screeningLists.failed')} <bdi dir="ltr">{l.lastError}</bdi>
          </span>
        ) : (
          t('screeningLists.ok')
        ),
    },
    {
      label: t('screeningLists.columns.delta'),
      cell: (l) =>
        l.delta
          ? t(DELTA_TEXT[l.delta.state], {
              changed: l.delta.changed,
              removed: l.delta.removed,
              screened: l.delta.screened,
              hits: l.delta.hits,
            })
          : '—',
    },
  ];
  return (
    <DataTable caption={t('screeningLists.title')} columns={columns} items={lists} rowKey={(l) => l.name} />
  );
}

/** The latest delta's line by its state; `abandoned`: the list left SCREENING_LISTS mid-walk (D111). */
const DELTA_TEXT = {
  running: 'screeningLists.deltaRunning',
  done: 'screeningLists.deltaDone',
  abandoned: 'screeningLists.deltaAbandoned',
} as const;

export function ScreeningListsPanel() {
  const { t } = useTranslation();
  const staff = useStaff();
  const [lists, setLists] = useState<ScreeningList[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refreshed, setRefreshed] = useState(false);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setLists((await fetchScreeningLists(signal)).lists);
      } catch (failure) {
        if (!signal?.aborted) setError(t(errorMessageKey(failure)));
      }
    },
    [t],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const refresh = async () => {
    setBusy(true);
    setError(null);
    setRefreshed(false);
    try {
      setLists((await refreshScreeningLists()).lists);
      setRefreshed(true);
    } catch (failure) {
      setError(t(errorMessageKey(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="screening-lists-title">
      <h2 id="screening-lists-title">{t('screeningLists.title')}</h2>
      <p>{t('screeningLists.intro')}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {refreshed ? <Alert tone="info">{t('screeningLists.refreshed')}</Alert> : null}
      {lists === null ? null : lists.length === 0 ? (
        <p>{t('screeningLists.none')}</p>
      ) : (
        <ListsTable lists={lists} />
      )}
      {roleCan(staff.role, 'refresh_screening_lists') && lists !== null && lists.length > 0 ? (
        <Button variant="secondary" busy={busy} onClick={() => void refresh()}>
          {t('screeningLists.refresh')}
        </Button>
      ) : null}
    </section>
  );
}
