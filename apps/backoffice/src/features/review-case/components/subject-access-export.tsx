import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubjectAccessExportView } from '@kyc/contracts';
import { errorMessageKey, type ErrorMessageKey } from '../../../lib/error-message.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import {
  downloadSubjectAccessExport,
  fetchSubjectAccessExport,
  requestSubjectAccessExport,
  takeSubjectAccessLink,
} from '../api/data-export.ts';
import { ReasonDialog } from './reason-dialog.tsx';

/** How often the section asks again while the copy is being prepared. */
export const POLL_MS = 3000;
const REASON_MIN = 3;
const REASON_MAX = 1000;

type Outcome =
  | { tone: 'info'; key: 'subjectAccess.requested' | 'subjectAccess.downloadedNow' }
  | { tone: 'error'; key: ErrorMessageKey }
  | null;

/**
 * The person's copy of their data for a subject access request (issue 20, docs/data-export.md "The back
 * office"), shown to staff with `export_subject_data`: the reason asked in a dialog, the copy prepared by
 * the server's job (polled), downloaded once. The server audits the request, the link and the download.
 */
export function SubjectAccessExportSection({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation();
  const [current, setCurrent] = useState<SubjectAccessExportView | null | undefined>(undefined);
  const [loadFailed, setLoadFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  const load = useCallback(async () => {
    try {
      setCurrent((await fetchSubjectAccessExport(userId)).export);
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }, [userId]);
  useEffect(() => {
    void load();
  }, [load]);

  const preparing = current?.status === 'pending' || current?.status === 'building';
  useEffect(() => {
    if (!preparing) return;
    const timer = setTimeout(() => void load(), POLL_MS);
    return () => clearTimeout(timer);
  }, [preparing, current, load]);

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const when = (ms: number | null) => (ms === null ? '' : formatDateTime(ms, i18n.language));

  async function submit() {
    if (busy) return;
    const value = reason.trim();
    if (value.length < REASON_MIN) {
      setReasonError(t('subjectAccess.reasonRequired'));
      return;
    }
    setBusy(true);
    try {
      setCurrent(await requestSubjectAccessExport(userId, value));
      setOpen(false);
      setReason('');
      setReasonError(undefined);
      setOutcome({ tone: 'info', key: 'subjectAccess.requested' });
    } catch (failure) {
      setOpen(false);
      setOutcome({ tone: 'error', key: errorMessageKey(failure) });
    } finally {
      setBusy(false);
    }
  }

  async function download(exportId: number) {
    if (busy) return;
    setBusy(true);
    setOutcome(null);
    try {
      const link = await takeSubjectAccessLink(exportId);
      await downloadSubjectAccessExport(link.url);
      setOutcome({ tone: 'info', key: 'subjectAccess.downloadedNow' });
    } catch (failure) {
      setOutcome({ tone: 'error', key: errorMessageKey(failure) });
    } finally {
      setBusy(false);
      await load();
    }
  }

  const mayRequest = current === null || (current !== undefined && !preparing && current.status !== 'ready');
  return (
    <Card as="section" aria-labelledby="case-subject-access-heading">
      <h2 id="case-subject-access-heading">{t('subjectAccess.heading')}</h2>
      <p>{t('subjectAccess.intro')}</p>
      <div ref={outcomeRef} tabIndex={-1}>
        {outcome?.tone === 'info' ? <Alert>{t(outcome.key)}</Alert> : null}
        {outcome?.tone === 'error' ? <Alert tone="error">{t(outcome.key)}</Alert> : null}
      </div>
      {loadFailed ? (
        <Alert tone="error">
          <p>{t('subjectAccess.loadError')}</p>
          <Button variant="secondary" onClick={() => void load()}>
            {t('subjectAccess.retry')}
          </Button>
        </Alert>
      ) : null}
      {current ? (
        <div className="case-subject-access__current">
          <p>
            {preparing
              ? t('subjectAccess.preparing', {
                  date: when(current.requestedAt),
                  name: current.requestedBy?.name ?? '',
                })
              : current.status === 'ready'
                ? t('subjectAccess.ready', { date: when(current.expiresAt) })
                : current.status === 'downloaded'
                  ? t('subjectAccess.downloaded', { date: when(current.downloadedAt) })
                  : current.status === 'expired'
                    ? t('subjectAccess.expired', { date: when(current.expiresAt) })
                    : t('subjectAccess.failed')}
          </p>
          <p className="case-subject-access__reason">
            {t('subjectAccess.reasonShown', { reason: current.reason })}
          </p>
          {current.status === 'ready' ? (
            <Button busy={busy} onClick={() => void download(current.id)}>
              {t('subjectAccess.download')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {mayRequest ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              setOutcome(null);
              setOpen(true);
            }}
          >
            {t('subjectAccess.open')}
          </Button>
        </div>
      ) : null}
      {open ? (
        <ReasonDialog
          title={t('subjectAccess.dialogTitle')}
          label={t('subjectAccess.reason')}
          hint={t('subjectAccess.reasonHint')}
          reason={reason}
          onReasonChange={setReason}
          maxLength={REASON_MAX}
          error={reasonError}
          submitLabel={t('subjectAccess.submit')}
          cancelLabel={t('subjectAccess.cancel')}
          busy={busy}
          onSubmit={() => void submit()}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </Card>
  );
}
